import { describe, expect, it } from 'vitest';
import { users } from '../../server/db/schema';
import { escapeLikePattern } from '../../server/db/like';
import { USER_SEARCH_LIMIT } from '../../server/features/item-editing/user-search';
import type { DatabaseHandle } from '../../server/db/client';
import type { CookieJar } from '../support/app';
import { seedDemoAccounts } from '../support/seed';
import { useSessionTestApp } from '../support/sessions';

async function seed(handle: DatabaseHandle) {
  await seedDemoAccounts(handle);
  const [member] = await handle.db.select({ userTypeId: users.userTypeId }).from(users).limit(1);
  const verified = { userTypeId: member!.userTypeId, emailVerifiedAt: new Date() };
  await handle.db.insert(users).values([
    { ...verified, name: '100% Volunteer', email: 'percent@example.net' },
    { ...verified, name: 'Under_score Person', email: 'under_score@example.net' },
    { ...verified, name: 'Back\\slash', email: null },
    ...Array.from({ length: 12 }, (_, i) => ({ ...verified, name: `Crowd Member ${String(i).padStart(2, '0')}`, email: `crowd${i}@example.net` })),
    // Addresses typed on an account and never verified: one Sarah Okafor holds verified, one nobody holds.
    { name: 'Mallory Decoy', email: 'leader@example.org', userTypeId: member!.userTypeId },
    { name: 'Quiet Claimant', email: 'claimed.only@example.net', userTypeId: member!.userTypeId },
    // A name chosen at a sign-in provider, posing as James Whitfield's verified address.
    { name: 'James Whitfield <staff@example.org>', email: null, userTypeId: member!.userTypeId },
  ]);
}

const context = useSessionTestApp({ seed });
const { as } = context;

async function search(jar: CookieJar, query: string | null) {
  const url = query === null ? '/user/search' : `/user/search?${new URLSearchParams({ query })}`;
  return context.app.inject({ method: 'GET', url, headers: { cookie: jar.header(), accept: 'application/json' } });
}

describe('GET /user/search', () => {
  it('answers admins with ref and "Name <email>" for matches on name or e-mail', async () => {
    const jar = await as('admin@example.org');
    const byName = await search(jar, 'maya');
    expect(byName.statusCode).toBe(200);
    expect(byName.headers['cache-control']).toBe('private, no-store');
    expect(byName.json()).toEqual([{ ref: expect.stringMatching(/^[0-9a-z]{12}$/), nameAndContactForDisplay: 'Maya Thompson <member@example.org>' }]);

    const byEmail = await search(jar, 'LEADER@example');
    expect(byEmail.json()).toEqual([{ ref: expect.any(String), nameAndContactForDisplay: 'Sarah Okafor <leader@example.org>' }]);
  });

  it('shows an address only when verified: a claim on someone’s address is shown by name alone', async () => {
    const jar = await as('admin@example.org');
    expect((await search(jar, 'mallory')).json()).toEqual([{ ref: expect.any(String), nameAndContactForDisplay: 'Mallory Decoy' }]);
    expect((await search(jar, 'unverified')).json()).toEqual([]);
    expect((await search(jar, 'olivia')).json()).toEqual([{ ref: expect.any(String), nameAndContactForDisplay: 'Olivia Grant' }]);
  });

  it('never finds an account by an address it has not verified', async () => {
    const jar = await as('admin@example.org');
    expect((await search(jar, 'leader@example.org')).json()).toEqual([
      { ref: expect.any(String), nameAndContactForDisplay: 'Sarah Okafor <leader@example.org>' },
    ]);
    expect((await search(jar, 'claimed.only')).json()).toEqual([]);
    expect((await search(jar, 'unverified@example.org')).json()).toEqual([]);
  });

  it('keeps angle brackets out of names, so only a verified address is ever shown in them', async () => {
    const names = (await search(await as('admin@example.org'), 'whitfield'))
      .json()
      .map((user: { nameAndContactForDisplay: string }) => user.nameAndContactForDisplay);
    expect(names).toEqual(['James Whitfield <staff@example.org>', 'James Whitfield staff@example.org']);
  });

  it('shows a user without an e-mail by name alone', async () => {
    const response = await search(await as('admin@example.org'), 'slash');
    expect(response.json()).toEqual([{ ref: expect.any(String), nameAndContactForDisplay: 'Back\\slash' }]);
  });

  it(`answers at most ${USER_SEARCH_LIMIT} users, in name order`, async () => {
    const response = await search(await as('admin@example.org'), 'crowd');
    const names = response.json().map((user: { nameAndContactForDisplay: string }) => user.nameAndContactForDisplay);
    expect(names).toHaveLength(USER_SEARCH_LIMIT);
    expect(names[0]).toBe('Crowd Member 00 <crowd0@example.net>');
    expect(names).toEqual([...names].sort());
  });

  it('matches %, _ and \\ literally rather than as wildcards', async () => {
    const jar = await as('admin@example.org');
    expect((await search(jar, '%')).json().map((u: { nameAndContactForDisplay: string }) => u.nameAndContactForDisplay)).toEqual([
      '100% Volunteer <percent@example.net>',
    ]);
    expect((await search(jar, 'o_d')).json()).toEqual([]);
    expect((await search(jar, 'under_')).json()).toHaveLength(1);
    expect((await search(jar, '\\')).json()).toHaveLength(1);
    expect(escapeLikePattern('a%b_c\\d')).toBe('a\\%b\\_c\\\\d');
  });

  it('lets user managers search too', async () => {
    expect((await search(await as('usermanager@example.org'), 'maya')).statusCode).toBe(200);
  });

  it('refuses anonymous visitors with 401 and other members, staff and managers with 403', async () => {
    expect((await search(await as(null), 'maya')).statusCode).toBe(401);
    for (const email of ['member@example.org', 'staff@example.org', 'manager@example.org', 'team@example.org']) {
      const response = await search(await as(email), 'maya');
      expect(response.statusCode).toBe(403);
      expect(JSON.stringify(response.json())).not.toContain('member@example.org');
    }
  });

  it('answers 422 with errors for a missing, blank or overlong query', async () => {
    const jar = await as('admin@example.org');
    for (const query of [null, '   ', 'x'.repeat(101)]) {
      const response = await search(jar, query);
      expect(response.statusCode).toBe(422);
      expect(response.json()).toEqual({ errors: { query: 'Enter 1 to 100 characters to search for.' } });
    }
  });

  it('is rate limited', async () => {
    const jar = await as('admin@example.org');
    const statuses: number[] = [];
    for (let i = 0; i < 70; i += 1) statuses.push((await search(jar, 'maya')).statusCode);
    expect(statuses).toContain(429);
  });
});
