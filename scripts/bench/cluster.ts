/**
 * `--instances N`: N app processes on one PostgreSQL database and Redis, behind HAProxy (scripts/lib/haproxy.ts), as
 * a deployment runs them; the scenarios talk to the balancer. On this machine the instances, HAProxy, PostgreSQL and
 * the load generator share the same cores, so the point is that throughput holds as instances are added.
 */
import { mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { freePort } from '../lib/free-port';
import { startBalancer } from '../lib/haproxy';
import type { BenchDatabase } from './database';
import { startBenchServer, type BenchServer, type BenchServerOptions } from './server';

const REDIS_URL = process.env.BENCH_REDIS_URL?.trim() || 'redis://127.0.0.1:6379';

export async function startBenchCluster(database: BenchDatabase, options: BenchServerOptions, instances: number): Promise<BenchServer> {
  const folder = mkdtempSync(path.join(os.tmpdir(), 'equip-bench-cluster-'));
  const env = {
    INSTANCES: String(instances),
    REDIS_URL,
    REDIS_KEY_PREFIX: `equip-bench-${path.basename(folder)}:`,
    // One machine, one DATA_DIR: the local drive's files are shared by every instance.
    DATA_DIR_SHARED: 'true',
  };
  const starting = Array.from({ length: instances }, () => startBenchServer(database, { ...options, env: { ...options.env, ...env } }));
  const servers: BenchServer[] = [];
  const stopServers = async () => {
    await Promise.all(servers.map((server) => server.stop()));
    rmSync(folder, { recursive: true, force: true });
  };
  try {
    for (const result of await Promise.allSettled(starting)) if (result.status === 'fulfilled') servers.push(result.value);
    if (servers.length < instances) throw new Error(`${instances - servers.length} of ${instances} instances did not start`);
    const backends = servers.map((server, n) => ({ name: `i${n + 1}`, port: Number(new URL(server.address).port) }));
    const balancer = await startBalancer(folder, await freePort(), await freePort(), backends);
    await balancer.waitForServersUp(backends.map((backend) => backend.name)).catch(async (error: unknown) => {
      await balancer.close();
      throw error;
    });
    return {
      address: balancer.url,
      async stop() {
        await balancer.close();
        await stopServers();
      },
    };
  } catch (error) {
    await stopServers();
    throw error;
  }
}
