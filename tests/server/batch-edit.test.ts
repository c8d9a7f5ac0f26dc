/**
 * Batch edits (issue 19 §1): the preview is the run, each item changes only as editing it allows (crafted refs
 * included), one history entry per changed row carries the batch, and the undo restores exactly.
 */
import { describe, expect, it } from 'vitest';
import { and, desc, eq, gt, isNotNull } from 'drizzle-orm';
import { changeHistory, tags, taxonomies } from '../../server/db/schema';
import { BATCH_ERRORS, type BatchPreview, type BatchResult } from '../../shared/batch-edit';
import { VISIBILITY } from '../../shared/enums';
import { useSessionTestApp } from '../support/sessions';
import { sendJson, visit } from '../support/http';
import { pageProps } from '../../server/inertia/testing';
import type { CookieJar } from '../support/app';
import { ADMIN, MAINTAINER, OTHER_MEMBER, createItem, itemRow, itemTagLabels, seedEditingLibrary, send, tag, userRef } from './item-editing-fixtures';

const context = useSessionTestApp({ seed: seedEditingLibrary });
const { db, as } = context;

const post = (jar: CookieJar, url: string, payload?: unknown) => sendJson(context.app, jar, url, payload);

async function lastHistoryId(): Promise<number> {
  const [row] = await db().select({ id: changeHistory.id }).from(changeHistory).orderBy(desc(changeHistory.id)).limit(1);
  return row?.id ?? 0;
}

async function snapshot(ids: number[]) {
  return Promise.all(
    ids.map(async (id) => {
      const { updatedAt: _updated, tagIds: _tags, searchVector: _search, ...row } = (await itemRow(db(), id))!;
      return { row, tags: await itemTagLabels(db(), id) };
    }),
  );
}

