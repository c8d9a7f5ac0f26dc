import { eq, sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { COLLECTION_MESSAGES, COLLECTION_TEXTS, type CollectionChoice } from '../../shared/collections';
import type { FlashNotification } from '../../shared/props';
import { SIGN_IN_HINT } from '../../shared/messages';
import { collectionItems } from '../../server/db/schema';
import { nextPage, send, visit } from '../support/http';
import { useSessionTestApp } from '../support/sessions';
import { ADMIN, AFFILIATE, COLLECTIONS, ENTRIES, ITEMS, LEADER, MEMBER, seedCollectionLibrary, STAFF, storedEntries } from './collections-fixture';
import { expectInertia } from '../../server/inertia/testing';

const ctx = useSessionTestApp({ seed: seedCollectionLibrary });

const addUrl = (collectionRef: string, itemRef: string) => `/collection/${collectionRef}/item/${itemRef}`;
const entryUrl = (ref: string) => `/collection_item/${ref}`;

async function entryCount(): Promise<number> {
  const [row] = await ctx
    .db()
    .select({ count: sql<number>`count(*)::int` })
    .from(collectionItems);
  return row!.count;
}

/** A fresh collection of the affiliate's: holding the open and games items in section 'A', the unlisted one in 'B'. */
async function affiliateCollectionWithEntries() {
  const jar = await ctx.as(AFFILIATE);
  const created = await send(ctx.app, jar, 'POST', '/collection', { title: `Reorder ${Math.random()}`, description: '', public: false });
  const ref = (created.headers.location as string).split('/')[2]!;
  for (const [item, section] of [
    [ITEMS.open.ref, 'A'],
    [ITEMS.games.ref, 'A'],
    [ITEMS.unlisted.ref, 'B'],
  ] as const) {
    expect((await send(ctx.app, jar, 'POST', addUrl(ref, item), { note: '', section })).statusCode).toBe(303);
  }
  const entries = await storedEntries(ctx.db(), ref);
  const entryOf = (position: number, section: string) => entries.find((entry) => entry.section === section && entry.position === position)!.ref;
  return { jar, ref, open: entryOf(0, 'A'), games: entryOf(1, 'A'), unlisted: entryOf(0, 'B') };
}

const layout = async (collectionRef: string) => (await storedEntries(ctx.db(), collectionRef)).map((entry) => [entry.ref, entry.section, entry.position]);

describe('POST /collection/{collection}/item/{ref} (Add to Collection)', () => {
  it('asks to choose a collection when none is chosen, under `collection`, and writes nothing', async () => {
    const jar = await ctx.as(AFFILIATE);
    const before = await entryCount();
    for (const collection of ['', 'none']) {
      const response = await send(ctx.app, jar, 'POST', addUrl(collection, ITEMS.games.ref), { note: 'n', section: 's' });
      expect(response.statusCode).toBe(303);
      expect(response.headers.location).toBe(`/i/${ITEMS.games.ref}`);
      expect((await nextPage(ctx.app, jar)).errors).toEqual({ collection: COLLECTION_MESSAGES.collectionRequired });
    }
    expect(await entryCount()).toBe(before);
  });

  it('appends the item to the end of its section with note and section, back to the item with a notice', async () => {
    const jar = await ctx.as(AFFILIATE);
    const response = await send(ctx.app, jar, 'POST', addUrl(COLLECTIONS.private.ref, ITEMS.unlisted.ref), { note: ' Quiet time ', section: 'Week 1' });
    expect(response.statusCode).toBe(303);
    expect(response.headers.location).toBe(`/i/${ITEMS.unlisted.ref}`);
    const notifications = (await visit(ctx.app, '/', jar)).page.flash.notifications as FlashNotification[];
    expect(notifications).toContainEqual(
      expect.objectContaining({
        message: COLLECTION_MESSAGES.added(COLLECTIONS.private.title),
        link: { href: `/collection/${COLLECTIONS.private.ref}`, label: COLLECTION_TEXTS.openCollection },
      }),
    );
    const added = (await storedEntries(ctx.db(), COLLECTIONS.private.ref)).find((entry) => entry.ref !== ENTRIES.privateOpen && entry.section === 'Week 1');
    expect(added).toMatchObject({ section: 'Week 1', position: 1, note: 'Quiet time' });
  });

  it('refuses an item already in the collection with a field error, writing nothing', async () => {
    const jar = await ctx.as(AFFILIATE);
    const before = await entryCount();
    const response = await send(ctx.app, jar, 'POST', addUrl(COLLECTIONS.private.ref, ITEMS.open.ref), { note: '', section: 'Week 9' });
    expect(response.statusCode).toBe(303);
    expect((await nextPage(ctx.app, jar)).errors).toEqual({ collection: COLLECTION_MESSAGES.alreadyInCollection });
    expect(await entryCount()).toBe(before);
  });

  it('adds only items the viewer may open, only into their own collection, and only for signed-in viewers', async () => {
    const before = await entryCount();
    const affiliate = await ctx.as(AFFILIATE);
    expect((await send(ctx.app, affiliate, 'POST', addUrl(COLLECTIONS.private.ref, ITEMS.staff.ref), {})).statusCode).toBe(403);
    expect((await send(ctx.app, affiliate, 'POST', addUrl(COLLECTIONS.private.ref, ITEMS.draft.ref), {})).statusCode).toBe(403);
    expect((await send(ctx.app, affiliate, 'POST', addUrl(COLLECTIONS.private.ref, 'nosuchitem01'), {})).statusCode).toBe(404);
    expect((await send(ctx.app, affiliate, 'POST', addUrl(COLLECTIONS.public.ref, ITEMS.games.ref), {})).statusCode).toBe(403);
    expect((await send(ctx.app, await ctx.as(ADMIN), 'POST', addUrl(COLLECTIONS.private.ref, ITEMS.games.ref), {})).statusCode).toBe(403);
    const anonymous = await send(ctx.app, await ctx.as(null), 'POST', addUrl(COLLECTIONS.public.ref, ITEMS.games.ref), {});
    expect(anonymous.statusCode).toBe(403);
    expectInertia(anonymous).prop('detail', SIGN_IN_HINT);
    expect(await entryCount()).toBe(before);
  });

  it('refuses a note that is too long under its field', async () => {
    const jar = await ctx.as(AFFILIATE);
    await send(ctx.app, jar, 'POST', addUrl(COLLECTIONS.private.ref, ITEMS.games.ref), { note: 'x'.repeat(2001), section: '' });
    expect((await nextPage(ctx.app, jar)).errors).toEqual({ note: COLLECTION_MESSAGES.noteTooLong });
  });
});

describe('the item page’s collection choices', () => {
  const partial = { 'x-inertia-partial-component': 'items/Show', 'x-inertia-partial-data': 'collectionChoices' };

  it('are sent only when asked for, with each collection’s sections', async () => {
    const jar = await ctx.as(STAFF);
    const full = await visit(ctx.app, `/i/${ITEMS.games.ref}`, jar);
    expectInertia(full.page).missingProp('collectionChoices');
    const { page } = await visit(ctx.app, `/i/${ITEMS.games.ref}`, jar, partial);
    expect(page.props.collectionChoices as CollectionChoice[]).toEqual([
      { ref: COLLECTIONS.public.ref, title: COLLECTIONS.public.title, sections: ['Extras'], holdsItem: false },
    ]);
  });

  it('say which of the viewer’s collections already hold the page’s item', async () => {
    const jar = await ctx.as(AFFILIATE);
    const created = await send(ctx.app, jar, 'POST', '/collection', { title: 'Another Plan', description: '', public: false });
    const anotherRef = (created.headers.location as string).split('/')[2]!;
    const choicesOn = async (itemRef: string) =>
      ((await visit(ctx.app, `/i/${itemRef}`, jar, partial)).page.props.collectionChoices as CollectionChoice[]).map((choice) => [
        choice.ref,
        choice.holdsItem,
      ]);

    expect(await choicesOn(ITEMS.open.ref)).toEqual([
      [anotherRef, false],
      [COLLECTIONS.private.ref, true],
    ]);
    await send(ctx.app, jar, 'POST', addUrl(anotherRef, ITEMS.games.ref), { note: '', section: '' });
    expect(await choicesOn(ITEMS.games.ref)).toEqual([
      [anotherRef, true],
      [COLLECTIONS.private.ref, true],
    ]);
    expect(await choicesOn(ITEMS.open.ref)).toEqual([
      [anotherRef, false],
      [COLLECTIONS.private.ref, true],
    ]);
  });

  it('are empty for anonymous visitors', async () => {
    const { page } = await visit(ctx.app, `/i/${ITEMS.games.ref}`, await ctx.as(null), partial);
    expectInertia(page).prop('collectionChoices', []);
  });
});

describe('PATCH /collection_item/{ref}', () => {
  it('moves an entry to another section at a position, renumbering both sections without gaps', async () => {
    const { jar, ref, open, games, unlisted } = await affiliateCollectionWithEntries();
    const response = await send(ctx.app, jar, 'PATCH', entryUrl(open), { section: 'B', position: 0 });
    expect(response.statusCode).toBe(303);
    expect(response.headers.location).toBe(`/collection/${ref}`);
    expect(await layout(ref)).toEqual([
      [games, 'A', 0],
      [open, 'B', 0],
      [unlisted, 'B', 1],
    ]);
    // The page shows the saved order.
    const { page } = await visit(ctx.app, `/collection/${ref}`, jar);
    expect(page.props.sections.map((section: { section: string; refs: string[] }) => [section.section, section.refs])).toEqual([
      ['A', [games]],
      ['B', [open, unlisted]],
    ]);
  });

  it('re-orders within a section, and a position past the end means last', async () => {
    const { jar, ref, open, games, unlisted } = await affiliateCollectionWithEntries();
    await send(ctx.app, jar, 'PATCH', entryUrl(games), { section: 'A', position: 0 });
    expect(await layout(ref)).toEqual([
      [games, 'A', 0],
      [open, 'A', 1],
      [unlisted, 'B', 0],
    ]);
    await send(ctx.app, jar, 'PATCH', entryUrl(unlisted), { section: 'A', position: 99 });
    expect(await layout(ref)).toEqual([
      [games, 'A', 0],
      [open, 'A', 1],
      [unlisted, 'A', 2],
    ]);
  });

  it('saves the note and a new section from the entry editor, appending it there', async () => {
    const { jar, ref, open, games, unlisted } = await affiliateCollectionWithEntries();
    await send(ctx.app, jar, 'PATCH', entryUrl(open), { note: 'Bring a guitar', section: 'Evening' });
    expect((await nextPage(ctx.app, jar)).notices).toContain(COLLECTION_MESSAGES.itemSaved);
    expect(await storedEntries(ctx.db(), ref)).toEqual([
      { ref: games, section: 'A', position: 0, note: '' },
      { ref: unlisted, section: 'B', position: 0, note: '' },
      { ref: open, section: 'Evening', position: 0, note: 'Bring a guitar' },
    ]);
  });

  it('refuses bad input under its field and changes nothing', async () => {
    const { jar, ref } = await affiliateCollectionWithEntries();
    const before = await layout(ref);
    const entries = await storedEntries(ctx.db(), ref);
    await send(ctx.app, jar, 'PATCH', entryUrl(entries[0]!.ref), { section: 'B', position: -1 });
    expect((await nextPage(ctx.app, jar)).errors).toEqual({ position: COLLECTION_MESSAGES.positionInvalid });
    await send(ctx.app, jar, 'PATCH', entryUrl(entries[0]!.ref), { section: 'x'.repeat(256) });
    expect((await nextPage(ctx.app, jar)).errors).toEqual({ section: COLLECTION_MESSAGES.sectionTooLong });
    await send(ctx.app, jar, 'PATCH', entryUrl(entries[0]!.ref), {});
    expect(Object.keys((await nextPage(ctx.app, jar)).errors)).toEqual(['form']);
    expect(await layout(ref)).toEqual(before);
  });

  it('expresses the keyboard moves (down within a section, to the end of another), and refuses positions that are not a place', async () => {
    const { jar, ref, open, games, unlisted } = await affiliateCollectionWithEntries();
    // Move down: the entry's index + 1 in its own section.
    await send(ctx.app, jar, 'PATCH', entryUrl(open), { section: 'A', position: 1 });
    expect(await layout(ref)).toEqual([
      [games, 'A', 0],
      [open, 'A', 1],
      [unlisted, 'B', 0],
    ]);
    // Move to another section: its length, so the entry goes last there.
    await send(ctx.app, jar, 'PATCH', entryUrl(games), { section: 'B', position: 1 });
    expect(await layout(ref)).toEqual([
      [open, 'A', 0],
      [unlisted, 'B', 0],
      [games, 'B', 1],
    ]);
    const before = await layout(ref);
    for (const position of ['1.5', 'first', '100001', '', '-0.5']) {
      const response = await send(ctx.app, jar, 'PATCH', entryUrl(games), { section: 'A', position });
      expect(response.statusCode, `position ${JSON.stringify(position)}`).toBe(303);
      expect((await nextPage(ctx.app, jar)).errors, `position ${JSON.stringify(position)}`).toEqual({ position: COLLECTION_MESSAGES.positionInvalid });
    }
    expect(await layout(ref)).toEqual(before);
  });

  it('refuses everyone but the owner: other members, admins, anonymous visitors', async () => {
    const before = await layout(COLLECTIONS.public.ref);
    for (const email of [MEMBER, AFFILIATE, ADMIN, null]) {
      expect((await send(ctx.app, await ctx.as(email), 'PATCH', entryUrl(ENTRIES.publicOpen), { section: 'Extras', position: 0 })).statusCode).toBe(403);
    }
    expect((await send(ctx.app, await ctx.as(LEADER), 'PATCH', entryUrl(ENTRIES.privateOpen), { note: 'mine now' })).statusCode).toBe(403);
    expect((await send(ctx.app, await ctx.as(STAFF), 'PATCH', entryUrl('nosuchentry1'), { note: 'x' })).statusCode).toBe(404);
    expect(await layout(COLLECTIONS.public.ref)).toEqual(before);
  });
});

describe('DELETE /collection_item/{ref}', () => {
  it('refuses everyone but the owner', async () => {
    const before = await entryCount();
    for (const email of [MEMBER, AFFILIATE, ADMIN, null]) {
      expect((await send(ctx.app, await ctx.as(email), 'DELETE', entryUrl(ENTRIES.publicStaff))).statusCode).toBe(403);
    }
    expect(await entryCount()).toBe(before);
  });

  it('removes the entry and closes the gap in its section', async () => {
    const { jar, ref, open, games, unlisted } = await affiliateCollectionWithEntries();
    const response = await send(ctx.app, jar, 'DELETE', entryUrl(open));
    expect(response.statusCode).toBe(303);
    expect(response.headers.location).toBe(`/collection/${ref}`);
    expect((await nextPage(ctx.app, jar)).notices).toContain(COLLECTION_MESSAGES.removed);
    expect(await layout(ref)).toEqual([
      [games, 'A', 0],
      [unlisted, 'B', 0],
    ]);
    expect(await ctx.db().select().from(collectionItems).where(eq(collectionItems.ref, open))).toHaveLength(0);
  });
});
