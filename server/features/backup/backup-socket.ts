/**
 * How `npm run backup` reaches a running app on the embedded database: PGlite belongs to the one process that opened
 * it, so that process takes the backup. It listens on a Unix socket in DATA_DIR (readable by the data folder's owner
 * only: whoever may read the data may copy it); a line of JSON asks for a backup into a folder, a line answers.
 */
import { chmod, rm } from 'node:fs/promises';
import { createConnection, createServer, type Server, type Socket } from 'node:net';
import path from 'node:path';
import type { FastifyBaseLogger } from 'fastify';
import { writeBackup, type BackupManifest, type BackupSources } from './backup';

const SOCKET_FILE = 'backup.sock';

export const backupSocketPath = (dataDir: string) => path.join(path.resolve(dataDir), SOCKET_FILE);

type Answer = { ok: true; manifest: BackupManifest } | { ok: false; error: string };

/** Serves backups on `socketPath` until the returned function closes it. */
export async function listenForBackups(
  socketPath: string,
  sources: BackupSources,
  log: Pick<FastifyBaseLogger, 'info' | 'error'>,
): Promise<() => Promise<void>> {
  if (await answersAt(socketPath)) throw new Error(`another process serves backups of this data folder (${socketPath})`);
  await rm(socketPath, { force: true });
  // One backup at a time: a second asks while the first is written, and waits.
  let running: Promise<unknown> = Promise.resolve();
  const server: Server = createServer((socket) => {
    readLine(socket, (line) => {
      const job = running.then(async (): Promise<Answer> => {
        try {
          const { into } = JSON.parse(line) as { into?: unknown };
          if (typeof into !== 'string' || !path.isAbsolute(into)) return { ok: false, error: 'send {"into": "/absolute/folder"}' };
          const manifest = await writeBackup(sources, into);
          log.info({ into, bytes: manifest.databaseBytes, files: manifest.files }, 'backup written');
          return { ok: true, manifest };
        } catch (error) {
          log.error({ err: error }, 'backup failed');
          return { ok: false, error: error instanceof Error ? error.message : String(error) };
        }
      });
      running = job;
      void job.then((answer) => socket.end(`${JSON.stringify(answer)}\n`));
    });
  });
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(socketPath, resolve);
  });
  await chmod(socketPath, 0o600);
  return async () => {
    await new Promise<void>((resolve) => server.close(() => resolve()));
    await rm(socketPath, { force: true });
  };
}

/** Asks the app serving `socketPath` for a backup into `into`; null when no app listens there. */
export async function requestBackup(socketPath: string, into: string): Promise<BackupManifest | null> {
  const socket = await connected(socketPath);
  if (!socket) return null;
  socket.write(`${JSON.stringify({ into })}\n`);
  const answer = await new Promise<Answer>((resolve, reject) => {
    readLine(socket, (line) => resolve(JSON.parse(line) as Answer));
    socket.once('error', reject);
    socket.once('close', () => reject(new Error('the app closed the backup socket without answering')));
  });
  if (!answer.ok) throw new Error(answer.error);
  return answer.manifest;
}

/** Whether a running app serves backups at `socketPath`: one already has this data folder's database open. */
export async function answersAt(socketPath: string): Promise<boolean> {
  const socket = await connected(socketPath);
  socket?.destroy();
  return socket !== null;
}

function connected(socketPath: string): Promise<Socket | null> {
  return new Promise((resolve) => {
    const socket = createConnection(socketPath);
    socket.once('connect', () => resolve(socket));
    socket.once('error', () => resolve(null));
  });
}

/** Calls `onLine` once, with the first line the socket sends. */
function readLine(socket: Socket, onLine: (line: string) => void): void {
  let buffered = '';
  const onData = (chunk: Buffer) => {
    buffered += chunk.toString('utf8');
    const end = buffered.indexOf('\n');
    if (end === -1) return;
    socket.off('data', onData);
    onLine(buffered.slice(0, end));
  };
  socket.on('data', onData);
}
