/**
 * HAProxy from Debian's packages in front of several Equip instances on loopback, for the cluster tests and the
 * bench (the README's "Several instances" shows the same settings for a deployment): round robin, no sticky
 * sessions, health checks on /readyz, and retries only where the request cannot have been written: a refused
 * connection, and a 503 to a read. A request an instance was working on when it died is not retried.
 */
import { spawn, spawnSync, type ChildProcess } from 'node:child_process';
import { writeFileSync } from 'node:fs';
import path from 'node:path';
import { stopChild } from './child-process';

export interface Backend {
  name: string;
  port: number;
}

export interface Balancer {
  url: string;
  /** The backends HAProxy's own health checks see up. */
  serversUp(): Promise<string[]>;
  /** Resolves when exactly these backends are up (the others down). */
  waitForServersUp(names: string[], timeoutMs?: number): Promise<void>;
  close(): Promise<void>;
}

function configuration(port: number, statsPort: number, backends: Backend[]): string {
  return `global
  maxconn 4096

defaults
  mode http
  timeout connect 1s
  timeout client 60s
  timeout server 60s
  option http-buffer-request
  retries 3
  retry-on conn-failure 503
  option redispatch 1

frontend equip
  bind 127.0.0.1:${port}
  # The client's own X-Forwarded-For is replaced: with TRUST_PROXY=1 Equip believes the last hop only.
  http-request set-header X-Forwarded-For %[src]
  # A POST answered 503 may have been written before the database went away: only reads are sent again.
  http-request disable-l7-retry if !METH_GET !METH_HEAD
  http-response set-header X-Served-By %[srv_name]
  default_backend instances

frontend stats
  bind 127.0.0.1:${statsPort}
  stats enable
  stats uri /stats

backend instances
  balance roundrobin
  option httpchk
  http-check send meth GET uri /readyz
  http-check expect status 200
  # A check may take longer than its interval: a busy instance answers /readyz late but is not down (it would be
  # taken out with every other busy one). A stopped one refuses the connection, a stopping one answers 503 at once.
  timeout check 3s
  default-server inter 250ms fastinter 100ms downinter 250ms fall 2 rise 2
${backends.map(({ name, port: backendPort }) => `  server ${name} 127.0.0.1:${backendPort} check`).join('\n')}
`;
}

export async function startBalancer(folder: string, port: number, statsPort: number, backends: Backend[]): Promise<Balancer> {
  const file = path.join(folder, 'haproxy.cfg');
  writeFileSync(file, configuration(port, statsPort, backends));
  const check = spawnSync('haproxy', ['-c', '-q', '-f', file], { encoding: 'utf8' });
  if (check.status !== 0) throw new Error(`haproxy refused its configuration:\n${check.stderr}`);
  let output = '';
  const process_: ChildProcess = spawn('haproxy', ['-db', '-f', file]);
  process_.stdout!.on('data', (chunk: Buffer) => (output += chunk.toString()));
  process_.stderr!.on('data', (chunk: Buffer) => (output += chunk.toString()));

  async function serversUp(): Promise<string[]> {
    const response = await fetch(`http://127.0.0.1:${statsPort}/stats;csv`).catch(() => null);
    if (!response?.ok) return [];
    const [header, ...rows] = (await response.text())
      .trim()
      .split('\n')
      .map((line) => line.split(','));
    const column = (name: string) => header!.findIndex((cell) => cell.replace(/^# /, '') === name);
    const [proxy, server, status] = [column('pxname'), column('svname'), column('status')];
    return rows.filter((row) => row[proxy] === 'instances' && row[server] !== 'BACKEND' && row[status] === 'UP').map((row) => row[server]!);
  }

  return {
    url: `http://127.0.0.1:${port}`,
    serversUp,
    async waitForServersUp(names, timeoutMs = 30_000) {
      const wanted = [...names].sort().join(',');
      const deadline = Date.now() + timeoutMs;
      for (;;) {
        const up = (await serversUp()).sort().join(',');
        if (up === wanted) return;
        if (process_.exitCode !== null) throw new Error(`haproxy exited (${process_.exitCode}):\n${output}`);
        if (Date.now() > deadline) throw new Error(`haproxy sees [${up}] up, not [${wanted}], after ${timeoutMs} ms:\n${output}`);
        await new Promise((resolve) => setTimeout(resolve, 100));
      }
    },
    async close() {
      await stopChild(process_);
    },
  };
}
