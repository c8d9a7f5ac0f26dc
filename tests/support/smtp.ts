import type { AddressInfo } from 'node:net';
import { SMTPServer } from 'smtp-server';
import { afterAll, beforeAll } from 'vitest';

export interface ReceivedMail {
  from: string;
  to: string[];
  /** The raw RFC 5322 message as it arrived. */
  raw: string;
}

export interface TestSmtpServer {
  url: string;
  received: ReceivedMail[];
  /** Resolves with the next message that arrives (or one already waiting beyond `alreadySeen`). */
  nextMessage(alreadySeen?: number, timeoutMs?: number): Promise<ReceivedMail>;
  close(): Promise<void>;
}

/** A real SMTP server on 127.0.0.1 that keeps every message it accepts. */
export async function startSmtpServer(): Promise<TestSmtpServer> {
  const received: ReceivedMail[] = [];
  const waiting = new Set<() => void>();
  const server = new SMTPServer({
    authOptional: true,
    disabledCommands: ['STARTTLS', 'AUTH'],
    logger: false,
    onData(stream, session, callback) {
      const chunks: Buffer[] = [];
      stream.on('data', (chunk: Buffer) => chunks.push(chunk));
      stream.on('end', () => {
        received.push({
          from: session.envelope.mailFrom ? session.envelope.mailFrom.address : '',
          to: session.envelope.rcptTo.map((r) => r.address),
          raw: Buffer.concat(chunks).toString('utf8'),
        });
        for (const wake of waiting) wake();
        callback();
      });
    },
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', () => resolve()));
  const { port } = server.server.address() as AddressInfo;

  return {
    url: `smtp://127.0.0.1:${port}`,
    received,
    nextMessage(alreadySeen = received.length, timeoutMs = 5_000) {
      return new Promise((resolve, reject) => {
        const check = () => {
          if (received.length <= alreadySeen) return;
          waiting.delete(check);
          clearTimeout(timer);
          resolve(received[alreadySeen]);
        };
        const timer = setTimeout(() => {
          waiting.delete(check);
          reject(new Error('no e-mail arrived'));
        }, timeoutMs);
        waiting.add(check);
        check();
      });
    },
    close: () => new Promise((resolve) => server.close(() => resolve())),
  };
}

/** Starts the server for one test file; `env.SMTP_URL` is set before the app is built (register this first). */
export function useSmtpServer(env: Record<string, string>): { server: TestSmtpServer } {
  const context = {} as { server: TestSmtpServer };
  beforeAll(async () => {
    context.server = await startSmtpServer();
    env.SMTP_URL = context.server.url;
  });
  afterAll(async () => context.server?.close());
  return context;
}

/** The message body with quoted-printable soft line breaks and escapes undone. */
export function decodedBody(raw: string): string {
  return raw.replace(/=\r?\n/g, '').replace(/=([0-9A-F]{2})/g, (_, hex: string) => String.fromCharCode(parseInt(hex, 16)));
}
