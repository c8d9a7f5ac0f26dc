/**
 * The process survives its database restarting. One production instance on a PostgreSQL server of the test's own
 * (never the shared one) serves people reading, commenting, editing items, uploading files and running batch edits,
 * while the server is restarted (`pg_ctl -m fast restart`) 20 times and has every connection terminated
 * (`pg_terminate_backend`) 20 times. After every round the process is alive and answers 200 again within 2 s of the
 * server accepting connections; an answer is either right or a 503, never a 500 or a refused CSRF token; every
 * acknowledged write is in the database, and nothing is half-applied (a batch changed all of its items or none, an
 * uploaded file's content row points at a file the drive has).
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startCluster, type Cluster } from './support/cluster';
import type { Browser } from './support/browser';
import { startOwnPostgres, type OwnPostgres } from '../support/own-postgres';

const ROUNDS = { restart: 20, terminate: 20 };
const RECOVERY_LIMIT_MS = 2000;
const BATCH_ITEMS = 60;

let server: OwnPostgres;
let cluster: Cluster;

beforeAll(async () => {
  server = await startOwnPostgres();
  cluster = await startCluster({
    instances: 1,
    postgresServerUrl: server.serverUrl,
    env: { RATE_LIMIT_UPLOAD_MAX: '100000', PERIODIC_JOBS_INTERVAL_SECONDS: '1' },
  });
});

afterAll(async () => {
  await cluster?.close();
  await server?.stop();
});

type Kind = 'read' | 'comment' | 'edit' | 'upload' | 'batch';
/** The answer that means done: a page, or the redirect back after a change (the batch edit answers JSON). */
const DONE: Record<Kind, number> = { read: 200, comment: 303, edit: 303, upload: 303, batch: 200 };

interface Workload {
  /** Answers other than the right one or a 503, and requests that got no answer. */
  failures: string[];
  /** How many of each kind were acknowledged, by round of faults. */
  acknowledged: Record<Kind, number>;
  comments: string[];
  /** The numbers of the acknowledged blurb edits, in order. */
  edits: number[];
  uploads: string[];
  batches: { id: string; changed: number }[];
  /** Whether a batch edit is waiting for its answer now. */
  batchInFlight: boolean;
  stop(): Promise<void>;
}

async function rows<T>(text: string, values: unknown[] = []): Promise<T[]> {
  return (await cluster.database.query(text, values)).rows as T[];
}

function startWorkload(people: { reader: Browser; commenter: Browser; editor: Browser; uploader: Browser; batcher: Browser }, refs: ItemRefs): Workload {
  let stopped = false;
  const load: Workload = {
    failures: [],
    acknowledged: { read: 0, comment: 0, edit: 0, upload: 0, batch: 0 },
    comments: [],
    edits: [],
    uploads: [],
    batches: [],
    batchInFlight: false,
    stop: async () => {
      stopped = true;
      await running;
    },
  };
  const attempt = async (kind: Kind, description: string, request: () => Promise<{ status: number; body: string }>) => {
    try {
      const answer = await request();
      if (answer.status === DONE[kind]) {
        load.acknowledged[kind] += 1;
        return answer;
      }
      if (answer.status !== 503) load.failures.push(`${description}: ${answer.status} ${answer.body.slice(0, 200)}`);
    } catch (error) {
      load.failures.push(`${description}: ${(error as Error).message}`);
    }
    return null;
  };
  const loop = async (work: (n: number) => Promise<void>) => {
    for (let n = 0; !stopped; n += 1) await work(n);
  };
  const running = Promise.all([
    loop(async (n) => {
      await attempt('read', `GET /item page ${(n % 3) + 1}`, () => people.reader.visit(`/item?page=${(n % 3) + 1}`));
    }),
    loop(async (n) => {
      const comment = `Fault comment ${n}, written while the database restarts.`;
      const path = `/i/${refs.commented}`;
      if (await attempt('comment', `POST comment ${n}`, () => people.commenter.send('POST', `${path}/comment`, { comment }, path))) load.comments.push(comment);
    }),
    loop(async (n) => {
      const path = `/i/${refs.edited}`;
      if (await attempt('edit', `PATCH blurb ${n}`, () => people.editor.send('PATCH', path, { blurb: `Edited ${n}` }, path))) load.edits.push(n);
    }),
    loop(async (n) => {
      const name = `Fault upload ${n}.txt`;
      const path = `/i/${refs.uploaded}`;
      const upload = () => people.uploader.upload(`${path}/content/upload`, 'fileUpload', [{ name, type: 'text/plain', content: `Upload ${n}\n` }], path);
      if (await attempt('upload', `upload ${n}`, upload)) load.uploads.push(name);
    }),
    loop(async (n) => {
      const reviewAfter = new Date(Date.UTC(2030, 0, 1 + n)).toISOString().slice(0, 10);
      const body = { refs: refs.batch, action: { kind: 'set', field: 'review_after', value: reviewAfter } };
      load.batchInFlight = true;
      const answer = await attempt('batch', `batch ${n}`, () => people.batcher.sendJson('POST', '/batch-edit', body)).finally(
        () => (load.batchInFlight = false),
      );
      if (answer) {
        const result = JSON.parse(answer.body) as { batch: string | null; changed: number };
        load.batches.push({ id: result.batch ?? 'none', changed: result.changed });
      }
    }),
  ]).then(() => undefined);
  return load;
}

