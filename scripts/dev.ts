/**
 * `npm run dev`: Vite's dev server (hot reload) beside the Fastify server, which is restarted
 * by tsx watch when server code changes. Pages come from Vite while this runs.
 */
import { spawn, type ChildProcess } from 'node:child_process';

const vitePort = process.env.VITE_PORT ?? '5173';
const devServerUrl = `http://localhost:${vitePort}`;
const children: ChildProcess[] = [];

function run(command: string, args: string[], env: NodeJS.ProcessEnv = {}) {
  const child = spawn(command, args, { stdio: 'inherit', env: { ...process.env, ...env } });
  child.on('exit', (code) => shutdown(code ?? 0));
  children.push(child);
}

function shutdown(code: number) {
  for (const child of children) if (child.exitCode === null) child.kill('SIGTERM');
  process.exit(code);
}

process.on('SIGINT', () => shutdown(0));
process.on('SIGTERM', () => shutdown(0));

run('npx', ['vite', '--port', vitePort, '--strictPort']);
run('npx', ['tsx', 'watch', '--clear-screen=false', 'server/main.ts'], { VITE_DEV_SERVER_URL: devServerUrl });
