/**
 * An expired shared link answers 410 only when nothing else lets the viewer open the page (issue 15 §2): their own
 * level, their role, or another valid share to them opens it as if the link were not there.
 */
import { eq } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { collections, contents, items, shares, users } from '../../server/db/schema';
import { useTestApp } from '../support/app';
import { sessionAs, SIGN_IN_OFTEN } from '../support/sessions';
import { ADMIN, AFFILIATE, CONTENT, ITEMS, LEADER, seedSharingLibrary, STAFF } from './sharing-fixture';

const testApp = useTestApp({ env: SIGN_IN_OFTEN, seed: seedSharingLibrary });
const db = () => testApp.app.db;
const DAY_MS = 86_400_000;
const FILE_TEXT = 'Incident procedures for staff.';
/** The leader's private collection. */
const COLLECTION = 'sharecoll001';

beforeAll(async () => {
  const root = await testApp.drive.rootFolderId();
  const file = await testApp.drive.upload({ name: 'Procedures.txt', mimeType: 'text/plain', parentId: root, body: Buffer.from(FILE_TEXT) });
  await db().update(contents).set({ googleDriveFileId: file.id, format: 'text' }).where(eq(contents.ref, CONTENT.staffStaff));
  await db()
    .insert(collections)
    .values({ ref: COLLECTION, userId: await userId(LEADER), title: 'Leader Picks', public: false });
});

async function userId(email: string): Promise<number> {
  const [row] = await db().select({ id: users.id }).from(users).where(eq(users.email, email));
  return row!.id;
}

type Target =
  { sharedType: 'item'; itemRef: string } | { sharedType: 'item_content'; contentRef: string } | { sharedType: 'collection'; collectionRef: string };

/** Inserts a share of the target to `email` that ended `daysAgo` days ago (negative: ends that many days ahead). */
async function shareTo(email: string, target: Target, level: number, daysAgo: number): Promise<string> {
  const ids = await targetIds(target);
  const [row] = await db()
    .insert(shares)
    .values({
      sharedType: target.sharedType,
      ...ids,
      fromUserId: await userId(STAFF),
      toEmail: email,
      level,
      expiresAt: new Date(Date.now() - daysAgo * DAY_MS),
    })
    .returning({ ref: shares.ref });
  return row!.ref;
}

async function targetIds(target: Target) {
  if (target.sharedType === 'collection') {
    const [row] = await db().select({ id: collections.id }).from(collections).where(eq(collections.ref, target.collectionRef));
    return { collectionId: row!.id };
  }
  if (target.sharedType === 'item') {
    const [row] = await db().select({ id: items.id }).from(items).where(eq(items.ref, target.itemRef));
    return { itemId: row!.id };
  }
  const [row] = await db().select({ id: contents.id, itemId: contents.itemId }).from(contents).where(eq(contents.ref, target.contentRef));
  return { contentId: row!.id, itemId: row!.itemId };
}

async function statusOf(url: string, email: string | null): Promise<number> {
  const jar = await sessionAs(testApp.app, email);
  return (await testApp.app.inject({ method: 'GET', url, headers: { cookie: jar.header() } })).statusCode;
}

async function endShare(ref: string): Promise<void> {
  await db()
    .update(shares)
    .set({ expiresAt: new Date(Date.now() - 1000) })
    .where(eq(shares.ref, ref));
}

describe('an expired link to an item', () => {
  it('opens the item for a viewer who holds another valid grant to it, and answers 410 once that ends too', async () => {
    const expired = await shareTo(AFFILIATE, { sharedType: 'item', itemRef: ITEMS.staff }, 4, 10);
    const valid = await shareTo(AFFILIATE, { sharedType: 'item', itemRef: ITEMS.staff }, 4, -30);
    const url = `/i/${ITEMS.staff}?share=${expired}`;
    expect(await statusOf(url, AFFILIATE)).toBe(200);
    await endShare(valid);
    expect(await statusOf(url, AFFILIATE)).toBe(410);
  });

  it('opens the item for viewers whose own level or role opens it, and answers 410 to anyone else', async () => {
    const expired = await shareTo(LEADER, { sharedType: 'item', itemRef: ITEMS.leaders }, 3, 10);
    const url = `/i/${ITEMS.leaders}?share=${expired}`;
    expect(await statusOf(url, LEADER)).toBe(200);
    expect(await statusOf(url, ADMIN)).toBe(200);
    expect(await statusOf(url, AFFILIATE)).toBe(410);
    expect(await statusOf(url, null)).toBe(410);
  });

  it('opens a public item for a visitor', async () => {
    const expired = await shareTo('friend@example.com', { sharedType: 'item', itemRef: ITEMS.open }, 2, 10);
    expect(await statusOf(`/i/${ITEMS.open}?share=${expired}`, null)).toBe(200);
  });
});

describe('an expired link to a file', () => {
  it('opens the file for a viewer whose valid grant of its item reaches it, and answers 410 once that ends', async () => {
    const expired = await shareTo(AFFILIATE, { sharedType: 'item_content', contentRef: CONTENT.staffStaff }, 4, 10);
    const url = `/content/${CONTENT.staffStaff}?share=${expired}`;
    // The item grant of the first test has ended by now; this one is new.
    const valid = await shareTo(AFFILIATE, { sharedType: 'item', itemRef: ITEMS.staff }, 4, -30);
    const opened = await testApp.app.inject({ method: 'GET', url, headers: { cookie: (await sessionAs(testApp.app, AFFILIATE)).header() } });
    expect(opened.statusCode).toBe(200);
    expect(opened.body).toBe(FILE_TEXT);
    expect(await statusOf(url, STAFF)).toBe(200);
    await endShare(valid);
    expect(await statusOf(url, AFFILIATE)).toBe(410);
  });
});

describe('an expired link to a collection', () => {
  it('opens the collection for its owner, admins and a viewer with another valid share, and answers 410 otherwise', async () => {
    const expired = await shareTo(AFFILIATE, { sharedType: 'collection', collectionRef: COLLECTION }, 2, 10);
    const url = `/collection/${COLLECTION}?share=${expired}`;
    expect(await statusOf(url, AFFILIATE)).toBe(410);
    expect(await statusOf(url, LEADER)).toBe(200);
    expect(await statusOf(url, ADMIN)).toBe(200);
    const valid = await shareTo(AFFILIATE, { sharedType: 'collection', collectionRef: COLLECTION }, 2, -30);
    expect(await statusOf(url, AFFILIATE)).toBe(200);
    await endShare(valid);
    expect(await statusOf(url, AFFILIATE)).toBe(410);
  });

  it('opens a public collection for anyone', async () => {
    const expired = await shareTo(AFFILIATE, { sharedType: 'collection', collectionRef: COLLECTION }, 2, 10);
    await db().update(collections).set({ public: true }).where(eq(collections.ref, COLLECTION));
    expect(await statusOf(`/collection/${COLLECTION}?share=${expired}`, null)).toBe(200);
  });
});
