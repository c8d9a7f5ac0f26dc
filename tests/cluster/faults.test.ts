/**
 * Faults under load (issue 17): people keep reading and commenting through the balancer while each instance is
 * restarted in turn (a rolling deploy: SIGTERM, drain, start again), and while one instance is killed outright. A
 * comment is acknowledged when its answer (303) arrived; every acknowledged comment must be in the database.
 */
import { describe, expect, it } from 'vitest';
import { useCluster } from './support/cluster';
import type { Browser } from './support/browser';

// A stopping instance leaves the rotation first: HAProxy checks every 250 ms and takes it out after 2 failures.
const cluster = useCluster({ instances: 3, env: { SHUTDOWN_DRAIN_SECONDS: '2' } });
const PEOPLE = ['leader@example.org', 'staff@example.org', 'team@example.org', 'affiliate@example.org'];

interface LoadReport {
  requests: number;
  /** Answers other than the right one (200 to a read, 303 to a comment), and requests that got no answer at all. */
  failures: string[];
  acknowledged: string[];
}

/** Each person reads a list page and posts a comment, over and over, until stopped. */
function startLoad(browsers: Browser[], itemRef: string, label: string) {
  let stopped = false;
  const report: LoadReport = { requests: 0, failures: [], acknowledged: [] };
  const attempt = async (description: string, expected: number, request: () => Promise<{ status: number }>) => {
    report.requests += 1;
    try {
      const { status } = await request();
      if (status !== expected) report.failures.push(`${description}: ${status}`);
      return status;
    } catch (error) {
      report.failures.push(`${description}: ${(error as Error).message}`);
      return null;
    }
  };
  const worker = async (browser: Browser, person: number) => {
    for (let n = 0; !stopped; n += 1) {
      await attempt(`GET /item page ${(n % 4) + 1}`, 200, () => browser.visit(`/item?page=${(n % 4) + 1}`));
      const comment = `${label} comment ${person}-${n}, written under load.`;
      const status = await attempt(`POST comment ${person}-${n}`, 303, () => browser.send('POST', `/i/${itemRef}/comment`, { comment }, `/i/${itemRef}`));
      if (status === 303) report.acknowledged.push(comment);
    }
  };
  const running = Promise.all(browsers.map((browser, person) => worker(browser, person)));
  return {
    async stop(): Promise<LoadReport> {
      stopped = true;
      await running;
      return report;
    },
  };
}

async function commentsStored(label: string): Promise<Set<string>> {
  const { rows } = await cluster.database.query<{ comment: string }>(`select comment from comments where comment like $1`, [`${label} comment %`]);
  return new Set(rows.map((row) => row.comment));
}

async function publicItemRef(): Promise<string> {
  const { rows } = await cluster.database.query<{ ref: string }>(
    `select ref from items where visibility = 50 and minimum_access_level = 0 and expires_at is null order by id limit 1`,
  );
  return rows[0]!.ref;
}

const pause = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));
const names = () => cluster.instances.map((instance) => instance.name);

describe('faults under load, three instances behind HAProxy', () => {
  it('loses no request and no acknowledged write in a rolling restart', async () => {
    const browsers = await Promise.all(PEOPLE.map((email) => cluster.signIn(email)));
    const load = startLoad(browsers, await publicItemRef(), 'Rolling');
    await pause(500);
    for (const instance of cluster.instances) {
      expect(await instance.stop(), `${instance.name} exits 0 after draining`).toBe(0);
      await cluster.balancer.waitForServersUp(names().filter((name) => name !== instance.name));
      await instance.start();
      await cluster.balancer.waitForServersUp(names());
      await pause(300);
    }
    const report = await load.stop();
    expect(report.failures).toEqual([]);
    expect(report.acknowledged.length).toBeGreaterThan(20);
    const stored = await commentsStored('Rolling');
    expect(report.acknowledged.filter((comment) => !stored.has(comment))).toEqual([]);
  });

  it('loses at most the requests in flight on an instance killed with SIGKILL, and no acknowledged write', async () => {
    const browsers = await Promise.all(PEOPLE.map((email) => cluster.signIn(email)));
    const load = startLoad(browsers, await publicItemRef(), 'Killed');
    await pause(1000);
    const victim = cluster.instances[1]!;
    await victim.kill();
    await cluster.balancer.waitForServersUp(names().filter((name) => name !== victim.name));
    await pause(1000);
    await victim.start();
    await cluster.balancer.waitForServersUp(names());
    await pause(500);
    const report = await load.stop();
    // One request per person can have been in flight on the killed instance.
    expect(report.failures.length).toBeLessThanOrEqual(PEOPLE.length);
    expect(report.requests - report.failures.length).toBeGreaterThan(40);
    const stored = await commentsStored('Killed');
    expect(report.acknowledged.filter((comment) => !stored.has(comment))).toEqual([]);
  });
});
