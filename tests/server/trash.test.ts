/**
 * The trash (issue 19 §4): each of the six kinds goes to the trash whole and disappears everywhere, an admin sees what
 * went with it and restores it whole (its drive folder back from the drive's bin), a restore that cannot be whole
 * says what stayed behind or is refused changing nothing, and purging deletes for good, files included.
 */
import { describe, expect, it } from 'vitest';
import { and, eq, ne, sql } from 'drizzle-orm';
import {
  changeHistory,
  collectionItems,
  collections,
  comments,
  contents,
  itemTags,
  itemViews,
  items,
  shares,
  tags,
  taxonomies,
  trashEntries,
  users,
} from '../../server/db/schema';
import { nextItemCode } from '../../server/features/item-editing/codes';
import { summaryOf } from '../../server/features/history/describe';
import { DriveNotFoundError } from '../../server/drive/port';
import { imagesDirIn, localImageStore, removeImageFiles, type StoredImage } from '../../server/features/images';
import { purgeOldTrash } from '../../server/features/trash/purge';
import { expectInertia, pageProps } from '../../server/inertia/testing';
import { DEFAULT_PAGE_SIZE } from '../../shared/pagination';
import { TRASH_ERRORS, TRASH_MESSAGES } from '../../shared/trash';
import { useSessionTestApp } from '../support/sessions';
import { visit } from '../support/http';
import {
  ADMIN,
  MAINTAINER,
  OTHER_MEMBER,
  characteristic,
  characteristicValues,
  createItem,
  itemRow,
  itemTagLabels,
  nextPage,
  seedEditingLibrary,
  send,
  tag,
  userId,
} from './item-editing-fixtures';

const context = useSessionTestApp({ seed: seedEditingLibrary });
const { db, as } = context;

async function trashEntryOf(kind: string, subjectId: number) {
  const [entry] = await db()
    .select()
    .from(trashEntries)
    .where(and(eq(trashEntries.kind, kind), eq(trashEntries.subjectId, subjectId)));
  return entry;
}

async function restore(ref: string, email = ADMIN) {
  const jar = await as(email);
  const response = await send(context.app, jar, 'POST', `/admin/trash/${ref}/restore`);
  return { response, next: response.statusCode === 303 ? await nextPage(context.app, jar) : null };
}

/** An item with a tag, a characteristic value, a file in its drive folder, a comment and a place in a collection. */
async function furnishedItem(title: string) {
  const item = await createItem(db(), { title, tagLabels: ['Resource', 'Games'], characteristicValues: { 'Works online': 'true' } });
  const folder = await context.drive.createFolder(`${item.code} ${title}`);
  const file = await context.drive.upload({ name: 'Leader guide.pdf', mimeType: 'application/pdf', parentId: folder.id, body: Buffer.from('%PDF-1.4\n') });
  await db().update(items).set({ googleDriveFolderId: folder.id }).where(eq(items.id, item.id));
  await db().insert(contents).values({ itemId: item.id, label: 'Leader guide', format: 'pdf', googleDriveFileId: file.id, exportMode: 'original' });
  const member = await userId(db(), OTHER_MEMBER);
  await db().insert(comments).values({ itemId: item.id, userId: member, comment: 'We used this at camp.' });
  const [collection] = await db()
    .insert(collections)
    .values({ userId: member, title: `Camp picks ${title}` })
    .returning();
  await db().insert(collectionItems).values({ collectionId: collection!.id, itemId: item.id, note: 'For Friday' });
  return { item: (await itemRow(db(), item.id))!, folder, file, collection: collection! };
}

