/**
 * Batch edits at the size people run them (issue 34 §4), on PostgreSQL with thousands of items: "all matching" above
 * the cap says so before anything runs and applies exactly what it previewed, run by run; undo works in any order.
 */
import { describe, expect, it } from 'vitest';
import { and, count, eq, inArray } from 'drizzle-orm';
import { changeHistory, items, itemTags } from '../../server/db/schema';
import { newRef } from '../../server/lib/ref';
import { BATCH_MAX_ITEMS, matchingRunText, type BatchPreview, type BatchResult } from '../../shared/batch-edit';
import { VISIBILITY } from '../../shared/enums';
import { useSessionTestApp } from '../support/sessions';
import { sendJson } from '../support/http';
import type { CookieJar } from '../support/app';
import { ADMIN, MAINTAINER, seedEditingLibrary, send, tag, userId } from './item-editing-fixtures';

const context = useSessionTestApp({ seed: seedEditingLibrary });
const { db, as } = context;

const post = (jar: CookieJar, url: string, payload?: unknown) => sendJson(context.app, jar, url, payload);

/** `how_many` items titled "{word} n", in id order, a statement per 2,000. */
async function bulkItems(word: string, howMany: number, visibility: number = VISIBILITY.DISCOVERABLE) {
  const owner = await userId(db(), MAINTAINER);
  const made: { id: number; ref: string }[] = [];
  for (let start = 0; start < howMany; start += 2000) {
    const rows = Array.from({ length: Math.min(2000, howMany - start) }, (_, index) => ({
      ref: newRef(),
      code: `${word.slice(0, 6)}-${start + index}`,
      title: `${word} ${start + index}`,
      visibility,
      createdByUserId: owner,
    }));
    made.push(...(await db().insert(items).values(rows).returning({ id: items.id, ref: items.ref })));
  }
  return made;
}

const reviewDates = async (ids: number[]) =>
  new Set((await db().select({ reviewAfter: items.reviewAfter }).from(items).where(inArray(items.id, ids))).map((row) => row.reviewAfter));

