import { describe, expect, it } from 'vitest';
import { and, eq } from 'drizzle-orm';
import { SIGN_IN_HINT } from '../../shared/messages';
import type { Relation } from '../../shared/items';
import { relations } from '../../server/db/schema';
import { RELATION_ERRORS } from '../../server/features/items/schemas';
import { useTestApp } from '../support/app';
import { csrfJar, visit } from '../support/http';
import { REFS, TITLES, callFromItemPage, itemIdOf, seedItemLibrary, signedInJars, type Who } from './item-page-fixture';

const ctx = useTestApp({ seed: seedItemLibrary });
const jarOf = signedInJars(ctx);

async function relate(who: Who, ref: string, otherRef: string) {
  return callFromItemPage(ctx, await jarOf(who), 'POST', `/i/${ref}/relation/${otherRef}`, ref, { item: otherRef });
}

async function unrelate(who: Who, relationRef: string, pageRef: string) {
  return callFromItemPage(ctx, await jarOf(who), 'DELETE', `/relation/${relationRef}`, pageRef);
}

async function storedRelation(ref: string, otherRef: string) {
  const [row] = await ctx.database.db
    .select()
    .from(relations)
    .where(and(eq(relations.itemId, await itemIdOf(ctx.database, ref)), eq(relations.relatedItemId, await itemIdOf(ctx.database, otherRef))));
  return row ?? null;
}

async function relationsOnPage(who: Who, ref: string): Promise<Relation[]> {
  return (await visit(ctx.app, `/i/${ref}`, await jarOf(who))).page.props.item.relations;
}

describe('POST /i/{ref}/relation/{itemRef}', () => {
  it('refuses anonymous visitors and members below affiliate level', async () => {
    const anonymous = await callFromItemPage(ctx, await csrfJar(ctx.app), 'POST', `/i/${REFS.public}/relation/${REFS.unlisted}`, REFS.public);
    expect(anonymous.statusCode).toBe(403);
    expect(anonymous.json().props.detail).toBe(SIGN_IN_HINT);
    expect((await relate('member', REFS.public, REFS.unlisted)).statusCode).toBe(403);
    expect(await storedRelation(REFS.public, REFS.unlisted)).toBeNull();
  });

  it('lets an affiliate suggest a relation, which waits for an admin and shows on both items', async () => {
    const response = await relate('affiliate', REFS.public, REFS.members);
    expect(response.statusCode).toBe(303);
    expect(response.headers.location).toBe(`/i/${REFS.public}`);
    expect(await storedRelation(REFS.public, REFS.members)).toMatchObject({ adminApproved: false });
    const onPublic = (await relationsOnPage('affiliate', REFS.public)).find((relation) => relation.item.ref === REFS.members);
    expect(onPublic).toMatchObject({ admin_approved: false, can_delete: true, item: { title: TITLES.members } });
    expect((await relationsOnPage('affiliate', REFS.members)).map((relation) => relation.item.ref)).toContain(REFS.public);
  });

  it('approves relations that admins make', async () => {
    await relate('admin', REFS.unlisted, REFS.expiring);
    expect(await storedRelation(REFS.unlisted, REFS.expiring)).toMatchObject({ adminApproved: true });
  });

  it('refuses a duplicate in either direction', async () => {
    await relate('leader', REFS.counted, REFS.expiring);
    for (const [from, to] of [
      [REFS.counted, REFS.expiring],
      [REFS.expiring, REFS.counted],
    ]) {
      const jar = await jarOf('leader');
      const response = await callFromItemPage(ctx, jar, 'POST', `/i/${from}/relation/${to}`, from);
      expect(response.statusCode).toBe(303);
      expect((await visit(ctx.app, `/i/${from}`, jar)).page.props.errors).toEqual({ item: RELATION_ERRORS.duplicate });
    }
    expect(await storedRelation(REFS.expiring, REFS.counted)).toBeNull();
  });

  it('leaves unlisted items to admins: others may not relate them, nor see them among related items', async () => {
    const jar = await jarOf('affiliate');
    await callFromItemPage(ctx, jar, 'POST', `/i/${REFS.public}/relation/${REFS.unlisted}`, REFS.public);
    expect((await visit(ctx.app, `/i/${REFS.public}`, jar)).page.props.errors).toEqual({ item: RELATION_ERRORS.unlisted });
    expect(await storedRelation(REFS.public, REFS.unlisted)).toBeNull();

    await relate('admin', REFS.public, REFS.unlisted);
    expect((await relationsOnPage('admin', REFS.public)).map((relation) => relation.item.ref)).toContain(REFS.unlisted);
    expect((await relationsOnPage('affiliate', REFS.public)).map((relation) => relation.item.ref)).not.toContain(REFS.unlisted);
    const { response } = await visit(ctx.app, `/i/${REFS.public}`);
    expect(response.body).not.toContain(TITLES.unlisted);
  });

  it('refuses relating an item to itself', async () => {
    const jar = await jarOf('leader');
    await callFromItemPage(ctx, jar, 'POST', `/i/${REFS.public}/relation/${REFS.public}`, REFS.public);
    expect((await visit(ctx.app, `/i/${REFS.public}`, jar)).page.props.errors).toEqual({ item: RELATION_ERRORS.self });
    expect(await storedRelation(REFS.public, REFS.public)).toBeNull();
  });

  it('refuses items the viewer may not open, on either side, without naming them', async () => {
    const toHidden = await relate('affiliate', REFS.public, REFS.hidden);
    expect(toHidden.statusCode).toBe(403);
    expect(toHidden.body).not.toContain(TITLES.hidden);
    expect((await relate('affiliate', REFS.staff, REFS.public)).statusCode).toBe(403);
    expect((await relate('affiliate', REFS.public, 'nosuchitem99')).statusCode).toBe(404);
    expect(await storedRelation(REFS.public, REFS.hidden)).toBeNull();
    expect(await storedRelation(REFS.staff, REFS.public)).toBeNull();
  });
});