describe('the trash', () => {
  it('says where the last page is when asked for one past the end, keeping the kind; an empty list keeps its empty state', async () => {
    const listed = async (query: string) => pageProps((await visit(context.app, `/admin/trash${query}`, await as(ADMIN))).response, 'admin/trash/Index');
    const binnedItems = async () => (await db().select({ ref: trashEntries.ref }).from(trashEntries).where(eq(trashEntries.kind, 'item'))).length;
    // Nothing of a kind in the trash: empty on any page, so its empty state is true.
    const none = await listed('?kind=affirmation&page=4');
    expect(none.entries.data).toEqual([]);
    expect(none.entries).not.toHaveProperty('pastLastPage');

    const item = await createItem(db(), { title: 'Trash paging kit' });
    expect((await send(context.app, await as(MAINTAINER), 'DELETE', `/i/${item.ref}`)).statusCode).toBe(303);
    const lastPage = Math.ceil((await binnedItems()) / DEFAULT_PAGE_SIZE);
    const onLast = await listed(`?kind=item${lastPage > 1 ? `&page=${lastPage}` : ''}`);
    expect(onLast.entries.data.length).toBeGreaterThan(0);
    expect(onLast.entries).not.toHaveProperty('pastLastPage');
    const past = await listed(`?kind=item&page=${lastPage + 3}`);
    expect(past.entries.data).toEqual([]);
    expect(past.entries.pastLastPage).toEqual({
      page: lastPage + 3,
      lastPage,
      lastPageUrl: lastPage > 1 ? `/admin/trash?kind=item&page=${lastPage}` : '/admin/trash?kind=item',
    });
    expect((await listed(`?page=${lastPage + 30}`)).entries.pastLastPage?.lastPageUrl).toMatch(/^\/admin\/trash(\?page=\d+)?$/);
  });

  it('takes a deleted item with everything that went with it, shows it to admins, and restores it whole with its files', async () => {
    const { item, folder, file, collection } = await furnishedItem('Trash journey kit');
    const before = { tags: await itemTagLabels(db(), item.id), values: await characteristicValues(db(), item.id), tagIds: item.tagIds };

    const deleted = await send(context.app, await as(MAINTAINER), 'DELETE', `/i/${item.ref}`);
    expect(deleted.statusCode).toBe(303);

    // Gone everywhere at once: its page, the index, its collection, and its drive folder is in the bin.
    expect((await visit(context.app, `/i/${item.ref}`, await as(ADMIN))).response.statusCode).toBe(404);
    const index = await visit(context.app, `/item?search=${encodeURIComponent('Trash journey kit')}`, await as(ADMIN));
    expect(JSON.stringify(index.page.props)).not.toContain(item.ref);
    expect(await db().select().from(collectionItems).where(eq(collectionItems.collectionId, collection.id))).toEqual([]);
    await expect(context.drive.get(folder.id)).rejects.toBeInstanceOf(DriveNotFoundError);

    const entry = (await trashEntryOf('item', item.id))!;
    const page = await visit(context.app, '/admin/trash', await as(ADMIN));
    expectInertia(page.response).component('admin/trash/Index');
    const shown = pageProps(page.response, 'admin/trash/Index').entries.data.find((row) => row.ref === entry.ref)!;
    expect(shown).toMatchObject({ kind: 'item', title: 'Trash journey kit', context: item.code, hasDriveFolder: true });
    expect(shown.deletedBy).toBe('James Whitfield');
    expect(Object.fromEntries(shown.parts.map((part) => [part.label, part.names]))).toMatchObject({
      '1 file or link': ['Leader guide'],
      '2 tag links': expect.arrayContaining(['Games', 'Resource']),
      '1 characteristic value': ['Works online: true'],
      '1 comment': ['We used this at camp.'],
      '1 collection entry': [collection.title],
    });

    const { response, next } = await restore(entry.ref);
    expect(response.statusCode).toBe(303);
    expect(next!.notices).toEqual([TRASH_MESSAGES.restored('Trash journey kit')]);
    expect((await visit(context.app, `/i/${item.ref}`, await as(MAINTAINER))).response.statusCode).toBe(200);
    const back = (await itemRow(db(), item.id))!;
    expect(back.ref).toBe(item.ref);
    expect(back.tagIds).toEqual(before.tagIds);
    expect(await itemTagLabels(db(), item.id)).toEqual(before.tags);
    expect(await characteristicValues(db(), item.id)).toEqual(before.values);
    expect(await db().select({ note: collectionItems.note }).from(collectionItems).where(eq(collectionItems.itemId, item.id))).toEqual([
      { note: 'For Friday' },
    ]);
    expect(await db().select({ comment: comments.comment }).from(comments).where(eq(comments.itemId, item.id))).toEqual([{ comment: 'We used this at camp.' }]);
    expect((await context.drive.list(folder.id)).map((entry) => entry.id)).toEqual([file.id]);
    expect(await trashEntryOf('item', item.id)).toBeUndefined();
    const itemChanges = await db()
      .select({ kind: changeHistory.kind, operation: changeHistory.operation, changes: changeHistory.changes, route: changeHistory.route })
      .from(changeHistory)
      .where(and(eq(changeHistory.itemId, item.id), eq(changeHistory.kind, 'item'), ne(changeHistory.operation, 'update')))
      .orderBy(changeHistory.id);
    expect(itemChanges.map(summaryOf)).toEqual(['Created the item', 'Moved the item to the trash', 'Restored the item from the trash']);
  });

  it('gives a person page back its item, and restores only once when two admins restore at the same time', async () => {
    const item = await createItem(db(), { title: 'Person page of a leader' });
    await db().update(users).set({ personItemId: item.id }).where(eq(users.email, OTHER_MEMBER));
    await send(context.app, await as(ADMIN), 'DELETE', `/i/${item.ref}`);
    const [cleared] = await db().select({ personItemId: users.personItemId }).from(users).where(eq(users.email, OTHER_MEMBER));
    expect(cleared!.personItemId).toBeNull();

    const entry = (await trashEntryOf('item', item.id))!;
    const outcomes = await Promise.all([restore(entry.ref), restore(entry.ref)]);
    expect(outcomes.map((outcome) => outcome.next!.notices[0]).sort()).toEqual([TRASH_ERRORS.gone, TRASH_MESSAGES.restored('Person page of a leader')].sort());
    const [linked] = await db().select({ personItemId: users.personItemId }).from(users).where(eq(users.email, OTHER_MEMBER));
    expect(linked!.personItemId).toBe(item.id);
  });

  it('restores an item without the tag links whose tag went since, and says so', async () => {
    const [taxonomy] = await db().select({ id: taxonomies.id }).from(taxonomies).limit(1);
    const [fleeting] = await db().insert(tags).values({ taxonomyId: taxonomy!.id, label: 'Fleeting', position: 99 }).returning();
    const item = await createItem(db(), { title: 'Tagged then orphaned', tagLabels: ['Resource', 'Fleeting'] });
    await send(context.app, await as(ADMIN), 'DELETE', `/i/${item.ref}`);
    await send(context.app, await as(ADMIN), 'DELETE', `/admin/tag/${fleeting!.ref}`);

    const { next } = await restore((await trashEntryOf('item', item.id))!.ref);
    expect(next!.notices).toEqual([TRASH_MESSAGES.partlyRestored('Tagged then orphaned', '1 tag link')]);
    expect(await itemTagLabels(db(), item.id)).toEqual(['Resource']);
    expect((await itemRow(db(), item.id))!.tagIds).toEqual([(await tag(db(), 'Resource')).id]);
  });

  it('refuses, changing nothing, a comment whose item is in the trash, and a tag whose label was taken since', async () => {
    const item = await createItem(db(), { title: 'Commented then gone' });
    const [comment] = await db()
      .insert(comments)
      .values({ itemId: item.id, userId: await userId(db(), OTHER_MEMBER), comment: 'Lovely.' })
      .returning();
    expect((await send(context.app, await as(ADMIN), 'DELETE', `/comment/${comment!.ref}`)).statusCode).toBeLessThan(400);
    await send(context.app, await as(ADMIN), 'DELETE', `/i/${item.ref}`);
    const commentEntry = (await trashEntryOf('comment', comment!.id))!;
    expect((await restore(commentEntry.ref)).next!.notices).toEqual([TRASH_ERRORS.parentGone('item')]);
    expect(await trashEntryOf('comment', comment!.id)).toBeDefined();

    const [taxonomy] = await db().select({ id: taxonomies.id }).from(taxonomies).limit(1);
    const [first] = await db().insert(tags).values({ taxonomyId: taxonomy!.id, label: 'Twice named', position: 98 }).returning();
    await send(context.app, await as(ADMIN), 'DELETE', `/admin/tag/${first!.ref}`);
    await db().insert(tags).values({ taxonomyId: taxonomy!.id, label: 'twice NAMED', position: 98 });
    const tagEntry = (await trashEntryOf('tag', first!.id))!;
    expect((await restore(tagEntry.ref)).next!.notices).toEqual([TRASH_ERRORS.clash]);
    expect(await trashEntryOf('tag', first!.id)).toBeDefined();
  });

  it('restores a tag with its item links under its old parent, its children back under it, in order', async () => {
    const [taxonomy] = await db().insert(taxonomies).values({ title: 'Trash ages', position: 50, multiselect: true }).returning();
    const [parent] = await db().insert(tags).values({ taxonomyId: taxonomy!.id, label: 'Trash youth', position: 0 }).returning();
    const [other] = await db().insert(tags).values({ taxonomyId: taxonomy!.id, label: 'Trash children', position: 1 }).returning();
    const [child] = await db().insert(tags).values({ taxonomyId: taxonomy!.id, label: 'Trash year 7', parentId: parent!.id, position: 0 }).returning();
    const item = await createItem(db(), { tagLabels: ['Trash youth', 'Trash year 7'] });

    const deleted = await send(context.app, await as(ADMIN), 'DELETE', `/admin/tag/${parent!.ref}`);
    expect(deleted.statusCode).toBe(303);
    expect(await itemTagLabels(db(), item.id)).toEqual(['Trash year 7']);
    await restore((await trashEntryOf('tag', parent!.id))!.ref);

    const rows = await db().select({ id: tags.id, parentId: tags.parentId, position: tags.position }).from(tags).where(eq(tags.taxonomyId, taxonomy!.id));
    expect(rows.sort((a, b) => a.id - b.id)).toEqual([
      { id: parent!.id, parentId: null, position: 0 },
      { id: other!.id, parentId: null, position: 1 },
      { id: child!.id, parentId: parent!.id, position: 0 },
    ]);
    expect(await itemTagLabels(db(), item.id)).toEqual(['Trash year 7', 'Trash youth']);
  });

  it('restores a taxonomy with its tags and their item links at its old place, and a characteristic with its values', async () => {
    const before = await db().select({ id: taxonomies.id }).from(taxonomies).orderBy(taxonomies.position);
    const second = before[1]!;
    const [secondRow] = await db().select().from(taxonomies).where(eq(taxonomies.id, second.id));
    const item = await createItem(db(), { tagLabels: ['Games'], characteristicValues: { 'Trailer video': 'https://example.org/trailer' } });
    const secondTags = await db().select({ label: tags.label }).from(tags).where(eq(tags.taxonomyId, second.id));
    const labelsBefore = await itemTagLabels(db(), item.id);

    await send(context.app, await as(ADMIN), 'DELETE', `/admin/taxonomy/${secondRow!.ref}`);
    const trailer = await characteristic(db(), 'Trailer video');
    await send(context.app, await as(ADMIN), 'DELETE', `/admin/characteristic/${trailer.ref}`);
    expect(await characteristicValues(db(), item.id)).toEqual({});

    await restore((await trashEntryOf('taxonomy', second.id))!.ref);
    await restore((await trashEntryOf('characteristic', trailer.id))!.ref);
    expect((await db().select({ id: taxonomies.id }).from(taxonomies).orderBy(taxonomies.position)).map((row) => row.id)).toEqual(before.map((row) => row.id));
    expect((await db().select({ label: tags.label }).from(tags).where(eq(tags.taxonomyId, second.id))).length).toBe(secondTags.length);
    expect(await itemTagLabels(db(), item.id)).toEqual(labelsBefore);
    expect(await characteristicValues(db(), item.id)).toEqual({ 'Trailer video': 'https://example.org/trailer' });
  });

  it('restores a collection with its entries and its shares', async () => {
    const owner = await userId(db(), OTHER_MEMBER);
    const item = await createItem(db(), { title: 'Collected' });
    const [collection] = await db().insert(collections).values({ userId: owner, title: 'Friday night', public: false }).returning();
    await db().insert(collectionItems).values({ collectionId: collection!.id, itemId: item.id, section: 'Games', position: 0 });
    await db().insert(shares).values({ sharedType: 'collection', collectionId: collection!.id, fromUserId: owner, toEmail: 'friend@example.org', level: 2 });
    await send(context.app, await as(OTHER_MEMBER), 'DELETE', `/collection/${collection!.ref}`);
    expect((await visit(context.app, `/collection/${collection!.ref}`, await as(OTHER_MEMBER))).response.statusCode).toBe(404);

    await restore((await trashEntryOf('collection', collection!.id))!.ref);
    expect((await visit(context.app, `/collection/${collection!.ref}`, await as(OTHER_MEMBER))).response.statusCode).toBe(200);
    expect(await db().select({ section: collectionItems.section }).from(collectionItems).where(eq(collectionItems.collectionId, collection!.id))).toEqual([
      { section: 'Games' },
    ]);
    expect(await db().select({ toEmail: shares.toEmail }).from(shares).where(eq(shares.collectionId, collection!.id))).toEqual([
      { toEmail: 'friend@example.org' },
    ]);
  });

  it('keeps a trashed item’s code from new items, so it comes back with its own', async () => {
    const newest = await createItem(db(), { title: 'Newest of all', code: 'EQ-90001' });
    await send(context.app, await as(ADMIN), 'DELETE', `/i/${newest.ref}`);
    expect(await db().transaction((tx) => nextItemCode(tx))).toBe('EQ-90002');
    await restore((await trashEntryOf('item', newest.id))!.ref);
    expect((await itemRow(db(), newest.id))!.code).toBe('EQ-90001');
  });

  it('leaves out, and names, the links of a one-tag taxonomy’s tag for items tagged otherwise since', async () => {
    const [age] = await db().select().from(taxonomies).where(eq(taxonomies.title, 'Age'));
    const [teens] = await db().insert(tags).values({ taxonomyId: age!.id, label: 'Teens', position: 9 }).returning();
    const retagged = await createItem(db(), { tagLabels: ['Teens'] });
    const untouched = await createItem(db(), { tagLabels: ['Teens'] });
    await send(context.app, await as(ADMIN), 'DELETE', `/admin/tag/${teens!.ref}`);
    await db()
      .insert(itemTags)
      .values({ itemId: retagged.id, tagId: (await tag(db(), 'Youth')).id });

    const { next } = await restore((await trashEntryOf('tag', teens!.id))!.ref);
    expect(next!.notices).toEqual([TRASH_MESSAGES.partlyRestored('Teens', '1 tag link')]);
    expect(await itemTagLabels(db(), retagged.id)).toEqual(['Youth']);
    expect(await itemTagLabels(db(), untouched.id)).toEqual(['Teens']);
  });

  it('keeps a deleted person in the trash with what was theirs, restores them whole, and forgets it all when purged (issue 34 §5)', async () => {
    const email = 'usermanager@example.org';
    const person = await userId(db(), email);
    const [personRow] = await db().select({ ref: users.ref, name: users.name }).from(users).where(eq(users.id, person));
    const theirSession = await as(email);
    const viewed = await createItem(db(), { title: 'Viewed by someone leaving' });
    const made = await createItem(db(), { title: 'Made by someone leaving', owner: email });
    await db().insert(itemViews).values({ itemId: viewed.id, userId: person });
    const [deletedFirst] = await db().insert(collections).values({ userId: person, title: 'Leaving soon' }).returning();
    const [kept] = await db().insert(collections).values({ userId: person, title: 'Kept by someone leaving' }).returning();
    await send(context.app, theirSession, 'DELETE', `/collection/${deletedFirst!.ref}`);

    expect((await send(context.app, await as('superadmin@example.org'), 'DELETE', `/user/${personRow!.ref}`)).statusCode).toBe(303);
    expect(await db().select().from(users).where(eq(users.id, person))).toEqual([]);
    expect((await itemRow(db(), made.id))!.createdByUserId).toBeNull();
    const entry = (await trashEntryOf('user', person))!;
    expect(entry).toMatchObject({ title: personRow!.name, context: email });
    const listed = pageProps((await visit(context.app, '/admin/trash?kind=user', await as(ADMIN))).response.json(), 'admin/trash/Index');
    const shown = listed.entries.data.find((each) => each.ref === entry.ref)!;
    expect(shown.parts.map((part) => part.label)).toEqual(expect.arrayContaining(['1 collection', '1 view']));
    // What was theirs in the trash waits with them: it cannot come back before they do.
    const early = await restore((await trashEntryOf('collection', deletedFirst!.id))!.ref);
    expect(early.next!.notices).toEqual([TRASH_ERRORS.parentGone('person')]);
    // The activity feed names who was deleted, for admins.
    const [event] = await db()
      .select()
      .from(changeHistory)
      .where(eq(changeHistory.kind, 'delete_user'))
      .orderBy(sql`id desc`)
      .limit(1);
    expect(summaryOf(event!)).toBe(`Deleted the user “${personRow!.name}” (${email})`);

    const back = await restore(entry.ref);
    expect(back.next!.notices).toEqual([TRASH_MESSAGES.restored(personRow!.name)]);
    expect((await db().select({ id: users.id }).from(users).where(eq(users.id, person))).length).toBe(1);
    expect((await itemRow(db(), made.id))!.createdByUserId).toBe(person);
    expect((await db().select().from(collections).where(eq(collections.id, kept!.id))).length).toBe(1);
    expect((await db().select().from(itemViews).where(eq(itemViews.userId, person))).length).toBe(1);
    // Their sessions went for good: they sign in again.
    expect((await visit(context.app, '/collection', theirSession)).response.statusCode).not.toBe(200);
    expect((await restore((await trashEntryOf('collection', deletedFirst!.id))!.ref)).next!.notices).toEqual([TRASH_MESSAGES.restored('Leaving soon')]);

    // Deleted again and then for good: what was theirs in the trash goes with them.
    await send(context.app, await as(email), 'DELETE', `/collection/${kept!.ref}`);
    expect(await trashEntryOf('collection', kept!.id)).toBeDefined();
    await send(context.app, await as('superadmin@example.org'), 'DELETE', `/user/${personRow!.ref}`);
    const jar = await as(ADMIN);
    expect((await send(context.app, jar, 'DELETE', `/admin/trash/${(await trashEntryOf('user', person))!.ref}`)).statusCode).toBe(303);
    expect(await trashEntryOf('collection', kept!.id)).toBeUndefined();
  });

  it('is for admins alone: others are refused the page, the restore and the purge, and nothing changes', async () => {
    const item = await createItem(db(), { title: 'Kept in the trash' });
    await send(context.app, await as(ADMIN), 'DELETE', `/i/${item.ref}`);
    const entry = (await trashEntryOf('item', item.id))!;
    for (const email of [MAINTAINER, OTHER_MEMBER]) {
      const jar = await as(email);
      expect((await visit(context.app, '/admin/trash', jar)).response.statusCode).toBe(403);
      expect((await send(context.app, jar, 'POST', `/admin/trash/${entry.ref}/restore`)).statusCode).toBe(403);
      expect((await send(context.app, jar, 'DELETE', `/admin/trash/${entry.ref}`)).statusCode).toBe(403);
    }
    expect(await trashEntryOf('item', item.id)).toBeDefined();
    expect(await itemRow(db(), item.id)).toBeUndefined();
    expect((await restore('nosuchref123')).next!.notices).toEqual([TRASH_ERRORS.gone]);
  });

  it('purges what has waited out the retention, drive folder included, and an entry an admin deletes for good at once', async () => {
    const old = await furnishedItem('Purged when old');
    const recent = await createItem(db(), { title: 'Deleted recently' });
    const now = await createItem(db(), { title: 'Deleted for good now' });
    for (const item of [old.item, recent, now]) await send(context.app, await as(ADMIN), 'DELETE', `/i/${item.ref}`);
    await db()
      .update(trashEntries)
      .set({ deletedAt: sql`now() - interval '31 days'` })
      .where(and(eq(trashEntries.kind, 'item'), eq(trashEntries.subjectId, old.item.id)));

    const store = localImageStore(imagesDirIn(context.app.config.DATA_DIR));
    const services = {
      drive: context.drive,
      removeImageFiles: (images: readonly unknown[]) => removeImageFiles(store, images as StoredImage[], context.app.log),
      log: context.app.log,
    };
    expect(await purgeOldTrash(context.app, services, 30)).toBe(1);
    expect(await trashEntryOf('item', old.item.id)).toBeUndefined();
    await expect(context.drive.untrash(old.folder.id)).rejects.toBeInstanceOf(DriveNotFoundError);
    expect(await trashEntryOf('item', recent.id)).toBeDefined();

    const entry = (await trashEntryOf('item', now.id))!;
    const jar = await as(ADMIN);
    expect((await send(context.app, jar, 'DELETE', `/admin/trash/${entry.ref}`)).statusCode).toBe(303);
    expect((await nextPage(context.app, jar)).notices).toEqual([TRASH_MESSAGES.deletedForGood('Deleted for good now')]);
    expect(await trashEntryOf('item', now.id)).toBeUndefined();
    expect((await db().select({ id: itemTags.itemId }).from(itemTags).where(eq(itemTags.itemId, now.id))).length).toBe(0);
  });
});