// Thousands of items per test take seconds on a loaded machine: the bound is for a hang, not a speed.
describe('batch edits of thousands of items', { timeout: 180_000 }, () => {
  it('says before anything runs that one run does not cover every match, and applies exactly what each run previewed', async () => {
    const jar = await as(ADMIN);
    const games = await tag(db(), 'Games');
    const total = BATCH_MAX_ITEMS + 37;
    const made = await bulkItems('Quokka', total);
    const action = { kind: 'add_tags', tags: [games.ref] };
    const selection = { listing: 'all', search: '', tags: [] };
    const everyItem = await db().select({ total: count() }).from(items);
    const others = Number(everyItem[0]!.total) - total;

    const first = (await post(jar, '/batch-edit/preview', { matching: selection, action })).json<BatchPreview>();
    expect(first.matching).toEqual({ total: total + others, atLeast: false, from: 1, to: BATCH_MAX_ITEMS, nextAfter: first.refs.at(-1) });
    expect(first.refs).toHaveLength(BATCH_MAX_ITEMS);
    expect(first.selected).toBe(BATCH_MAX_ITEMS);
    expect(matchingRunText(first.matching!)).toBe(
      `10,000 of ${(total + others).toLocaleString('en')} match: this is run 1 of 2 (items 1–10,000). Narrow the filter, or apply in 2 runs.`,
    );

    const second = (await post(jar, '/batch-edit/preview', { matching: { ...selection, after: first.matching!.nextAfter }, action })).json<BatchPreview>();
    expect(second.matching).toEqual({ total: total + others, atLeast: false, from: BATCH_MAX_ITEMS + 1, to: total + others, nextAfter: null });
    // The two runs cover every match once.
    const covered = [...first.refs, ...second.refs];
    expect(new Set(covered).size).toBe(total + others);
    expect(covered).toEqual(expect.arrayContaining(made.map((item) => item.ref)));

    // What the dialog applies is the run's previewed refs: the number confirmed is the number changed.
    const applied = (await post(jar, '/batch-edit', { refs: second.refs, action })).json<BatchResult>();
    expect(applied.changed).toBe(second.changed);
    const tagged = await db().select({ total: count() }).from(itemTags).where(eq(itemTags.tagId, games.id));
    expect(Number(tagged[0]!.total)).toBe(second.changed + second.unchanged);
  });

  it('states a search bounded by its candidates as "or more", never as exact', async () => {
    const jar = await as(ADMIN);
    const games = await tag(db(), 'Games');
    await bulkItems('Wombat', 2100);
    const preview = (
      await post(jar, '/batch-edit/preview', { matching: { listing: 'all', search: 'wombat', tags: [] }, action: { kind: 'add_tags', tags: [games.ref] } })
    ).json<BatchPreview>();
    expect(preview.matching).toMatchObject({ atLeast: true, from: 1, to: preview.refs.length });
    expect(preview.selected).toBe(preview.refs.length);
    expect(matchingRunText(preview.matching!)).toMatch(
      /^A search stops at 1,000 matches a way, and found [\d,]+ or more: this run covers items 1–[\d,]+ of those\./,
    );
  });

  it('refuses to undo an older batch under a newer one over the same field, then undoes both newest first, over 2,000 items', async () => {
    const jar = await as(ADMIN);
    const made = await bulkItems('Numbat', 2400);
    const ids = made.map((item) => item.id);
    const refs = made.map((item) => item.ref);
    const apply = async (chosen: string[], action: object) => (await post(jar, '/batch-edit', { refs: chosen, action })).json<BatchResult>();
    const older = await apply(refs, { kind: 'set', field: 'visibility', value: VISIBILITY.DRAFT });
    expect(older.changed).toBe(2400);
    const newer = await apply(refs.slice(0, 1200), { kind: 'set', field: 'visibility', value: VISIBILITY.UNLISTED });

    const refused = await post(jar, `/batch-edit/${older.batch}/undo`);
    expect(refused.statusCode).toBe(422);
    expect(refused.json<{ errors: { batch: string } }>().errors.batch).toMatch(/undo it first .*\(1,200 items\)\.$/);
    const visibilities = async () =>
      new Map(
        (await db().select({ visibility: items.visibility, total: count() }).from(items).where(inArray(items.id, ids)).groupBy(items.visibility)).map((row) => [
          row.visibility,
          Number(row.total),
        ]),
      );
    expect(await visibilities()).toEqual(
      new Map([
        [VISIBILITY.UNLISTED, 1200],
        [VISIBILITY.DRAFT, 1200],
      ]),
    );

    expect((await post(jar, `/batch-edit/${newer.batch}/undo`)).json()).toMatchObject({ changed: 1200, skipped: [] });
    expect((await post(jar, `/batch-edit/${older.batch}/undo`)).json()).toMatchObject({ changed: 2400, skipped: [] });
    // Nothing is stranded as a draft.
    expect(await visibilities()).toEqual(new Map([[VISIBILITY.DISCOVERABLE, 2400]]));
  });

  it('lists every item skipped by an undo, and an edit of another field skips none, over 2,000 items', async () => {
    const jar = await as(ADMIN);
    const games = await tag(db(), 'Games');
    const made = await bulkItems('Bilby', 2200);
    const ids = made.map((item) => item.id);
    const refs = made.map((item) => item.ref);
    const review = (await post(jar, '/batch-edit', { refs, action: { kind: 'set', field: 'review_after', value: '2030-01-01' } })).json<BatchResult>();
    const tagging = (await post(jar, '/batch-edit', { refs, action: { kind: 'add_tags', tags: [games.ref] } })).json<BatchResult>();
    // By hand, since: the blurb of 30 items (a field neither batch set), the review date of 25 others.
    for (const ref of refs.slice(0, 30)) expect((await send(context.app, jar, 'PATCH', `/i/${ref}`, { blurb: 'Edited since' })).statusCode).toBe(303);
    const reviewedByHand = refs.slice(100, 125);
    for (const ref of reviewedByHand) expect((await send(context.app, jar, 'PATCH', `/i/${ref}`, { review_after: '2033-03-03' })).statusCode).toBe(303);

    const untagged = (await post(jar, `/batch-edit/${tagging.batch}/undo`)).json<BatchResult>();
    expect(untagged).toMatchObject({ changed: 2200, skipped: [] });
    const unreviewed = (await post(jar, `/batch-edit/${review.batch}/undo`)).json<BatchResult>();
    expect(unreviewed.changed).toBe(2200 - 25);
    expect(unreviewed.skipped!.map((item) => [item.ref, item.reason]).sort()).toEqual(reviewedByHand.map((ref) => [ref, 'changed_since']).sort());
    expect(unreviewed.skipped!.every((item) => item.title?.startsWith('Bilby '))).toBe(true);
    expect(await reviewDates(ids)).toEqual(new Set([null, '2033-03-03']));
    const handEdited = await db()
      .select({ id: items.id })
      .from(items)
      .where(and(inArray(items.id, ids), eq(items.reviewAfter, '2033-03-03')));
    expect(handEdited).toHaveLength(25);
    const history = await db()
      .select({ total: count() })
      .from(changeHistory)
      .where(inArray(changeHistory.batchId, [untagged.batch!, unreviewed.batch!]));
    expect(Number(history[0]!.total)).toBe(2200 + 2200 - 25);
  });
});
