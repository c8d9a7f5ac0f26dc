/**
 * Writers behind a long write: members comment, affirm and share at a steady rate, first alone, then while (a) a
 * transaction holds a mail row for 2 s at a time, as a slow mail server holds the outbox's, (b) an admin's batch edit
 * changes 10,000 items (a tag added, then removed, again and again, a chunk per request as the dialog sends it), and
 * both. What members feel is the latency of their own writes: each phase's p95 against the p95 alone (the target:
 * within 1.5×).
 */
import { performance } from 'node:perf_hooks';
import pg from 'pg';
import { BATCH_CHUNK, BATCH_EDIT_URL, BATCH_MAX_ITEMS } from '../../shared/batch-edit';
import { signInAs, xsrfTokenOf } from './session';

export const WRITERS_SCENARIO_NAME = 'writers behind a batch edit and a held mail row';
/** The members who write, each signed in once: people who may comment, affirm and share at level 1. */
const MEMBERS = ['leader@example.org', 'staff@example.org', 'team@example.org'];
const BATCH_ADMIN = 'admin@example.org';
/** How long a held mail row is held, and the pause before it is taken again. */
const MAIL_HOLD_MS = 2000;
const MAIL_PAUSE_MS = 200;
/** Writes in flight at most: past that the server is behind, and the bench waits rather than piling on. */
const MAX_IN_FLIGHT = 64;

export interface WritersSetup {
  address: string;
  databaseUrl: string | null;
  /** Items every member may open, to comment on, affirm and share. */
  itemRefs: string[];
  /** Up to 10,000 items for the batch edit, and a tag to add and remove. */
  batchRefs: string[];
  batchTagRef: string;
  affirmationRef: string;
  writesPerSecond: number;
  seconds: number;
}

export interface WritersPhase {
  label: string;
  writes: number;
  failed: number;
  p50: number;
  p95: number;
  p99: number;
  /** What the long writes did meanwhile. */
  batchRuns: number;
  mailHolds: number;
}

interface Member {
  cookie: string;
  token: string;
}

/** The two phases, each `seconds` long: the members alone, then beside the batch edit and the held mail row. */
export async function runWritersScenario(setup: WritersSetup): Promise<WritersPhase[]> {
  const members: Member[] = [];
  for (const email of MEMBERS) {
    const cookie = await signInAs(setup.address, email);
    members.push({ cookie, token: xsrfTokenOf(cookie) });
  }
  const admin = await signInAs(setup.address, BATCH_ADMIN);
  const phases = [await measureWrites(setup, members, 'members alone', null)];
  if (setup.databaseUrl)
    phases.push(await measureWrites(setup, members, 'beside a 2 s mail hold', () => startLongWrites(setup, admin, { batch: false, mail: true })));
  phases.push(await measureWrites(setup, members, 'beside a 10,000-item batch edit', () => startLongWrites(setup, admin, { batch: true, mail: false })));
  if (setup.databaseUrl) phases.push(await measureWrites(setup, members, 'beside both', () => startLongWrites(setup, admin, { batch: true, mail: true })));
  return phases;
}

interface LongWrites {
  stop(): Promise<{ batchRuns: number; mailHolds: number }>;
}

async function measureWrites(setup: WritersSetup, members: Member[], label: string, startLong: (() => LongWrites) | null): Promise<WritersPhase> {
  const long = startLong?.() ?? null;
  const latencies: number[] = [];
  let failed = 0;
  let inFlight = 0;
  let step = 0;
  const pending = new Set<Promise<void>>();
  const started = performance.now();
  const interval = 1000 / setup.writesPerSecond;
  while (performance.now() - started < setup.seconds * 1000) {
    const due = started + step * interval;
    const wait = due - performance.now();
    if (wait > 0) await new Promise((resolve) => setTimeout(resolve, wait));
    if (inFlight >= MAX_IN_FLIGHT) {
      await Promise.race(pending);
      continue;
    }
    const write = memberWrite(setup, members, step);
    step += 1;
    inFlight += 1;
    const sent = performance.now();
    const done = fetch(`${setup.address}${write.path}`, {
      method: 'POST',
      redirect: 'manual',
      headers: { cookie: write.member.cookie, 'x-xsrf-token': write.member.token, 'content-type': 'application/json' },
      body: JSON.stringify(write.body),
    })
      .then(async (response) => {
        await response.arrayBuffer();
        if (response.status === 303) latencies.push(performance.now() - sent);
        else failed += 1;
      })
      .catch(() => {
        failed += 1;
      })
      .finally(() => {
        inFlight -= 1;
        pending.delete(done);
      });
    pending.add(done);
  }
  await Promise.all(pending);
  const longFigures = (await long?.stop()) ?? { batchRuns: 0, mailHolds: 0 };
  latencies.sort((a, b) => a - b);
  const at = (share: number) => latencies[Math.min(latencies.length - 1, Math.floor(latencies.length * share))] ?? Number.NaN;
  return { label, writes: latencies.length, failed, p50: at(0.5), p95: at(0.95), p99: at(0.99), ...longFigures };
}