interface ItemRefs {
  commented: string;
  edited: string;
  uploaded: string;
  batch: string[];
}

async function itemRefs(): Promise<ItemRefs> {
  const refsOf = async (condition: string) => (await rows<{ ref: string }>(`select ref from items where ${condition} order by id`)).map((row) => row.ref);
  const [commented, edited, uploaded] = await refsOf(`visibility = 50 and minimum_access_level = 0 and expires_at is null`);
  const batch = (await refsOf('true')).filter((ref) => ![commented, edited, uploaded].includes(ref)).slice(0, BATCH_ITEMS);
  expect(batch).toHaveLength(BATCH_ITEMS);
  return { commented: commented!, edited: edited!, uploaded: uploaded!, batch };
}

/** Resolves once `condition` holds, checking every 20 ms; fails with `what` after `ms`. */
async function until(condition: () => boolean, what: () => string, ms = 60_000): Promise<void> {
  const deadline = Date.now() + ms;
  while (!condition()) {
    if (Date.now() > deadline) throw new Error(`gave up waiting for ${what()}`);
    await new Promise((resolve) => setTimeout(resolve, 20));
  }
}

/** Milliseconds from now until the instance answers a signed-in page with 200. */
async function timeUntilAnswering(browser: Browser): Promise<number> {
  const started = performance.now();
  const instance = cluster.instances[0]!;
  for (;;) {
    if (!instance.running()) throw new Error(`the instance stopped:\n${instance.output().slice(-3000)}`);
    const answer = await browser.visit('/collection').catch(() => null);
    if (answer?.status === 200) return performance.now() - started;
    if (performance.now() - started > 30_000) throw new Error(`no 200 within 30 s of the database coming back: ${answer?.status}`);
    await new Promise((resolve) => setTimeout(resolve, 10));
  }
}

