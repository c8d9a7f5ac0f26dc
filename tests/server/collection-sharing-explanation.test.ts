/** A collection's sharing explanation (issue 15 §2): on demand, who can open the link, and counts that reveal nothing locked. */
import { describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { collections } from '../../server/db/schema';
import { COLLECTION_SHARING_TEXTS, type SharingExplanation } from '../../shared/sharing';
import type { CookieJar } from '../support/app';
import { visit } from '../support/http';
import { useSessionTestApp } from '../support/sessions';
import { ADMIN, AFFILIATE, COLLECTIONS, MEMBER, seedCollectionLibrary, STAFF, userIdOf } from './collections-fixture';

const ctx = useSessionTestApp({ seed: seedCollectionLibrary });

async function explanationOf(jar: CookieJar, ref: string) {
  const headers = { 'x-inertia-partial-component': 'collection/Show', 'x-inertia-partial-data': 'sharingExplanation' };
  const { response, page } = await visit(ctx.app, `/collection/${ref}`, jar, headers);
  return { status: response.statusCode, explanation: page?.props?.sharingExplanation as SharingExplanation | undefined, props: page?.props };
}

describe('a collection’s sharing explanation', () => {
  it('is not sent with the page, only when asked for', async () => {
    const { page } = await visit(ctx.app, `/collection/${COLLECTIONS.private.ref}`, await ctx.as(AFFILIATE));
    expect(page.props).not.toHaveProperty('sharingExplanation');
  });

  it('tells the owner of a private collection who can open its link, and that they can grant access', async () => {
    const { explanation } = await explanationOf(await ctx.as(AFFILIATE), COLLECTIONS.private.ref);
    expect(explanation!.availabilityText).toBe(COLLECTION_SHARING_TEXTS.privateOwner);
    expect(explanation!.shareText).toBe(COLLECTION_SHARING_TEXTS.grant);
    expect(explanation!.levelText.every((text) => text.startsWith('With a grant'))).toBe(true);
    expect(explanation!.inviteText).toBeNull();
  });

  it('does not tell an owner who may not grant access to grant it, only to make the collection public', async () => {
    const ref = 'colmembers01';
    await ctx
      .db()
      .insert(collections)
      .values({ ref, title: 'Member Notes', userId: await userIdOf(ctx.db(), MEMBER), public: false });
    try {
      const { explanation } = await explanationOf(await ctx.as(MEMBER), ref);
      expect(explanation!.availabilityText).toBe(COLLECTION_SHARING_TEXTS.privateOwnerNoGrant);
      expect(explanation!.shareText).toBe(COLLECTION_SHARING_TEXTS.ownerNoGrant);
      expect(JSON.stringify(explanation)).not.toMatch(/grant access to|With a grant|Only its owner/);
      await ctx.db().update(collections).set({ public: true }).where(eq(collections.ref, ref));
      const open = (await explanationOf(await ctx.as(MEMBER), ref)).explanation!;
      expect(open.availabilityText).toBe(COLLECTION_SHARING_TEXTS.public);
      expect(open.shareText).toBe(COLLECTION_SHARING_TEXTS.ownerNoGrantPublic);
    } finally {
      await ctx.db().delete(collections).where(eq(collections.ref, ref));
    }
  });

  it('tells an admin who is not the owner that only the owner grants, and a public collection opens for anyone', async () => {
    const own = await explanationOf(await ctx.as(ADMIN), COLLECTIONS.private.ref);
    expect(own.explanation!.availabilityText).toBe(COLLECTION_SHARING_TEXTS.privateOther);
    expect(own.explanation!.shareText).toBe(COLLECTION_SHARING_TEXTS.ownerGrants);
    const open = await explanationOf(await ctx.as(STAFF), COLLECTIONS.public.ref);
    expect(open.explanation!.availabilityText).toBe(COLLECTION_SHARING_TEXTS.public);
  });

  it('counts only the items the viewer can open themselves, so a member learns nothing of the locked ones', async () => {
    const staff = (await explanationOf(await ctx.as(STAFF), COLLECTIONS.public.ref)).explanation!;
    const member = (await explanationOf(await ctx.as(MEMBER), COLLECTIONS.public.ref)).explanation!;
    const count = (text: string) => Number(/ of (\d+) item/.exec(text)?.[1] ?? 0);
    expect(count(member.levelText[6]!)).toBeLessThan(count(staff.levelText[6]!));
    expect(JSON.stringify(member)).not.toContain('Staff Safeguarding Pack');
  });

  it('stays behind the collection’s own 403 for those who may not open it', async () => {
    const { status, props } = await explanationOf(await ctx.as(MEMBER), COLLECTIONS.private.ref);
    expect(status).toBe(403);
    expect(props).not.toHaveProperty('sharingExplanation');
  });
});