/** The n-th write: a comment, an affirmation or a share, by the members in turn, on the items in turn. */
function memberWrite(setup: WritersSetup, members: Member[], n: number): { member: Member; path: string; body: Record<string, unknown> } {
  const member = members[n % members.length]!;
  const ref = setup.itemRefs[Math.floor(n / 3) % setup.itemRefs.length]!;
  switch (n % 3) {
    case 0:
      return { member, path: `/i/${ref}/comment`, body: { comment: `Written by the writers bench, write ${n}.` } };
    case 1:
      return { member, path: `/i/${ref}/affirmation`, body: { affirmation: setup.affirmationRef, value: (Math.floor(n / 3) % 2) + 1 } };
    default:
      return { member, path: `/i/${ref}/share`, body: { level: 1, email: `bench-share-${n % 50}@example.net`, daysValidity: 7 } };
  }
}

/** The admin's batch edit, over and over (add the tag, remove it), and the held mail row, until stopped. */
function startLongWrites(setup: WritersSetup, admin: string, which: { batch: boolean; mail: boolean }): LongWrites {
  let stopped = false;
  let batchRuns = 0;
  let mailHolds = 0;
  // As the batch edit dialog applies a large selection: a chunk per request, each later one naming the batch.
  const batches = (async () => {
    if (!which.batch) return;
    const refs = setup.batchRefs.slice(0, BATCH_MAX_ITEMS);
    for (let round = 0; !stopped; round += 1) {
      const action = { kind: round % 2 === 0 ? 'add_tags' : 'remove_tags', tags: [setup.batchTagRef] };
      let batch: string | undefined;
      for (let start = 0; start < refs.length; start += BATCH_CHUNK) {
        const response = await fetch(`${setup.address}${BATCH_EDIT_URL}`, {
          method: 'POST',
          headers: { cookie: admin, 'x-xsrf-token': xsrfTokenOf(admin), accept: 'application/json', 'content-type': 'application/json' },
          body: JSON.stringify({ refs: refs.slice(start, start + BATCH_CHUNK), action, ...(batch ? { batch } : {}) }),
        });
        const answer = (await response.json()) as { batch?: string | null };
        if (response.status !== 200) throw new Error(`The batch edit answered ${response.status}`);
        batch ??= answer.batch ?? undefined;
      }
      batchRuns += 1;
    }
  })();
  const holds = (async () => {
    if (!which.mail || !setup.databaseUrl) return;
    const client = new pg.Client({ connectionString: setup.databaseUrl });
    await client.connect();
    try {
      const { rows } = await client.query<{ id: number }>(
        `insert into mail_outbox (to_address, subject, text_body, html_body, sent_at) values ('held@example.net', 'Held by the bench', '', '', now()) returning id`,
      );
      while (!stopped) {
        await client.query('begin');
        await client.query('select 1 from mail_outbox where id = $1 for update', [rows[0]!.id]);
        await new Promise((resolve) => setTimeout(resolve, MAIL_HOLD_MS));
        await client.query('commit');
        mailHolds += 1;
        await new Promise((resolve) => setTimeout(resolve, MAIL_PAUSE_MS));
      }
      await client.query('delete from mail_outbox where id = $1', [rows[0]!.id]);
    } finally {
      await client.end();
    }
  })();
  return {
    async stop() {
      stopped = true;
      await Promise.all([batches, holds]);
      return { batchRuns, mailHolds };
    },
  };
}

export function writersTable(phases: WritersPhase[]): string {
  const [alone] = phases;
  const rows = phases.map(
    (phase) =>
      `| ${phase.label} | ${phase.writes} | ${phase.failed} | ${phase.p50.toFixed(1)} | ${phase.p95.toFixed(1)} | ${phase.p99.toFixed(1)} | ${(phase.p95 / alone!.p95).toFixed(2)}× | ${phase.batchRuns} | ${phase.mailHolds} |`,
  );
  return [
    '| members writing | writes | failed | p50 ms | p95 ms | p99 ms | p95 / alone (target ≤ 1.5×) | batch edits done | mail holds |',
    '|---|---:|---:|---:|---:|---:|---:|---:|---:|',
    ...rows,
  ].join('\n');
}
