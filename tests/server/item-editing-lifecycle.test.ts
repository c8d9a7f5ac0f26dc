import { describe, expect, it } from 'vitest';
import { count, eq, sql } from 'drizzle-orm';
import { VISIBILITY } from '../../shared/enums';
import { itemCharacteristics, items, itemTags, users } from '../../server/db/schema';
import { useSessionTestApp } from '../support/sessions';
import {
  ADMIN,
  MAINTAINER,
  OTHER_MEMBER,
  characteristicValues,
  createItem,
  itemRow,
  itemTagLabels,
  nextPage,
  seedEditingLibrary,
  send,
  userId,
} from './item-editing-fixtures';

const context = useSessionTestApp({ seed: seedEditingLibrary });
const { db, as } = context;

async function rowCounts() {
  const [[itemCount], [tagCount], [valueCount]] = await Promise.all([
    db().select({ n: count() }).from(items),
    db().select({ n: count() }).from(itemTags),
    db().select({ n: count() }).from(itemCharacteristics),
  ]);
  return { items: itemCount!.n, tags: tagCount!.n, values: valueCount!.n };
}

async function itemByRef(ref: string) {
  const [row] = await db().select().from(items).where(eq(items.ref, ref));
  return row;
}

describe('POST /i/{ref} duplicates', () => {
  it('copies a published item into a new draft of the viewer’s own, with tags and visible characteristic values', async () => {
    const source = await createItem(db(), {
      owner: ADMIN,
      title: 'Camp games',
      code: 'EQ-00041',
      visibility: VISIBILITY.DISCOVERABLE,
      minimumAccessLevel: 1,
      tagLabels: ['Resource', 'Games'],
      characteristicValues: { Licence: 'CC BY', 'Replacement value': '300' },
    });
    const jar = await as(MAINTAINER);
    const response = await send(context.app, jar, 'POST', `/i/${source.ref}`);

    expect(response.statusCode).toBe(303);
    const copyRef = String(response.headers.location).replace('/i/', '');
    const copy = await itemByRef(copyRef);
    expect(copy).toMatchObject({
      title: 'Copy of Camp games',
      code: 'EQ-00042',
      visibility: VISIBILITY.DRAFT,
      minimumAccessLevel: 1,
      topic: source.topic,
      blurb: source.blurb,
      authors: source.authors,
      createdByUserId: await userId(db(), MAINTAINER),
    });
    expect(await itemTagLabels(db(), copy!.id)).toEqual(['Games', 'Resource']);
    // Non-public values are for admins only, so a maintainer's copy leaves them behind.
    expect(await characteristicValues(db(), copy!.id)).toEqual({ Licence: 'CC BY' });
    expect((await nextPage(context.app, jar)).notices).toEqual(['Duplicated as "Copy of Camp games"']);
    expect(await itemRow(db(), source.id)).toEqual(source);
  });

  it('gives an admin’s copy the non-public values too', async () => {
    const source = await createItem(db(), { characteristicValues: { 'Replacement value': '300' } });
    const response = await send(context.app, await as(ADMIN), 'POST', `/i/${source.ref}`);
    const copy = await itemByRef(String(response.headers.location).replace('/i/', ''));
    expect(await characteristicValues(db(), copy!.id)).toEqual({ 'Replacement value': '300' });
  });

  it('refuses anonymous visitors, members below the create level and viewers who cannot open the item', async () => {
    const published = await createItem(db(), { visibility: VISIBILITY.DISCOVERABLE });
    const draft = await createItem(db(), { visibility: VISIBILITY.DRAFT });
    const before = await rowCounts();

    expect((await send(context.app, await as(null), 'POST', `/i/${published.ref}`)).statusCode).toBe(403);
    expect((await send(context.app, await as(OTHER_MEMBER), 'POST', `/i/${published.ref}`)).statusCode).toBe(403);
    expect((await send(context.app, await as('leader@example.org'), 'POST', `/i/${draft.ref}`)).statusCode).toBe(403);
    expect((await send(context.app, await as(ADMIN), 'POST', '/i/nosuchitem12')).statusCode).toBe(404);
    expect(await rowCounts()).toEqual(before);
  });

  it('leaves nothing behind when copying fails part-way', async () => {
    const source = await createItem(db(), { tagLabels: ['Resource'], characteristicValues: { Licence: 'Fails on copy' } });
    await db().execute(sql`
      create function refuse_failing_value() returns trigger language plpgsql as $$
      begin
        if new.value = 'Fails on copy' then raise exception 'forced failure'; end if;
        return new;
      end $$`);
    await db().execute(sql`create trigger refuse_failing_value before insert on item_characteristics for each row execute function refuse_failing_value()`);
    const before = await rowCounts();
    try {
      const response = await send(context.app, await as(MAINTAINER), 'POST', `/i/${source.ref}`);
      expect(response.statusCode).toBe(500);
      expect(await rowCounts()).toEqual(before);
    } finally {
      await db().execute(sql`drop trigger refuse_failing_value on item_characteristics`);
      await db().execute(sql`drop function refuse_failing_value()`);
    }
  });
});

