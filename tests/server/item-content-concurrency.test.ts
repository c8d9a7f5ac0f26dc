/**
 * Issue 14 §4: item edits, content uploads, content re-orders and tag changes on one item at the same time, on
 * PostgreSQL. Before every transaction took the library_state lock first, uploads and re-orders (item row, then
 * library_state through the contents trigger) deadlocked with title edits (library_state through the items trigger,
 * then the item row).
 */
import { asc, eq } from 'drizzle-orm';
import type { LightMyRequestResponse } from 'fastify';
import { beforeAll, describe, expect, it } from 'vitest';
import { contents, items, itemTags, tags, taxonomies } from '../../server/db/schema';
import type { DatabaseHandle } from '../../server/db/client';
import type { CookieJar } from '../support/app';
import { useSessionTestApp } from '../support/sessions';
import { ITEMS, MAINTAINER, seedContentLibrary, send, TEXT_BYTES, upload } from './content-fixture';

const BATCHES = 30;
/** Each batch of 16 requests at once: 7 title edits, 3 uploads, 4 re-orders, 2 tag changes. */
const PER_BATCH = { edit: 7, upload: 3, reposition: 4, tag: 2 } as const;
const TOPICS = ['Camping', 'Hiking', 'Cooking', 'Knots', 'Maps', 'Stars'] as const;
type Kind = keyof typeof PER_BATCH;

async function seedWithTopics(handle: DatabaseHandle): Promise<void> {
  await seedContentLibrary(handle);
  const [taxonomy] = await handle.db.insert(taxonomies).values({ title: 'Topic', required: false, multiselect: true, position: 0 }).returning();
  await handle.db.insert(tags).values(TOPICS.map((label, position) => ({ taxonomyId: taxonomy!.id, label, position })));
}

const context = useSessionTestApp({
  seed: seedWithTopics,
  // Hundreds of requests from one address within the minute: the limits are for people, not for this test.
  env: { RATE_LIMIT_MAX: '100000', RATE_LIMIT_UPLOAD_MAX: '100000' },
});
const { db, as } = context;
const onPglite = !process.env.TEST_DATABASE_URL;

describe.skipIf(onPglite)('concurrent writes to one item (PostgreSQL only: PGlite has one connection, so nothing runs at once)', () => {
  let jar: CookieJar;
  let itemId: number;
  let tagRefs: Map<string, string>;

  beforeAll(async () => {
    jar = await as(MAINTAINER);
    [{ id: itemId }] = (await db().select({ id: items.id }).from(items).where(eq(items.ref, ITEMS.guide))) as [{ id: number }];
    tagRefs = new Map((await db().select({ label: tags.label, ref: tags.ref }).from(tags)).map((row) => [row.label, row.ref]));
    // The folder and a few rows to re-order exist before the first batch.
    const warmUp = await upload(
      context.app,
      jar,
      ITEMS.guide,
      ['A', 'B', 'C'].map((name) => ({ name: `${name}.txt`, type: 'text/plain', data: TEXT_BYTES })),
    );
    expect(warmUp.statusCode).toBe(303);
  });

  const contentRefs = async () =>
    (await db().select({ ref: contents.ref }).from(contents).where(eq(contents.itemId, itemId)).orderBy(asc(contents.position), asc(contents.id))).map(
      (row) => row.ref,
    );

  const title = async () => (await db().select({ title: items.title }).from(items).where(eq(items.id, itemId)))[0]!.title;

  const topicLabels = async () =>
    (await db().select({ label: tags.label }).from(itemTags).innerJoin(tags, eq(tags.id, itemTags.tagId)).where(eq(itemTags.itemId, itemId)))
      .map((row) => row.label)
      .sort();

  /** The tag changes of a batch: two different topics, added in some rounds and removed in others, so the outcome is known. */
  function tagChangesOf(batch: number): { label: string; add: boolean }[] {
    return [0, 1].map((k) => ({ label: TOPICS[(2 * batch + k) % TOPICS.length]!, add: Math.floor(batch / 3) % 2 === 0 }));
  }

  it('answers every request and loses no write', async () => {
    const sent: Record<Kind, number> = { edit: 0, upload: 0, reposition: 0, tag: 0 };
    const failures: { kind: Kind; status: number; body: string }[] = [];
    const uploadedLabels: string[] = [];
    const expectedTopics = new Set<string>();
    const retriesBefore = context.database.retriedTransactions();

    for (let batch = 0; batch < BATCHES; batch += 1) {
      const refs = await contentRefs();
      const titles = Array.from({ length: PER_BATCH.edit }, (_, k) => `Camp Leader Guide, round ${batch} edit ${k}`);
      const requests: { kind: Kind; run: () => Promise<LightMyRequestResponse> }[] = [];
      for (const value of titles) requests.push({ kind: 'edit', run: () => send(context.app, jar, 'PATCH', `/i/${ITEMS.guide}`, { title: value }) });
      for (let k = 0; k < PER_BATCH.upload; k += 1) {
        const name = `Upload ${batch}-${k}`;
        uploadedLabels.push(name);
        requests.push({ kind: 'upload', run: () => upload(context.app, jar, ITEMS.guide, [{ name: `${name}.txt`, type: 'text/plain', data: TEXT_BYTES }]) });
      }
      for (let k = 0; k < PER_BATCH.reposition; k += 1) {
        const ref = refs[(batch * PER_BATCH.reposition + k * 5) % refs.length]!;
        requests.push({ kind: 'reposition', run: () => send(context.app, jar, 'POST', `/content/${ref}/reposition`, { increase: k % 2 === 0 }) });
      }
      for (const change of tagChangesOf(batch)) {
        if (change.add) expectedTopics.add(change.label);
        else expectedTopics.delete(change.label);
        requests.push({ kind: 'tag', run: () => send(context.app, jar, change.add ? 'POST' : 'DELETE', `/i/${ITEMS.guide}/tag/${tagRefs.get(change.label)}`) });
      }

      // Interleaved, so each kind meets every other in flight.
      const order = requests.map((_, index) => requests[(index * 5) % requests.length]!);
      const responses = await Promise.all(order.map((request) => request.run()));
      responses.forEach((response, index) => {
        const { kind } = order[index]!;
        sent[kind] += 1;
        if (response.statusCode !== 303) failures.push({ kind, status: response.statusCode, body: response.body.slice(0, 200) });
      });

      // Writers that ran at once may land in any order, but the last one of this round wins over every earlier round.
      expect(titles).toContain(await title());
    }

    const rows = await db().select({ label: contents.label, position: contents.position }).from(contents).where(eq(contents.itemId, itemId));
    const retries = context.database.retriedTransactions() - retriesBefore;
    console.log(
      `[concurrency] ${BATCHES} batches of 16: ${sent.edit} title edits, ${sent.upload} uploads, ${sent.reposition} re-orders, ` +
        `${sent.tag} tag changes; ${failures.length} failures, ${retries} transactions retried; ${rows.length} content rows`,
    );
    expect(failures).toEqual([]);
    expect(sent.edit).toBeGreaterThanOrEqual(200);
    expect(rows.map((row) => row.label).sort()).toEqual(['A', 'B', 'C', ...uploadedLabels].sort());
    expect(rows.map((row) => row.position).sort((a, b) => a - b)).toEqual(rows.map((_, index) => index));
    expect(await topicLabels()).toEqual([...expectedTopics].sort());
  }, 180_000);
});
