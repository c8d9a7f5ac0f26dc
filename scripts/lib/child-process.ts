import type { ChildProcess } from 'node:child_process';

export interface AnswerWait {
  /** Gives up after this long (default 90 s). */
  timeoutMs?: number;
  /** What the process printed, for the error when it never answers. */
  output?: () => string;
}

/** Resolves with the first 200 from `url`; fails when the process exits first or after the time limit. */
export async function waitForAnswer(url: string, child: ChildProcess, { timeoutMs = 90_000, output = () => '' }: AnswerWait = {}): Promise<Response> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    if (child.exitCode !== null) throw new Error(`The process exited (${child.exitCode}) before ${url} answered:\n${output()}`);
    const response = await fetch(url).catch(() => null);
    if (response?.status === 200) return response;
    if (Date.now() > deadline) throw new Error(`${url} did not answer 200 within ${timeoutMs / 1000} s:\n${output()}`);
    await new Promise((resolve) => setTimeout(resolve, 250));
  }
}

/** Sends `signal` and resolves with the exit code once the process has exited (at once when it already has). */
export function stopChild(child: ChildProcess, signal: NodeJS.Signals = 'SIGTERM'): Promise<number | null> {
  if (child.exitCode !== null || child.signalCode !== null) return Promise.resolve(child.exitCode);
  return new Promise((resolve) => {
    child.once('exit', (code) => resolve(code));
    child.kill(signal);
  });
}