describe('DELETE /i/{ref}', () => {
  it('lets the maintainer delete their own draft with everything hanging off it, then go to /draft', async () => {
    const item = await createItem(db(), { visibility: VISIBILITY.PENDING, tagLabels: ['Resource'], characteristicValues: { Licence: 'CC0' } });
    await db()
      .update(users)
      .set({ personItemId: item.id })
      .where(eq(users.id, await userId(db(), MAINTAINER)));
    const jar = await as(MAINTAINER);
    const response = await send(context.app, jar, 'DELETE', `/i/${item.ref}`);

    expect(response.statusCode).toBe(303);
    expect(response.headers.location).toBe('/draft');
    expect(await itemRow(db(), item.id)).toBeUndefined();
    expect(await itemTagLabels(db(), item.id)).toEqual([]);
    expect(await characteristicValues(db(), item.id)).toEqual({});
    const [maintainer] = await db()
      .select({ personItemId: users.personItemId })
      .from(users)
      .where(eq(users.id, await userId(db(), MAINTAINER)));
    expect(maintainer?.personItemId).toBeNull();
    expect((await nextPage(context.app, jar)).notices).toEqual([`Deleted "${item.title}"`]);
  });

  it('refuses the maintainer of a published item', async () => {
    for (const visibility of [VISIBILITY.HIDDEN, VISIBILITY.UNLISTED, VISIBILITY.DISCOVERABLE]) {
      const item = await createItem(db(), { visibility });
      expect((await send(context.app, await as(MAINTAINER), 'DELETE', `/i/${item.ref}`)).statusCode).toBe(403);
      expect(await itemRow(db(), item.id)).toBeDefined();
    }
  });

  it('refuses anonymous visitors and other members, and lets an admin delete any item', async () => {
    const item = await createItem(db(), { visibility: VISIBILITY.DISCOVERABLE });
    expect((await send(context.app, await as(null), 'DELETE', `/i/${item.ref}`)).statusCode).toBe(403);
    expect((await send(context.app, await as(OTHER_MEMBER), 'DELETE', `/i/${item.ref}`)).statusCode).toBe(403);
    expect(await itemRow(db(), item.id)).toBeDefined();

    const response = await send(context.app, await as(ADMIN), 'DELETE', `/i/${item.ref}`);
    expect(response.statusCode).toBe(303);
    expect(response.headers.location).toBe('/item');
    expect(await itemRow(db(), item.id)).toBeUndefined();
  });

  it('answers 404 for an unknown item', async () => {
    expect((await send(context.app, await as(ADMIN), 'DELETE', '/i/nosuchitem12')).statusCode).toBe(404);
  });
});