describe('one instance while its PostgreSQL server restarts and drops connections', () => {
  it('stays up, answers 200 within 2 s of the database accepting connections, and loses or half-applies nothing', async () => {
    const instance = cluster.instances[0]!;
    const signedIn = async (email: string) => (await cluster.signIn(email)).at(instance.url);
    // One at a time: the OpenID Connect provider signs in whoever was named last.
    const people: Browser[] = [];
    for (const email of ['member', 'leader', 'admin', 'admin', 'admin', 'staff']) people.push(await signedIn(`${email}@example.org`));
    const [reader, commenter, editor, uploader, batcher, prober] = people;
    const refs = await itemRefs();
    const load = startWorkload({ reader: reader!, commenter: commenter!, editor: editor!, uploader: uploader!, batcher: batcher! }, refs);
    const recoveries: { fault: string; ms: number }[] = [];
    const faults = [
      ...Array.from({ length: ROUNDS.restart }, (_, n) => ({ name: `restart ${n + 1}`, run: () => server.restart() })),
      ...Array.from({ length: ROUNDS.terminate }, (_, n) => ({
        name: `terminate ${n + 1}`,
        run: async () => void (await server.terminateConnections(cluster.databaseName)),
      })),
    ];
    try {
      for (const fault of faults) {
        // Every kind of write has been acknowledged since the last fault, and a batch edit is under way.
        const before = { ...load.acknowledged };
        await until(
          () => (Object.keys(before) as Kind[]).every((kind) => load.acknowledged[kind] > before[kind]),
          () => `writes before ${fault.name}: ${JSON.stringify({ before, now: load.acknowledged, failures: load.failures.slice(0, 5) })}`,
        );
        await until(
          () => load.batchInFlight,
          () => `a batch edit in progress before ${fault.name}`,
        );
        await fault.run();
        recoveries.push({ fault: fault.name, ms: await timeUntilAnswering(prober!) });
        expect(instance.running(), `the process is alive after ${fault.name}\n${instance.output().slice(-3000)}`).toBe(true);
      }
      // Every kind of write is acknowledged again after the last fault, before the load stops.
      const afterLast = { ...load.acknowledged };
      await until(
        () => (Object.keys(afterLast) as Kind[]).every((kind) => load.acknowledged[kind] > afterLast[kind]),
        () => `writes after the last fault: ${JSON.stringify({ afterLast, now: load.acknowledged, failures: load.failures.slice(0, 5) })}`,
      );
    } finally {
      await load.stop();
    }
    expect(load.failures).toEqual([]);
    const slowest = recoveries.reduce((a, b) => (b.ms > a.ms ? b : a));
    console.log(`recoveries: median ${median(recoveries.map((r) => r.ms)).toFixed(0)} ms, slowest ${slowest.ms.toFixed(0)} ms (${slowest.fault})`);
    expect(recoveries.filter((recovery) => recovery.ms > RECOVERY_LIMIT_MS)).toEqual([]);

    const storedComments = new Set(
      (await rows<{ comment: string }>(`select comment from comments where comment like 'Fault comment %'`)).map((r) => r.comment),
    );
    expect(load.comments.filter((comment) => !storedComments.has(comment))).toEqual([]);

    const [edited] = await rows<{ blurb: string }>(`select blurb from items where ref = $1`, [refs.edited]);
    expect(Number(edited!.blurb.replace('Edited ', '')), 'the blurb is the last acknowledged edit or a later one').toBeGreaterThanOrEqual(load.edits.at(-1)!);

    const uploads = await rows<{ label: string; file: string | null }>(
      `select c.label, c.google_drive_file_id as file from contents c join items i on i.id = c.item_id where i.ref = $1 and c.label like 'Fault upload %'`,
      [refs.uploaded],
    );
    const uploadedLabels = new Set(uploads.map((row) => row.label));
    expect(load.uploads.filter((name) => !uploadedLabels.has(name.replace(/\.txt$/, '')))).toEqual([]);
    const missingFiles = uploads.filter((row) => {
      const file = row.file ? cluster.drive.file(row.file) : undefined;
      return !file || file.trashed;
    });
    expect(missingFiles, 'every content row of an upload points at a file the drive has').toEqual([]);

    const batchRows = await rows<{ batch: string; items: number }>(
      `select batch_id as batch, count(distinct subject_id)::int as items from change_history where kind = 'item' and batch_id is not null group by batch_id`,
    );
    expect(
      batchRows.filter((row) => row.items !== BATCH_ITEMS),
      'every batch changed all of its items or none',
    ).toEqual([]);
    const storedBatches = new Set(batchRows.map((row) => row.batch));
    expect(load.batches.filter((batch) => batch.changed !== BATCH_ITEMS || !storedBatches.has(batch.id))).toEqual([]);

    for (const kind of Object.keys(DONE) as Kind[]) expect(load.acknowledged[kind], kind).toBeGreaterThan(ROUNDS.restart + ROUNDS.terminate);
    expect(instance.output()).not.toContain('shutting down after an error');
  });
});

function median(values: number[]): number {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.floor(sorted.length / 2)]!;
}
