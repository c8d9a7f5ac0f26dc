import { describe, expect, it } from 'vitest';
import { and, eq } from 'drizzle-orm';
import { SIGN_IN_HINT } from '../../shared/messages';
import { affirmationOptions, itemAffirmations, users } from '../../server/db/schema';
import { AFFIRMATION_ERRORS } from '../../server/features/items/schemas';
import { useTestApp } from '../support/app';
import { csrfJar, visit } from '../support/http';
import { OPTION_REFS, REFS, callFromItemPage, itemIdOf, seedItemLibrary, signedInJars, type Who } from './item-page-fixture';

const ctx = useTestApp({ seed: seedItemLibrary });
const jarOf = signedInJars(ctx);

async function affirm(who: Who, ref: string, payload: object) {
  return callFromItemPage(ctx, await jarOf(who), 'POST', `/i/${ref}/affirmation`, ref, payload);
}

/** The stored strength of `email`'s affirmation of an option on an item (0 when there is none). */
async function storedValue(email: string, ref: string, optionRef: string): Promise<number> {
  const itemId = await itemIdOf(ctx.database, ref);
  const [row] = await ctx.database.db
    .select({ value: itemAffirmations.value })
    .from(itemAffirmations)
    .innerJoin(users, eq(users.id, itemAffirmations.userId))
    .innerJoin(affirmationOptions, eq(affirmationOptions.id, itemAffirmations.affirmationOptionId))
    .where(and(eq(itemAffirmations.itemId, itemId), eq(users.email, email), eq(affirmationOptions.ref, optionRef)));
  return row?.value ?? 0;
}

describe('POST /i/{ref}/affirmation', () => {
  it('refuses anonymous visitors with a hint to sign in', async () => {
    const jar = await csrfJar(ctx.app);
    const response = await callFromItemPage(ctx, jar, 'POST', `/i/${REFS.public}/affirmation`, REFS.public, { affirmation: OPTION_REFS.helpful, value: 1 });
    expect(response.statusCode).toBe(403);
    expect(response.json().props.detail).toBe(SIGN_IN_HINT);
  });

  it('gives a thumb, makes it strong, and clears it, redirecting back to the item each time', async () => {
    for (const value of [1, 2, 0]) {
      const response = await affirm('member', REFS.public, { affirmation: OPTION_REFS.helpful, value });
      expect(response.statusCode).toBe(303);
      expect(response.headers.location).toBe(`/i/${REFS.public}`);
      expect(await storedValue('member@example.org', REFS.public, OPTION_REFS.helpful)).toBe(value);
    }
  });

  it('accepts the value as text, as a plain form sends it', async () => {
    await affirm('member', REFS.members, { affirmation: OPTION_REFS.outdated, value: '1' });
    expect(await storedValue('member@example.org', REFS.members, OPTION_REFS.outdated)).toBe(1);
  });

  it('keeps each option and each person apart', async () => {
    await affirm('affiliate', REFS.public, { affirmation: OPTION_REFS.helpful, value: 1 });
    await affirm('affiliate', REFS.public, { affirmation: OPTION_REFS.outdated, value: 2 });
    expect(await storedValue('affiliate@example.org', REFS.public, OPTION_REFS.helpful)).toBe(1);
    expect(await storedValue('affiliate@example.org', REFS.public, OPTION_REFS.outdated)).toBe(2);
    expect(await storedValue('leader@example.org', REFS.public, OPTION_REFS.helpful)).toBe(2);
  });

  it.each([
    [{ affirmation: OPTION_REFS.helpful, value: 3 }, { value: AFFIRMATION_ERRORS.value }],
    [{ affirmation: OPTION_REFS.helpful, value: 'strong' }, { value: AFFIRMATION_ERRORS.value }],
    [{ affirmation: OPTION_REFS.helpful }, { value: AFFIRMATION_ERRORS.value }],
    [{ affirmation: 'nosuchoption', value: 1 }, { affirmation: AFFIRMATION_ERRORS.affirmation }],
    [{ affirmation: '', value: 1 }, { affirmation: AFFIRMATION_ERRORS.affirmation }],
    [{ value: 1 }, { affirmation: AFFIRMATION_ERRORS.affirmation }],
  ])('redirects back with errors for %j', async (payload, errors) => {
    const jar = await jarOf('staff');
    const response = await callFromItemPage(ctx, jar, 'POST', `/i/${REFS.public}/affirmation`, REFS.public, payload);
    expect(response.statusCode).toBe(303);
    expect(response.headers.location).toBe(`/i/${REFS.public}`);
    const { page } = await visit(ctx.app, `/i/${REFS.public}`, jar);
    expect(page.props.errors).toEqual(errors);
  });

  it('leaves the stored affirmation alone when the request is invalid', async () => {
    await affirm('staff', REFS.public, { affirmation: OPTION_REFS.helpful, value: 7 });
    expect(await storedValue('staff@example.org', REFS.public, OPTION_REFS.helpful)).toBe(1);
  });

  it('refuses an item the viewer may not open, and answers 404 for an unknown one', async () => {
    const hidden = await affirm('member', REFS.staff, { affirmation: OPTION_REFS.helpful, value: 1 });
    expect(hidden.statusCode).toBe(403);
    expect(await storedValue('member@example.org', REFS.staff, OPTION_REFS.helpful)).toBe(0);
    expect((await affirm('member', 'nosuchitem99', { affirmation: OPTION_REFS.helpful, value: 1 })).statusCode).toBe(404);
  });

  it('refuses an expired item to everyone but its editors', async () => {
    expect((await affirm('member', REFS.expired, { affirmation: OPTION_REFS.helpful, value: 1 })).statusCode).toBe(410);
    expect((await affirm('leader', REFS.expired, { affirmation: OPTION_REFS.helpful, value: 1 })).statusCode).toBe(303);
  });

  it('shows the new state after the reload, with counts for admins only', async () => {
    await affirm('team', REFS.unlisted, { affirmation: OPTION_REFS.helpful, value: 2 });
    const mine = (await visit(ctx.app, `/i/${REFS.unlisted}`, await jarOf('team'))).page.props;
    expect(mine.affirmationOptions[0]).toMatchObject({ item_affirmations: 2, count: null });
    expect(mine.item).toMatchObject({ affirmations: 1, affirmation_stars: 1 });
    const admin = (await visit(ctx.app, `/i/${REFS.unlisted}`, await jarOf('admin'))).page.props;
    expect(admin.affirmationOptions.map((option: { item_affirmations: number; count: number }) => [option.item_affirmations, option.count])).toEqual([
      [0, 1],
      [0, 0],
    ]);
  });
});
