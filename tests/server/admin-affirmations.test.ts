/** Affirmations in the admin area (admin-curation §2, §3 Affirmation, §5, §7, §8). */
import { asc, eq, inArray, sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { AFFIRMATION_MESSAGES, type AdminAffirmation } from '../../shared/admin';
import { SIGN_IN_HINT } from '../../shared/messages';
import { DEFAULT_PAGE_SIZE, type PaginationLink } from '../../shared/pagination';
import { VISIBILITY } from '../../shared/enums';
import type { DatabaseHandle } from '../../server/db/client';
import { affirmationOptions, itemAffirmations, items, users } from '../../server/db/schema';
import { inertiaHeaders, nextPage, send, visit, xsrfHeader } from '../support/http';
import type { CookieJar } from '../support/app';
import { seedDemoAccounts } from '../support/seed';
import { useSessionTestApp } from '../support/sessions';
import { expectInertia } from '../../server/inertia/testing';

const ADMIN = 'admin@example.org';
const MEMBER = 'member@example.org';
/** Staff (level 4) but not an admin. */
const STAFF = 'staff@example.org';
const HELPFUL = { ref: 'affhelpful01', title: 'Helpful', isNegative: false, position: 0 };
const OUTDATED = { ref: 'affoutdated1', title: 'Outdated', isNegative: true, position: 1 };

async function seed(handle: DatabaseHandle): Promise<void> {
  await seedDemoAccounts(handle);
  const [helpful] = await handle.db.insert(affirmationOptions).values([HELPFUL, OUTDATED]).returning({ id: affirmationOptions.id });
  const [item] = await handle.db
    .insert(items)
    .values({ ref: 'affitem00001', code: 'AF-1', title: 'Youth Games', visibility: VISIBILITY.DISCOVERABLE })
    .returning({ id: items.id });
  const [member] = await handle.db.select({ id: users.id }).from(users).where(eq(users.email, MEMBER));
  await handle.db.insert(itemAffirmations).values({ itemId: item!.id, affirmationOptionId: helpful!.id, userId: member!.id, value: 1 });
}

const ctx = useSessionTestApp({ seed });

const detailUrl = (ref: string) => `/admin/affirmation/${ref}`;

/** POST /admin/affirmation from the list page, with the Referer the Inertia client sends. */
async function createFromList(jar: CookieJar, payload: Record<string, unknown>) {
  const response = await ctx.app.inject({
    method: 'POST',
    url: '/admin/affirmation',
    headers: { ...(await inertiaHeaders(ctx.app)), ...xsrfHeader(jar), 'content-type': 'application/json', referer: 'http://localhost/admin/affirmation' },
    payload: JSON.stringify(payload),
  });
  jar.store(response);
  return response;
}

async function stored() {
  return ctx
    .db()
    .select({ title: affirmationOptions.title, isNegative: affirmationOptions.isNegative })
    .from(affirmationOptions)
    .orderBy(asc(affirmationOptions.id));
}

async function count(): Promise<number> {
  const [row] = await ctx
    .db()
    .select({ count: sql<number>`count(*)::int` })
    .from(affirmationOptions);
  return row!.count;
}

describe('GET /admin/affirmation', () => {
  it('refuses anonymous visitors with the sign-in hint and members and staff with a plain 403', async () => {
    for (const url of ['/admin/affirmation', detailUrl(HELPFUL.ref)]) {
      const anonymous = await visit(ctx.app, url, await ctx.as(null));
      expect(anonymous.response.statusCode).toBe(403);
      expectInertia(anonymous.page).prop('detail', SIGN_IN_HINT);
      expectInertia(await ctx.app.inject({ method: 'GET', url })).prop('detail', SIGN_IN_HINT);
      const member = await visit(ctx.app, url, await ctx.as(MEMBER));
      expect(member.response.statusCode).toBe(403);
      expectInertia(member.page).prop('detail', null);
      expect(member.response.body).not.toContain(HELPFUL.title);
      const staff = await visit(ctx.app, url, await ctx.as(STAFF));
      expect(staff.response.statusCode).toBe(403);
      expectInertia(staff.page).prop('detail', null);
      expect(staff.response.body).not.toContain(HELPFUL.title);
    }
  });

  it('shows an admin every affirmation with is_negative, titled Affirmations under Admin', async () => {
    const { response, page } = await visit(ctx.app, '/admin/affirmation', await ctx.as(ADMIN));
    expect(response.statusCode).toBe(200);
    expectInertia(page)
      .component('admin/affirmation/Index')
      .prop('affirmations.data', [
        { ref: HELPFUL.ref, title: 'Helpful', is_negative: false },
        { ref: OUTDATED.ref, title: 'Outdated', is_negative: true },
      ]);
    expect(page.props.affirmations.links.map((link: PaginationLink) => link.url)).toEqual(['', '/admin/affirmation', '']);
    expectInertia(page)
      .props({ can: { create: true, update: true, delete: true, share: false } })
      .prop('title', 'Affirmations')
      .prop('breadcrumbs', [
        { label: 'Admin', href: '/admin' },
        { label: 'Affirmations', href: '/admin/affirmation' },
      ]);
  });

  it('pages the list by links', async () => {
    const extra = Array.from({ length: DEFAULT_PAGE_SIZE }, (_, index) => ({
      ref: `affpaged${String(index).padStart(4, '0')}`,
      title: `Paged ${String(index).padStart(3, '0')}`,
      position: 10,
    }));
    await ctx.db().insert(affirmationOptions).values(extra);
    try {
      const jar = await ctx.as(ADMIN);
      const first = (await visit(ctx.app, '/admin/affirmation', jar)).page;
      expect(first.props.affirmations.data).toHaveLength(DEFAULT_PAGE_SIZE);
      expect(first.props.affirmations.links.map((link: PaginationLink) => link.url)).toEqual([
        '',
        '/admin/affirmation',
        '/admin/affirmation?page=2',
        '/admin/affirmation?page=2',
      ]);
      const second = (await visit(ctx.app, '/admin/affirmation?page=2', jar)).page;
      expect(second.props.affirmations.data.map((row: AdminAffirmation) => row.title)).toEqual(['Paged 022', 'Paged 023']);
      expect(second.props.affirmations).not.toHaveProperty('pastLastPage');
      // A page past the end says where the last one is, so the page does not claim there are none.
      const past = (await visit(ctx.app, '/admin/affirmation?page=7', jar)).page;
      expect(past.props.affirmations.data).toEqual([]);
      expect(past.props.affirmations.pastLastPage).toEqual({ page: 7, lastPage: 2, lastPageUrl: '/admin/affirmation?page=2' });
    } finally {
      await ctx
        .db()
        .delete(affirmationOptions)
        .where(sql`${affirmationOptions.ref} like 'affpaged%'`);
    }
  });
});

describe('POST /admin/affirmation', () => {
  it('refuses anonymous visitors, members and staff, writing nothing', async () => {
    const before = await count();
    for (const email of [null, MEMBER, STAFF]) {
      expect((await send(ctx.app, await ctx.as(email), 'POST', '/admin/affirmation', { title: 'Sneaky', is_negative: false })).statusCode).toBe(403);
    }
    expect(await count()).toBe(before);
  });

  it('needs a title, unique in any case, and a boolean is_negative: field errors, nothing written', async () => {
    const jar = await ctx.as(ADMIN);
    const before = await count();
    const cases: [Record<string, unknown>, Record<string, string>][] = [
      [{ title: '', is_negative: false }, { title: AFFIRMATION_MESSAGES.titleRequired }],
      [{ is_negative: true }, { title: AFFIRMATION_MESSAGES.titleRequired }],
      [{ title: ' helpful ', is_negative: false }, { title: AFFIRMATION_MESSAGES.titleTaken }],
      [{ title: 'Fun', is_negative: 'sometimes' }, { is_negative: AFFIRMATION_MESSAGES.negativeInvalid }],
    ];
    for (const [body, errors] of cases) {
      const response = await createFromList(jar, body);
      expect(response.statusCode).toBe(303);
      expect(response.headers.location).toBe('/admin/affirmation');
      expect((await nextPage(ctx.app, jar)).errors).toEqual(errors);
    }
    expect(await count()).toBe(before);
  });

  it('creates it after the others, back on the list with a notice', async () => {
    const jar = await ctx.as(ADMIN);
    const response = await send(ctx.app, jar, 'POST', '/admin/affirmation', { title: ' Too long ', is_negative: true });
    expect(response.statusCode).toBe(303);
    expect(response.headers.location).toBe('/admin/affirmation');
    const { notices, errors } = await nextPage(ctx.app, jar);
    expect(errors).toEqual({});
    expect(notices).toContain(AFFIRMATION_MESSAGES.created('Too long'));
    const [row] = await ctx.db().select().from(affirmationOptions).where(eq(affirmationOptions.title, 'Too long'));
    expect(row).toMatchObject({ isNegative: true, position: 2 });
    await ctx.db().delete(affirmationOptions).where(eq(affirmationOptions.title, 'Too long'));
  });
});

describe('GET /admin/affirmation/{ref}', () => {
  it('shows an admin the title and the negative flag', async () => {
    const { response, page } = await visit(ctx.app, detailUrl(OUTDATED.ref), await ctx.as(ADMIN));
    expect(response.statusCode).toBe(200);
    expectInertia(page).component('admin/affirmation/Show').prop('affirmation', { ref: OUTDATED.ref, title: 'Outdated', is_negative: true });
    expect(page.props.breadcrumbs.at(-1)).toEqual({ label: 'Outdated', href: detailUrl(OUTDATED.ref) });
    expect(page.props.impact).toEqual({ affirmations: 0, members: 0, restorableDays: 30 });
  });

  it('says what deleting it would take: its affirmations, and how many members gave them', async () => {
    const { page } = await visit(ctx.app, detailUrl(HELPFUL.ref), await ctx.as(ADMIN));
    expect(page.props.impact).toEqual({ affirmations: 1, members: 1, restorableDays: 30 });
  });

  it('answers 404 for an unknown or malformed ref', async () => {
    const jar = await ctx.as(ADMIN);
    expect((await visit(ctx.app, detailUrl('nosuchaff000'), jar)).response.statusCode).toBe(404);
    expect((await visit(ctx.app, detailUrl('NOT-A-REF!'), jar)).response.statusCode).toBe(404);
  });
});

describe('PATCH /admin/affirmation/{ref}', () => {
  it('refuses anonymous visitors, members and staff, writing nothing', async () => {
    for (const email of [null, MEMBER, STAFF]) {
      expect((await send(ctx.app, await ctx.as(email), 'PATCH', detailUrl(OUTDATED.ref), { title: 'Hacked' })).statusCode).toBe(403);
    }
    expect((await stored()).map((row) => row.title)).toEqual(['Helpful', 'Outdated']);
  });

  it('saves the title and the negative flag one at a time', async () => {
    const jar = await ctx.as(ADMIN);
    const url = detailUrl(OUTDATED.ref);
    for (const body of [{ title: ' Out of date ' }, { is_negative: false }, { is_negative: 'true' }]) {
      const response = await send(ctx.app, jar, 'PATCH', url, body);
      expect(response.statusCode).toBe(303);
      expect(response.headers.location).toBe(url);
      expect((await nextPage(ctx.app, jar)).notices).toContain(AFFIRMATION_MESSAGES.saved);
    }
    expect((await stored())[1]).toEqual({ title: 'Out of date', isNegative: true });
  });

  it('refuses an empty or taken title and a non-boolean flag as field errors, and a malformed body with 400', async () => {
    const jar = await ctx.as(ADMIN);
    const url = detailUrl(OUTDATED.ref);
    const before = await stored();
    const cases: [Record<string, unknown>, Record<string, string>][] = [
      [{ title: '   ' }, { title: AFFIRMATION_MESSAGES.titleRequired }],
      [{ title: 'HELPFUL' }, { title: AFFIRMATION_MESSAGES.titleTaken }],
      [{ is_negative: 'maybe' }, { is_negative: AFFIRMATION_MESSAGES.negativeInvalid }],
    ];
    for (const [body, errors] of cases) {
      expect((await send(ctx.app, jar, 'PATCH', url, body)).statusCode).toBe(303);
      expect((await nextPage(ctx.app, jar)).errors).toEqual(errors);
    }
    for (const body of [{}, { title: 'A', is_negative: true }, { isNegative: true }]) {
      expect((await send(ctx.app, jar, 'PATCH', url, body)).statusCode).toBe(400);
    }
    expect(await stored()).toEqual(before);
  });
});

describe('DELETE /admin/affirmation/{ref}', () => {
  it('refuses anonymous visitors, members and staff', async () => {
    for (const email of [null, MEMBER, STAFF]) {
      expect((await send(ctx.app, await ctx.as(email), 'DELETE', detailUrl(HELPFUL.ref))).statusCode).toBe(403);
    }
    expect(await count()).toBe(2);
  });

  it('deletes it with the affirmations people gave with it, back on the list with a notice', async () => {
    const jar = await ctx.as(ADMIN);
    const response = await send(ctx.app, jar, 'DELETE', detailUrl(HELPFUL.ref));
    expect(response.statusCode).toBe(303);
    expect(response.headers.location).toBe('/admin/affirmation');
    expect((await nextPage(ctx.app, jar)).notices).toContain(AFFIRMATION_MESSAGES.deleted('Helpful'));
    expect((await stored()).map((row) => row.title)).not.toContain('Helpful');
    expect(await ctx.db().select().from(itemAffirmations)).toEqual([]);
    expect((await send(ctx.app, jar, 'DELETE', detailUrl(HELPFUL.ref))).statusCode).toBe(404);
  });

  it('puts it in the trash with its affirmations, and a restore brings both back in its place (issue 34 §5)', async () => {
    const jar = await ctx.as(ADMIN);
    const [option] = await ctx.db().insert(affirmationOptions).values({ ref: 'affinspire01', title: 'Inspiring', isNegative: false, position: 50 }).returning();
    const [item] = await ctx.db().select({ id: items.id }).from(items).limit(1);
    const people = await ctx
      .db()
      .select({ id: users.id })
      .from(users)
      .where(inArray(users.email, [MEMBER, STAFF]));
    await ctx
      .db()
      .insert(itemAffirmations)
      .values(people.map((person) => ({ itemId: item!.id, affirmationOptionId: option!.id, userId: person.id, value: 2 })));
    const given = await ctx.db().select().from(itemAffirmations).where(eq(itemAffirmations.affirmationOptionId, option!.id));
    const order = async () =>
      (await ctx.db().select({ ref: affirmationOptions.ref }).from(affirmationOptions).orderBy(asc(affirmationOptions.position))).map((row) => row.ref);
    const before = await order();
    expect((await visit(ctx.app, detailUrl('affinspire01'), jar)).page.props.impact).toEqual({ affirmations: 2, members: 2, restorableDays: 30 });

    await send(ctx.app, jar, 'DELETE', detailUrl('affinspire01'));
    expect(await order()).toEqual(before.filter((ref) => ref !== 'affinspire01'));
    const trash = (await visit(ctx.app, '/admin/trash?kind=affirmation', jar)).page.props.entries.data as {
      ref: string;
      title: string;
      parts: { label: string }[];
    }[];
    const entry = trash.find((each) => each.title === 'Inspiring')!;
    expect(entry.parts.map((part) => part.label)).toEqual(['2 affirmations']);
    expect((await send(ctx.app, jar, 'POST', `/admin/trash/${entry.ref}/restore`)).statusCode).toBe(303);
    expect(await order()).toEqual(before);
    expect(await ctx.db().select().from(itemAffirmations).where(eq(itemAffirmations.affirmationOptionId, option!.id))).toEqual(given);
  });
});