describe('DELETE /relation/{ref}', () => {
  async function suggestedRelationRef(who: Who, ref: string, otherRef: string): Promise<string> {
    await relate(who, ref, otherRef);
    return (await storedRelation(ref, otherRef))!.ref;
  }

  it('lets the creator remove an unapproved relation', async () => {
    const ref = await suggestedRelationRef('staff', REFS.related, REFS.members);
    const response = await unrelate('staff', ref, REFS.related);
    expect(response.statusCode).toBe(303);
    expect(response.headers.location).toBe(`/i/${REFS.related}`);
    expect(await storedRelation(REFS.related, REFS.members)).toBeNull();
  });

  it('refuses anyone else but admins', async () => {
    const ref = await suggestedRelationRef('staff', REFS.related, REFS.counted);
    expect((await unrelate('leader', ref, REFS.related)).statusCode).toBe(403);
    expect(await storedRelation(REFS.related, REFS.counted)).not.toBeNull();
    expect((await unrelate('admin', ref, REFS.related)).statusCode).toBe(303);
    expect(await storedRelation(REFS.related, REFS.counted)).toBeNull();
  });

  it('refuses the creator once an admin approved the relation', async () => {
    const ref = await suggestedRelationRef('staff', REFS.expiring, REFS.members);
    await ctx.database.db.update(relations).set({ adminApproved: true }).where(eq(relations.ref, ref));
    expect((await unrelate('staff', ref, REFS.expiring)).statusCode).toBe(403);
  });

  it('refuses a viewer who may not open one of the items, and anonymous visitors', async () => {
    // The member created this relation to their own draft, but cannot open the staff item.
    await ctx.database.db.insert(relations).values({
      ref: 'relmemberstf',
      itemId: await itemIdOf(ctx.database, REFS.draft),
      relatedItemId: await itemIdOf(ctx.database, REFS.staff),
      adminApproved: false,
      createdByUserId: null,
    });
    expect((await unrelate('member', 'relmemberstf', REFS.draft)).statusCode).toBe(403);
    const anonymous = await callFromItemPage(ctx, await csrfJar(ctx.app), 'DELETE', '/relation/reldraft0001', REFS.public);
    expect(anonymous.statusCode).toBe(403);
  });

  it('answers 404 for an unknown relation', async () => {
    expect((await unrelate('admin', 'nosuchrelation', REFS.public)).statusCode).toBe(404);
  });
});
