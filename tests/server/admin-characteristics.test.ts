/** Characteristics in the admin area (admin-curation §2, §3 Characteristic, §7, §8). */
import { asc, eq, sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { CHARACTERISTIC_FORMAT_LABELS, CHARACTERISTIC_MESSAGES, type AdminCharacteristic } from '../../shared/admin';
import { CHARACTERISTIC_FORMATS, VISIBILITY } from '../../shared/enums';
import { SIGN_IN_HINT } from '../../shared/messages';
import { DEFAULT_PAGE_SIZE, type PaginationLink } from '../../shared/pagination';
import { characteristics, itemCharacteristics, items } from '../../server/db/schema';
import { inertiaHeaders, nextPage, send, visit, xsrfHeader } from '../support/http';
import type { CookieJar } from '../support/app';
import { seedDemoAccounts } from '../support/seed';
import { useSessionTestApp } from '../support/sessions';
import type { DatabaseHandle } from '../../server/db/client';
import { expectInertia } from '../../server/inertia/testing';

const ADMIN = 'admin@example.org';
const MEMBER = 'member@example.org';
/** Staff (level 4) but not an admin. */
const STAFF = 'staff@example.org';
const AGES = { ref: 'charages0001', title: 'Ages', usageNote: 'Who it suits', format: 'text', public: true, position: 0 };
const PAGES = { ref: 'charpages001', title: 'Pages', usageNote: '', format: 'integer', public: false, position: 1 };
const ITEM_REF = 'charitem0001';

async function seed(handle: DatabaseHandle): Promise<void> {
  await seedDemoAccounts(handle);
  const [charAges] = await handle.db.insert(characteristics).values([AGES, PAGES]).returning({ id: characteristics.id });
  const [item] = await handle.db
    .insert(items)
    .values({ ref: ITEM_REF, code: 'CH-1', title: 'Bible Quiz', visibility: VISIBILITY.DISCOVERABLE })
    .returning({ id: items.id });
  await handle.db.insert(itemCharacteristics).values({ itemId: item!.id, characteristicId: charAges!.id, value: '11-14' });
}

const ctx = useSessionTestApp({ seed });

async function stored() {
  return ctx
    .db()
    .select({ title: characteristics.title, usageNote: characteristics.usageNote, format: characteristics.format, public: characteristics.public })
    .from(characteristics)
    .orderBy(asc(characteristics.id));
}

async function count(): Promise<number> {
  const [row] = await ctx
    .db()
    .select({ count: sql<number>`count(*)::int` })
    .from(characteristics);
  return row!.count;
}

const detailUrl = (ref: string) => `/admin/characteristic/${ref}`;

/** POST /admin/characteristic from the list page, with the Referer the Inertia client sends. */
async function createFromList(jar: CookieJar, payload: Record<string, unknown>) {
  const response = await ctx.app.inject({
    method: 'POST',
    url: '/admin/characteristic',
    headers: { ...(await inertiaHeaders(ctx.app)), ...xsrfHeader(jar), 'content-type': 'application/json', referer: 'http://localhost/admin/characteristic' },
    payload: JSON.stringify(payload),
  });
  jar.store(response);
  return response;
}

describe('GET /admin/characteristic and /admin/characteristics', () => {
  it('refuses anonymous visitors with the sign-in hint and members and staff with a plain 403, under both spellings', async () => {
    for (const url of ['/admin/characteristic', '/admin/characteristics', detailUrl(AGES.ref)]) {
      const anonymous = await visit(ctx.app, url, await ctx.as(null));
      expect(anonymous.response.statusCode).toBe(403);
      expectInertia(anonymous.page).prop('detail', SIGN_IN_HINT);
      const document = await ctx.app.inject({ method: 'GET', url });
      expectInertia(document).prop('detail', SIGN_IN_HINT);
      const member = await visit(ctx.app, url, await ctx.as(MEMBER));
      expect(member.response.statusCode).toBe(403);
      expectInertia(member.page).prop('detail', null);
      expect(member.response.body).not.toContain(AGES.title);
      const staff = await visit(ctx.app, url, await ctx.as(STAFF));
      expect(staff.response.statusCode).toBe(403);
      expectInertia(staff.page).prop('detail', null);
      expect(staff.response.body).not.toContain(AGES.title);
    }
  });

  it('shows an admin every characteristic with the format map, under both spellings', async () => {
    const jar = await ctx.as(ADMIN);
    for (const url of ['/admin/characteristic', '/admin/characteristics']) {
      const { response, page } = await visit(ctx.app, url, jar);
      expect(response.statusCode).toBe(200);
      expectInertia(page)
        .component('admin/characteristic/Index')
        .prop('characteristics.data', [
          { ref: AGES.ref, title: 'Ages', usage_note: 'Who it suits', format: 'text', minimum: null, public: true },
          { ref: PAGES.ref, title: 'Pages', usage_note: '', format: 'integer', minimum: null, public: false },
        ]);
      expect(page.props.characteristics.links.map((link: PaginationLink) => link.url)).toEqual(['', url, '']);
      expectInertia(page)
        .prop('formats', CHARACTERISTIC_FORMATS)
        .props({ can: { create: true, update: true, delete: true, share: true } })
        .prop('title', 'Characteristics')
        .prop('breadcrumbs', [
          { label: 'Admin', href: '/admin' },
          { label: 'Characteristics', href: '/admin/characteristic' },
        ]);
    }
  });

  it('pages the list by links', async () => {
    const extra = Array.from({ length: DEFAULT_PAGE_SIZE }, (_, index) => ({
      ref: `charpaged${String(index).padStart(3, '0')}`,
      title: `Paged ${String(index).padStart(3, '0')}`,
      position: 10,
    }));
    await ctx.db().insert(characteristics).values(extra);
    try {
      const jar = await ctx.as(ADMIN);
      const first = (await visit(ctx.app, '/admin/characteristics', jar)).page;
      expect(first.props.characteristics.data).toHaveLength(DEFAULT_PAGE_SIZE);
      expect(first.props.characteristics.links.map((link: PaginationLink) => link.url)).toEqual([
        '',
        '/admin/characteristics',
        '/admin/characteristics?page=2',
        '/admin/characteristics?page=2',
      ]);
      const second = (await visit(ctx.app, '/admin/characteristics?page=2', jar)).page;
      // Ordered by position, then title: the two seeded ones first, so the last two of the extra ones are on page 2.
      expect(second.props.characteristics.data.map((row: AdminCharacteristic) => row.title)).toEqual(['Paged 022', 'Paged 023']);
    } finally {
      await ctx
        .db()
        .delete(characteristics)
        .where(sql`${characteristics.ref} like 'charpaged%'`);
    }
  });
});

describe('POST /admin/characteristic', () => {
  it('refuses anonymous visitors, members and staff, writing nothing', async () => {
    const before = await count();
    for (const email of [null, MEMBER, STAFF]) {
      const response = await send(ctx.app, await ctx.as(email), 'POST', '/admin/characteristic', {
        title: 'Sneaky',
        usage_note: '',
        format: 'text',
        public: true,
      });
      expect(response.statusCode).toBe(403);
    }
    expect(await count()).toBe(before);
  });

  it('needs a title: the error comes back under title and nothing is written', async () => {
    const jar = await ctx.as(ADMIN);
    const before = await count();
    const response = await createFromList(jar, { title: '  ', usage_note: 'x', format: 'text', public: false });
    expect(response.statusCode).toBe(303);
    expect(response.headers.location).toBe('/admin/characteristic');
    expect((await nextPage(ctx.app, jar)).errors).toEqual({ title: CHARACTERISTIC_MESSAGES.titleRequired });
    expect(await count()).toBe(before);
  });

  it('refuses an unknown format and a title already taken (in any case) as field errors', async () => {
    const jar = await ctx.as(ADMIN);
    const before = await count();
    await send(ctx.app, jar, 'POST', '/admin/characteristic', { title: 'Colour', usage_note: '', format: 'colour', public: false });
    expect((await nextPage(ctx.app, jar)).errors).toEqual({ format: CHARACTERISTIC_MESSAGES.formatInvalid });
    const taken = await send(ctx.app, jar, 'POST', '/admin/characteristic', { title: ' ages ', usage_note: '', format: 'text', public: false });
    expect(taken.statusCode).toBe(303);
    expect((await nextPage(ctx.app, jar)).errors).toEqual({ title: CHARACTERISTIC_MESSAGES.titleTaken });
    expect(await count()).toBe(before);
  });

  it('creates it with its fields after the others, back on the list with a notice', async () => {
    const jar = await ctx.as(ADMIN);
    const response = await send(ctx.app, jar, 'POST', '/admin/characteristic', {
      title: ' Duration ',
      usage_note: 'Minutes needed',
      format: 'integer',
      public: true,
    });
    expect(response.statusCode).toBe(303);
    expect(response.headers.location).toBe('/admin/characteristic');
    const { notices, errors } = await nextPage(ctx.app, jar);
    expect(errors).toEqual({});
    expect(notices).toContain(CHARACTERISTIC_MESSAGES.created('Duration'));
    const [row] = await ctx.db().select().from(characteristics).where(eq(characteristics.title, 'Duration'));
    expect(row).toMatchObject({ usageNote: 'Minutes needed', format: 'integer', public: true, position: 2 });
    await ctx.db().delete(characteristics).where(eq(characteristics.title, 'Duration'));
  });
});

describe('GET /admin/characteristic/{ref}', () => {
  it('shows an admin the characteristic with the format map', async () => {
    const { response, page } = await visit(ctx.app, detailUrl(PAGES.ref), await ctx.as(ADMIN));
    expect(response.statusCode).toBe(200);
    expectInertia(page).component('admin/characteristic/Show');
    expectInertia(page)
      .prop('characteristic', { ref: PAGES.ref, title: 'Pages', usage_note: '', format: 'integer', minimum: null, public: false })
      .prop('formats', CHARACTERISTIC_FORMAT_LABELS)
      .prop('valueCount', 0);
    expectInertia((await visit(ctx.app, detailUrl(AGES.ref), await ctx.as(ADMIN))).page).prop('valueCount', 1);
    expect(page.props.breadcrumbs.at(-1)).toEqual({ label: 'Pages', href: detailUrl(PAGES.ref) });
  });

  it('answers 404 for an unknown or malformed ref', async () => {
    const jar = await ctx.as(ADMIN);
    expect((await visit(ctx.app, detailUrl('nosuchchar00'), jar)).response.statusCode).toBe(404);
    expect((await visit(ctx.app, detailUrl('NOT-A-REF!'), jar)).response.statusCode).toBe(404);
  });
});

/** A characteristic of its own (the file's database is shared by its tests), held by one new item per value. */
async function characteristicWith(ref: string, format: string, values: string[]): Promise<void> {
  const [characteristic] = await ctx
    .db()
    .insert(characteristics)
    .values({ ref, title: `Format test ${ref}`, format, position: 9 })
    .returning({ id: characteristics.id });
  const created = await ctx
    .db()
    .insert(items)
    .values(
      values.map((_, index) => ({
        ref: `${ref.slice(0, 8)}${String(index).padStart(4, '0')}`,
        code: `${ref.slice(0, 8)}-${index}`,
        title: `Converted ${index}`,
      })),
    )
    .returning({ id: items.id });
  await ctx
    .db()
    .insert(itemCharacteristics)
    .values(created.map((item, index) => ({ itemId: item.id, characteristicId: characteristic!.id, value: values[index]! })));
}

async function formatAndValuesOf(ref: string): Promise<{ format: string; values: string[] }> {
  const [characteristic] = await ctx
    .db()
    .select({ id: characteristics.id, format: characteristics.format })
    .from(characteristics)
    .where(eq(characteristics.ref, ref));
  const rows = await ctx
    .db()
    .select({ value: itemCharacteristics.value })
    .from(itemCharacteristics)
    .where(eq(itemCharacteristics.characteristicId, characteristic!.id))
    .orderBy(asc(itemCharacteristics.itemId));
  return { format: characteristic!.format, values: rows.map((row) => row.value) };
}

async function removeCharacteristic(ref: string): Promise<void> {
  await ctx.db().delete(characteristics).where(eq(characteristics.ref, ref));
}

describe('PATCH /admin/characteristic/{ref}', () => {
  it('refuses anonymous visitors, members and staff, writing nothing', async () => {
    for (const email of [null, MEMBER, STAFF]) {
      const response = await send(ctx.app, await ctx.as(email), 'PATCH', detailUrl(PAGES.ref), { title: 'Hacked' });
      expect(response.statusCode).toBe(403);
    }
    expect((await stored()).map((row) => row.title)).toEqual(['Ages', 'Pages']);
  });

  it('saves each field one at a time', async () => {
    const jar = await ctx.as(ADMIN);
    const url = detailUrl(PAGES.ref);
    for (const body of [{ title: ' Page count ' }, { usage_note: 'Printed pages' }, { format: 'year_month' }, { public: true }, { public: 'false' }]) {
      const response = await send(ctx.app, jar, 'PATCH', url, body);
      expect(response.statusCode).toBe(303);
      expect(response.headers.location).toBe(url);
      expect((await nextPage(ctx.app, jar)).notices).toContain(CHARACTERISTIC_MESSAGES.saved);
    }
    expect((await stored())[1]).toEqual({ title: 'Page count', usageNote: 'Printed pages', format: 'year_month', public: false });
  });

  it('refuses an invalid format, an empty title, a taken title and a non-boolean public as field errors', async () => {
    const jar = await ctx.as(ADMIN);
    const url = detailUrl(PAGES.ref);
    const before = await stored();
    const cases: [Record<string, unknown>, Record<string, string>][] = [
      [{ format: 'colour' }, { format: CHARACTERISTIC_MESSAGES.formatInvalid }],
      [{ title: '' }, { title: CHARACTERISTIC_MESSAGES.titleRequired }],
      [{ title: 'AGES' }, { title: CHARACTERISTIC_MESSAGES.titleTaken }],
      [{ public: 'perhaps' }, { public: CHARACTERISTIC_MESSAGES.publicInvalid }],
    ];
    for (const [body, errors] of cases) {
      const response = await send(ctx.app, jar, 'PATCH', url, body);
      expect(response.statusCode).toBe(303);
      expect((await nextPage(ctx.app, jar)).errors).toEqual(errors);
    }
    expect(await stored()).toEqual(before);
  });

  describe('a format change re-reads every stored value by the new format', () => {
    it('refuses, with how many values would be lost, until the admin confirms; nothing changes meanwhile', async () => {
      const jar = await ctx.as(ADMIN);
      await characteristicWith('convcount001', 'integer', ['10', '1', '0']);
      const refused = await send(ctx.app, jar, 'PATCH', detailUrl('convcount001'), { format: 'boolean' });
      expect(refused.statusCode).toBe(303);
      expect((await nextPage(ctx.app, jar)).errors).toEqual({ format: CHARACTERISTIC_MESSAGES.formatLosesValues(1, 3, 'Yes / No', '10') });
      expect(await formatAndValuesOf('convcount001')).toEqual({ format: 'integer', values: ['10', '1', '0'] });

      const confirmed = await send(ctx.app, jar, 'PATCH', detailUrl('convcount001'), { format: 'boolean', remove_unconvertible: true });
      expect(confirmed.statusCode).toBe(303);
      expect((await nextPage(ctx.app, jar)).notices).toContain(CHARACTERISTIC_MESSAGES.formatConverted(2, 1));
      expect(await formatAndValuesOf('convcount001')).toEqual({ format: 'boolean', values: ['true', 'false'] });
      await removeCharacteristic('convcount001');
    });

    it('converts without asking when every value reads in the new format, storing it as that format does', async () => {
      const jar = await ctx.as(ADMIN);
      await characteristicWith('convtext0001', 'text', [' 42 ', '7', '11-14']);
      await send(ctx.app, jar, 'PATCH', detailUrl('convtext0001'), { format: 'integer' });
      expect((await nextPage(ctx.app, jar)).errors).toEqual({ format: CHARACTERISTIC_MESSAGES.formatLosesValues(1, 3, 'Whole number', '11-14') });
      await send(ctx.app, jar, 'PATCH', detailUrl('convtext0001'), { format: 'integer', remove_unconvertible: 'true' });
      expect(await formatAndValuesOf('convtext0001')).toEqual({ format: 'integer', values: ['42', '7'] });
      await send(ctx.app, jar, 'PATCH', detailUrl('convtext0001'), { format: 'text' });
      expect((await nextPage(ctx.app, jar)).notices).toContain(CHARACTERISTIC_MESSAGES.formatConverted(2, 0));
      expect(await formatAndValuesOf('convtext0001')).toEqual({ format: 'text', values: ['42', '7'] });
      await removeCharacteristic('convtext0001');
    });
  });

  describe('taking a format change back (issue 34 §5)', () => {
    const undoUrl = (ref: string) => `/admin/characteristic/${ref}/format-undo`;

    it('puts the old format and every rewritten and removed value back, offered on the page until it is undone', async () => {
      const jar = await ctx.as(ADMIN);
      await characteristicWith('undoall0001', 'text', [' 42 ', '7', '11-14', 'about ten']);
      await send(ctx.app, jar, 'PATCH', detailUrl('undoall0001'), { format: 'integer', remove_unconvertible: true });
      expect(await formatAndValuesOf('undoall0001')).toEqual({ format: 'integer', values: ['42', '7'] });
      const page = (await visit(ctx.app, detailUrl('undoall0001'), jar)).page;
      expect(page.props.formatChange).toMatchObject({ from: 'text', to: 'integer', converted: 2, removed: 2 });

      const undone = await send(ctx.app, jar, 'POST', undoUrl('undoall0001'));
      expect(undone.statusCode).toBe(303);
      expect((await nextPage(ctx.app, jar)).notices).toContain(CHARACTERISTIC_MESSAGES.formatUndone(3, 0));
      expect(await formatAndValuesOf('undoall0001')).toEqual({ format: 'text', values: [' 42 ', '7', '11-14', 'about ten'] });
      expect((await visit(ctx.app, detailUrl('undoall0001'), jar)).page.props.formatChange).toBeNull();
      // Once only: a second undo is refused and changes nothing.
      await send(ctx.app, jar, 'POST', undoUrl('undoall0001'));
      expect((await nextPage(ctx.app, jar)).errors).toEqual({ format: CHARACTERISTIC_MESSAGES.nothingToUndo });
      expect(await formatAndValuesOf('undoall0001')).toEqual({ format: 'text', values: [' 42 ', '7', '11-14', 'about ten'] });
      await removeCharacteristic('undoall0001');
    });

    it('leaves a value changed since as it is, and refuses when the format was changed again', async () => {
      const jar = await ctx.as(ADMIN);
      await characteristicWith('undosince01', 'text', ['5', 'five', 'six']);
      await send(ctx.app, jar, 'PATCH', detailUrl('undosince01'), { format: 'integer', remove_unconvertible: true });
      // Someone gives the item whose "five" was removed a value by hand.
      const [characteristic] = await ctx.db().select({ id: characteristics.id }).from(characteristics).where(eq(characteristics.ref, 'undosince01'));
      const [second] = await ctx.db().select({ id: items.id }).from(items).where(eq(items.ref, 'undosinc0001'));
      await ctx.db().insert(itemCharacteristics).values({ itemId: second!.id, characteristicId: characteristic!.id, value: '55' });
      await send(ctx.app, jar, 'POST', undoUrl('undosince01'));
      expect((await nextPage(ctx.app, jar)).notices).toContain(CHARACTERISTIC_MESSAGES.formatUndone(1, 1));
      expect(await formatAndValuesOf('undosince01')).toEqual({ format: 'text', values: ['5', '55', 'six'] });

      await send(ctx.app, jar, 'PATCH', detailUrl('undosince01'), { format: 'integer', remove_unconvertible: true });
      await ctx.db().update(characteristics).set({ format: 'year_month' }).where(eq(characteristics.id, characteristic!.id));
      await send(ctx.app, jar, 'POST', undoUrl('undosince01'));
      expect((await nextPage(ctx.app, jar)).errors).toEqual({ format: CHARACTERISTIC_MESSAGES.nothingToUndo });
      await removeCharacteristic('undosince01');
    });

    it('refuses members and staff, changing nothing', async () => {
      const jar = await ctx.as(ADMIN);
      await characteristicWith('undoaccess1', 'text', ['x', '1']);
      await send(ctx.app, jar, 'PATCH', detailUrl('undoaccess1'), { format: 'integer', remove_unconvertible: true });
      for (const email of [null, MEMBER, STAFF]) expect((await send(ctx.app, await ctx.as(email), 'POST', undoUrl('undoaccess1'))).statusCode).toBe(403);
      expect(await formatAndValuesOf('undoaccess1')).toEqual({ format: 'integer', values: ['1'] });
      await removeCharacteristic('undoaccess1');
    });
  });

  it('converts thousands of values in batches of statements (several batches of each kind)', async () => {
    const jar = await ctx.as(ADMIN);
    const values = Array.from({ length: 2400 }, (_, index) => (index % 2 === 0 ? ` ${index} ` : `n${index}`));
    await characteristicWith('convmany0001', 'text', values);
    await send(ctx.app, jar, 'PATCH', detailUrl('convmany0001'), { format: 'integer', remove_unconvertible: true });
    expect((await nextPage(ctx.app, jar)).notices).toContain(CHARACTERISTIC_MESSAGES.formatConverted(1200, 1200));
    const after = await formatAndValuesOf('convmany0001');
    expect(after.format).toBe('integer');
    expect(after.values).toEqual(values.filter((_, index) => index % 2 === 0).map((value) => value.trim()));
    await removeCharacteristic('convmany0001');
  });

  describe('a minimum for integer values', () => {
    async function minimumOf(ref: string): Promise<number | null> {
      const [row] = await ctx.db().select({ minimum: characteristics.minimum }).from(characteristics).where(eq(characteristics.ref, ref));
      return row!.minimum;
    }

    it('is refused, changing nothing, while items hold values below it; a lower one or none is saved', async () => {
      const jar = await ctx.as(ADMIN);
      await characteristicWith('minbelow0001', 'integer', ['-3', '5', '-1']);
      await send(ctx.app, jar, 'PATCH', detailUrl('minbelow0001'), { minimum: 0 });
      expect((await nextPage(ctx.app, jar)).errors).toEqual({ minimum: CHARACTERISTIC_MESSAGES.minimumBelowValues(2, 0, '-3') });
      expect(await minimumOf('minbelow0001')).toBeNull();

      await send(ctx.app, jar, 'PATCH', detailUrl('minbelow0001'), { minimum: '-3' });
      expect((await nextPage(ctx.app, jar)).notices).toContain(CHARACTERISTIC_MESSAGES.saved);
      expect(await minimumOf('minbelow0001')).toBe(-3);
      await send(ctx.app, jar, 'PATCH', detailUrl('minbelow0001'), { minimum: '' });
      expect(await minimumOf('minbelow0001')).toBeNull();
      expect((await formatAndValuesOf('minbelow0001')).values).toEqual(['-3', '5', '-1']);
      await removeCharacteristic('minbelow0001');
    });

    it('refuses what is not a whole number that fits, as a field error', async () => {
      const jar = await ctx.as(ADMIN);
      for (const minimum of ['zero', 1.5, '3000000000', true, [0]]) {
        await send(ctx.app, jar, 'PATCH', detailUrl(PAGES.ref), { minimum });
        expect((await nextPage(ctx.app, jar)).errors).toEqual({ minimum: CHARACTERISTIC_MESSAGES.minimumInvalid });
      }
      expect(await minimumOf(PAGES.ref)).toBeNull();
    });

    it('is kept by a format change to integer: values below it cannot be converted', async () => {
      const jar = await ctx.as(ADMIN);
      await characteristicWith('mintext00001', 'text', ['15', '-4']);
      await send(ctx.app, jar, 'PATCH', detailUrl('mintext00001'), { minimum: 0 });
      await send(ctx.app, jar, 'PATCH', detailUrl('mintext00001'), { format: 'integer' });
      expect((await nextPage(ctx.app, jar)).errors).toEqual({ format: CHARACTERISTIC_MESSAGES.formatLosesValues(1, 2, 'Whole number', '-4') });
      expect(await formatAndValuesOf('mintext00001')).toEqual({ format: 'text', values: ['15', '-4'] });
      await removeCharacteristic('mintext00001');
    });
  });

  it('answers 400 for a body naming no field, several, or an unknown one', async () => {
    const jar = await ctx.as(ADMIN);
    for (const body of [{}, { title: 'A', format: 'text' }, { position: 3 }]) {
      expect((await send(ctx.app, jar, 'PATCH', detailUrl(PAGES.ref), body)).statusCode).toBe(400);
    }
  });
});

describe('DELETE /admin/characteristic/{ref}', () => {
  it('refuses anonymous visitors, members and staff', async () => {
    for (const email of [null, MEMBER, STAFF]) {
      expect((await send(ctx.app, await ctx.as(email), 'DELETE', detailUrl(AGES.ref))).statusCode).toBe(403);
    }
    expect(await count()).toBe(2);
  });

  it('deletes it with the items’ values of it, back on the list with a notice', async () => {
    const jar = await ctx.as(ADMIN);
    const response = await send(ctx.app, jar, 'DELETE', detailUrl(AGES.ref));
    expect(response.statusCode).toBe(303);
    expect(response.headers.location).toBe('/admin/characteristic');
    expect((await nextPage(ctx.app, jar)).notices).toContain(CHARACTERISTIC_MESSAGES.deleted('Ages'));
    expect((await stored()).map((row) => row.title)).not.toContain('Ages');
    const values = await ctx.db().select().from(itemCharacteristics);
    expect(values).toEqual([]);
    expect((await send(ctx.app, jar, 'DELETE', detailUrl(AGES.ref))).statusCode).toBe(404);
  });
});