describe('batch edits', () => {
  it('previews exactly what it applies, adding a tag with one history entry per item, all under one batch', async () => {
    const jar = await as(ADMIN);
    const games = await tag(db(), 'Games');
    const plain = await Promise.all([1, 2, 3].map(() => createItem(db(), { tagLabels: ['Resource'] })));
    const tagged = await createItem(db(), { tagLabels: ['Resource', 'Games'] });
    const body = { refs: [...plain.map((item) => item.ref), tagged.ref, 'nosuchref1'], action: { kind: 'add_tags', tags: [games.ref] } };
    const before = await lastHistoryId();

    const preview = await post(jar, '/batch-edit/preview', body);
    expect(preview.statusCode).toBe(200);
    expect(await lastHistoryId()).toBe(before);
    expect(preview.json()).toMatchObject({
      selected: 5,
      changed: 3,
      unchanged: 1,
      refused: { not_editable: 1 },
      description: "adds 'Games' to 3 items, 1 already have it; 1 item you cannot edit (or that do not exist)",
    });

    const applied = await post(jar, '/batch-edit', body);
    const result = applied.json<BatchResult>();
    const { batch, ...summary } = result;
    const { refs, matching, ...previewed } = preview.json<BatchPreview>();
    expect(matching).toBeNull();
    expect(summary).toEqual(previewed);
    expect(refs).toEqual(body.refs);
    for (const item of plain) expect(await itemTagLabels(db(), item.id)).toEqual(['Games', 'Resource']);
    const rows = await db().select().from(changeHistory).where(gt(changeHistory.id, before));
    expect(rows.map((row) => [row.kind, row.operation, row.batchId, row.route])).toEqual(plain.map(() => ['item_tag', 'insert', batch, 'POST /batch-edit']));
  });

  it('applies a large batch a chunk at a time under one id, which only its maker may continue, and undoes it whole', async () => {
    const jar = await as(ADMIN);
    const games = await tag(db(), 'Games');
    const [first, second] = await Promise.all([1, 2].map(() => createItem(db(), { tagLabels: ['Resource'] })));
    const action = { kind: 'add_tags', tags: [games.ref] };
    const chunk1 = (await post(jar, '/batch-edit', { refs: [first!.ref], action })).json<BatchResult>();
    const chunk2 = await post(jar, '/batch-edit', { refs: [second!.ref], action, batch: chunk1.batch });
    expect(chunk2.json()).toMatchObject({ changed: 1, batch: chunk1.batch });

    const intruder = await post(await as(MAINTAINER), '/batch-edit', { refs: [first!.ref], action, batch: chunk1.batch });
    expect(intruder.statusCode).toBe(422);
    expect(intruder.json()).toEqual({ errors: { batch: BATCH_ERRORS.notYourBatch } });

    const undone = await post(jar, `/batch-edit/${chunk1.batch}/undo`);
    expect(undone.json()).toMatchObject({ changed: 2 });
    for (const item of [first!, second!]) expect(await itemTagLabels(db(), item.id)).toEqual(['Resource']);
    const late = await post(jar, '/batch-edit', { refs: [first!.ref], action, batch: chunk1.batch });
    expect(late.json()).toEqual({ errors: { batch: BATCH_ERRORS.alreadyUndone } });
    expect(await itemTagLabels(db(), first!.id)).toEqual(['Resource']);
  });

  it('selects all items a listing matches, with its search and filters, for the viewer, changing only theirs', async () => {
    const [prayer, bible] = await Promise.all([tag(db(), 'Prayer'), tag(db(), 'Bible')]);
    const shown = { visibility: VISIBILITY.DISCOVERABLE, tagLabels: ['Prayer'] };
    const mine = await Promise.all([1, 2].map((n) => createItem(db(), { ...shown, title: `Quokka walk ${n}` })));
    const theirs = await createItem(db(), { ...shown, owner: OTHER_MEMBER, title: 'Quokka walk 3' });
    await createItem(db(), { visibility: VISIBILITY.DISCOVERABLE, title: 'Quokka untagged' });
    const jar = await as(MAINTAINER);
    const matching = { listing: 'all', search: 'quokka', tags: [prayer.ref] };
    const preview = await post(jar, '/batch-edit/preview', { matching, action: { kind: 'add_tags', tags: [bible.ref] } });
    expect(preview.json()).toMatchObject({ selected: 3, changed: 2, refused: { not_editable: 1 }, refusedRefs: [theirs.ref] });
    const applied = await post(jar, '/batch-edit', { matching: { listing: 'all', tags: [prayer.ref] }, action: { kind: 'add_tags', tags: [bible.ref] } });
    expect(applied.json()).toMatchObject({ changed: 2 });
    for (const item of mine) expect(await itemTagLabels(db(), item.id)).toEqual(['Bible', 'Prayer']);
    expect(await itemTagLabels(db(), theirs.id)).toEqual(['Prayer']);
    const both = await post(jar, '/batch-edit', { refs: [theirs.ref], matching, action: { kind: 'add_tags', tags: [bible.ref] } });
    expect(both.statusCode).toBe(422);
  });

  it('offers admins every item and every taxonomy, a maintainer the items they maintain and the taxonomies they see, a member nothing', async () => {
    const [hidden] = await db().insert(taxonomies).values({ title: 'Curators only', public: false, position: 9 }).returning();
    await db().insert(tags).values({ taxonomyId: hidden!.id, label: 'Needs review', position: 0 });
    const mine = await createItem(db(), { owner: MAINTAINER, visibility: VISIBILITY.DISCOVERABLE, title: 'Wombat mine' });
    const theirs = await createItem(db(), { owner: OTHER_MEMBER, visibility: VISIBILITY.DISCOVERABLE, title: 'Wombat theirs' });
    const propsFor = async (email: string) => pageProps((await visit(context.app, '/item?search=wombat', await as(email))).response.json(), 'items/Index');

    const admin = await propsFor(ADMIN);
    expect(admin.batchEdit?.allMatching).toBe(true);
    expect(admin.batchEdit?.taxonomies.map((taxonomy) => taxonomy.title)).toEqual(['Type', 'Topic', 'Age', 'Curators only']);
    expect(admin.items.data.every((card) => card.batch_editable === undefined)).toBe(true);

    const maintainer = await propsFor(MAINTAINER);
    expect(maintainer.batchEdit?.allMatching).toBe(false);
    expect(maintainer.batchEdit?.taxonomies.map((taxonomy) => taxonomy.title)).toEqual(['Type', 'Topic', 'Age']);
    expect(Object.fromEntries(maintainer.items.data.map((card) => [card.ref, card.batch_editable]))).toEqual({ [mine.ref]: true, [theirs.ref]: false });

    expect((await propsFor(OTHER_MEMBER)).batchEdit).toBeNull();
  });

  it('refuses a hidden taxonomy’s tag to a maintainer as a tag that does not exist, changing nothing', async () => {
    const [hidden] = await db().insert(taxonomies).values({ title: 'Staff notes', public: false, position: 10 }).returning();
    const [secret] = await db().insert(tags).values({ taxonomyId: hidden!.id, label: 'Secret', position: 0 }).returning();
    const mine = await createItem(db(), { owner: MAINTAINER });
    const response = await post(await as(MAINTAINER), '/batch-edit', { refs: [mine.ref], action: { kind: 'add_tags', tags: [secret!.ref] } });
    expect(response.statusCode).toBe(422);
    expect(response.json()).toEqual({ errors: { tags: BATCH_ERRORS.unknownTag } });
    expect(await itemTagLabels(db(), mine.id)).toEqual([]);
    const byAdmin = await post(await as(ADMIN), '/batch-edit', { refs: [mine.ref], action: { kind: 'add_tags', tags: [secret!.ref] } });
    expect(byAdmin.json()).toMatchObject({ changed: 1 });
  });

  it('lets a maintainer change only the items they maintain, even by crafted refs', async () => {
    const mine = await createItem(db(), { owner: MAINTAINER });
    const theirs = await createItem(db(), { owner: OTHER_MEMBER });
    const bible = await tag(db(), 'Bible');
    const response = await post(await as(MAINTAINER), '/batch-edit', { refs: [mine.ref, theirs.ref], action: { kind: 'add_tags', tags: [bible.ref] } });
    expect(response.json()).toMatchObject({ changed: 1, refused: { not_editable: 1 }, refusedRefs: [theirs.ref] });
    expect(await itemTagLabels(db(), mine.id)).toEqual(['Bible']);
    expect(await itemTagLabels(db(), theirs.id)).toEqual([]);
  });

  it('refuses curation fields to a maintainer, and a visibility they may not set per item', async () => {
    const draft = await createItem(db(), { owner: MAINTAINER, visibility: VISIBILITY.DRAFT });
    const jar = await as(MAINTAINER);
    const maintainerChange = await post(jar, '/batch-edit', { refs: [draft.ref], action: { kind: 'set', field: 'review_after', value: '2030-01-01' } });
    expect(maintainerChange.statusCode).toBe(403);
    const publish = await post(jar, '/batch-edit/preview', { refs: [draft.ref], action: { kind: 'set', field: 'visibility', value: VISIBILITY.DISCOVERABLE } });
    expect(publish.json()).toMatchObject({
      changed: 0,
      refused: { cannot_publish: 1 },
      description: "sets visibility to 'Discoverable' on 0 items, 0 already have this value; 1 item is a draft you cannot publish",
    });
    const submit = await post(jar, '/batch-edit', { refs: [draft.ref], action: { kind: 'set', field: 'visibility', value: VISIBILITY.PENDING } });
    expect(submit.json()).toMatchObject({ changed: 1 });
    expect((await itemRow(db(), draft.id))!.visibility).toBe(VISIBILITY.PENDING);
  });

  it('keeps the last tag of a required taxonomy and one tag in a one-tag taxonomy', async () => {
    const jar = await as(ADMIN);
    const [resource, training, kids, youth] = await Promise.all(['Resource', 'Training', 'Kids', 'Youth'].map((label) => tag(db(), label)));
    const onlyResource = await createItem(db(), { tagLabels: ['Resource', 'Kids'] });
    const removal = await post(jar, '/batch-edit', { refs: [onlyResource.ref], action: { kind: 'remove_tags', tags: [resource!.ref] } });
    expect(removal.json()).toMatchObject({ changed: 0, refused: { required_taxonomy: 1 } });
    const replace = await post(jar, '/batch-edit', { refs: [onlyResource.ref], action: { kind: 'add_tags', tags: [training!.ref, youth!.ref] } });
    expect(replace.json()).toMatchObject({ changed: 1 });
    expect(await itemTagLabels(db(), onlyResource.id)).toEqual(['Training', 'Youth']);
    const both = await post(jar, '/batch-edit', { refs: [onlyResource.ref], action: { kind: 'add_tags', tags: [kids!.ref, youth!.ref] } });
    expect(both.statusCode).toBe(422);
  });

  it('answers bad input with 422 and changes nothing', async () => {
    const jar = await as(ADMIN);
    const item = await createItem(db());
    const before = await lastHistoryId();
    for (const body of [
      { refs: [], action: { kind: 'add_tags', tags: ['x'] } },
      { refs: [item.ref], action: { kind: 'add_tags', tags: ['nosuchtag'] } },
      { refs: [item.ref], action: { kind: 'set', field: 'visibility', value: 'loud' } },
      { refs: [item.ref], action: { kind: 'set', field: 'created_by_user_ref', value: 'nobody' } },
      { refs: [item.ref], action: { kind: 'set', field: 'title', value: 'x' } },
    ]) {
      expect((await post(jar, '/batch-edit', body)).statusCode).toBe(422);
    }
    expect(await lastHistoryId()).toBe(before);
    expect((await post(await as(ADMIN), '/batch-edit/00000000-0000-4000-8000-000000000000/undo')).statusCode).toBe(404);
  });

  it('undoes a batch exactly, as its own batch, once, listing every item whose field was changed since', async () => {
    const jar = await as(ADMIN);
    const games = await tag(db(), 'Games');
    const targets = await Promise.all(
      [VISIBILITY.DRAFT, VISIBILITY.PENDING, VISIBILITY.DISCOVERABLE].map((visibility) => createItem(db(), { visibility, tagLabels: ['Resource'] })),
    );
    const ids = targets.map((item) => item.id);
    const refs = targets.map((item) => item.ref);
    const before = await snapshot(ids);
    const owner = await userRef(db(), OTHER_MEMBER);
    const batches: string[] = [];
    for (const action of [
      { kind: 'set', field: 'visibility', value: VISIBILITY.UNLISTED },
      { kind: 'set', field: 'created_by_user_ref', value: owner },
      { kind: 'set', field: 'expires_at', value: '2031-02-03' },
      { kind: 'set', field: 'review_after', value: '2030-01-01' },
      { kind: 'set', field: 'minimum_access_level', value: 2 },
      { kind: 'add_tags', tags: [games.ref] },
    ]) {
      batches.push((await post(jar, '/batch-edit', { refs, action })).json<BatchResult>().batch!);
    }
    // Someone edits fields no batch set on the first item (nothing of the undo changes), and the review date, which
    // the fourth batch set, on the last: that item's review date is kept, and the undo lists it.
    expect((await send(context.app, jar, 'PATCH', `/i/${refs[0]}`, { topic: 'Edited since' })).statusCode).toBe(303);
    expect((await send(context.app, jar, 'PATCH', `/i/${refs[2]}`, { review_after: '2032-05-06' })).statusCode).toBe(303);
    const outcomes = [];
    for (const batch of batches.toReversed()) {
      const undo = await post(jar, `/batch-edit/${batch}/undo`);
      expect(undo.statusCode).toBe(200);
      outcomes.push(undo.json<BatchResult>());
    }
    const reviewUndo = outcomes[2]!;
    expect(reviewUndo).toMatchObject({ changed: 2, refused: { changed_since: 1 } });
    expect(reviewUndo.skipped).toEqual([{ ref: refs[2], title: targets[2]!.title, reason: 'changed_since' }]);
    for (const other of outcomes.toSpliced(2, 1)) expect(other).toMatchObject({ changed: 3, refused: {}, skipped: [] });
    const after = await snapshot(ids);
    expect(after).toEqual([
      { ...before[0], row: { ...before[0]!.row, topic: 'Edited since' } },
      before[1],
      { ...before[2], row: { ...before[2]!.row, reviewAfter: '2032-05-06' } },
    ]);
    const again = await post(jar, `/batch-edit/${batches[0]}/undo`);
    expect(again.statusCode).toBe(422);
    expect(again.json()).toEqual({ errors: { batch: 'This batch has already been undone.' } });
    const undoRows = await db()
      .select()
      .from(changeHistory)
      .where(and(isNotNull(changeHistory.batchId), eq(changeHistory.batchId, `undo:${batches[0]}`)))
      .orderBy(changeHistory.id);
    // One entry per item put back, under the undo's own batch (the order within one statement is the engine's).
    expect(undoRows.map((row) => [row.kind, row.itemId]).sort()).toEqual(ids.map((id) => ['item', id]).sort());
  });

  it('asks for a later batch over the same fields to be undone first, and ignores one over other fields', async () => {
    const jar = await as(ADMIN);
    const [games, bible] = [await tag(db(), 'Games'), await tag(db(), 'Bible')];
    const targets = await Promise.all([1, 2].map(() => createItem(db(), { tagLabels: ['Resource'] })));
    const refs = targets.map((item) => item.ref);
    const before = await snapshot(targets.map((item) => item.id));
    const apply = async (action: object) => (await post(jar, '/batch-edit', { refs, action })).json<BatchResult>().batch!;
    const older = await apply({ kind: 'set', field: 'review_after', value: '2030-01-01' });
    const withTag = await apply({ kind: 'add_tags', tags: [games.ref] });
    const newer = await apply({ kind: 'set', field: 'review_after', value: '2031-01-01' });
    // An edit of another field, by hand, does not stand in the way of undoing the tag.
    expect((await send(context.app, jar, 'PATCH', `/i/${refs[0]}`, { topic: 'Edited since' })).statusCode).toBe(303);
    await post(jar, '/batch-edit', { refs, action: { kind: 'add_tags', tags: [bible.ref] } });
    expect((await post(jar, `/batch-edit/${withTag}/undo`)).json()).toMatchObject({ changed: 2, skipped: [] });

    const refused = await post(jar, `/batch-edit/${older}/undo`);
    expect(refused.statusCode).toBe(422);
    const message = refused.json<{ errors: { batch: string } }>().errors.batch;
    expect(message).toMatch(/^A later batch changed the same fields of some of these items: undo it first/);
    expect(message).toContain('by Grace Adeyemi (2 items)');
    expect((await snapshot(targets.map((item) => item.id))).map((item) => item.row.reviewAfter)).toEqual(['2031-01-01', '2031-01-01']);

    expect((await post(jar, `/batch-edit/${newer}/undo`)).json()).toMatchObject({ changed: 2 });
    expect((await post(jar, `/batch-edit/${older}/undo`)).json()).toMatchObject({ changed: 2, skipped: [] });
    expect((await snapshot(targets.map((item) => item.id))).map((item) => item.row.reviewAfter)).toEqual(before.map((item) => item.row.reviewAfter));
  });

  it('names the batch of each of its entries in the activity feed, where an admin can undo it', async () => {
    const jar = await as(ADMIN);
    const item = await createItem(db());
    const games = await tag(db(), 'Games');
    const { batch } = (await post(jar, '/batch-edit', { refs: [item.ref], action: { kind: 'add_tags', tags: [games.ref] } })).json<BatchResult>();
    const feed = pageProps((await visit(context.app, '/admin/history', jar)).response.json(), 'admin/history/Index');
    expect(feed.entries.data.filter((entry) => entry.item?.ref === item.ref && entry.kind === 'item_tag').map((entry) => entry.batch)).toEqual([batch]);
  });

  it('lets only an admin or its maker undo a batch', async () => {
    const mine = await createItem(db(), { owner: MAINTAINER });
    const bible = await tag(db(), 'Bible');
    const { batch } = (
      await post(await as(MAINTAINER), '/batch-edit', { refs: [mine.ref], action: { kind: 'add_tags', tags: [bible.ref] } })
    ).json<BatchResult>();
    expect((await post(await as(OTHER_MEMBER), `/batch-edit/${batch}/undo`)).statusCode).toBe(403);
    expect(await itemTagLabels(db(), mine.id)).toEqual(['Bible']);
    expect((await post(await as(MAINTAINER), `/batch-edit/${batch}/undo`)).statusCode).toBe(200);
    expect(await itemTagLabels(db(), mine.id)).toEqual([]);
  });
});
