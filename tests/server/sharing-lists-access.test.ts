/**
 * /share and /sent show a shared resource only while the viewer may open it (server/features/sharing/queries.ts
 * `sharedResourceOf`): otherwise the share stays listed, locked, with nothing of the resource in the page.
 */
import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { VISIBILITY } from '../../shared/enums';
import type { Share } from '../../shared/sharing';
import { collections, contents, itemImages, items, shares, users, userTypes } from '../../server/db/schema';
import { newRef } from '../../server/lib/ref';
import { visit } from '../support/http';
import { seedDemoAccounts } from '../support/seed';
import { useSessionTestApp } from '../support/sessions';

const MEMBER = 'member@example.org';
const AFFILIATE = 'affiliate@example.org';
const LEADER = 'leader@example.org';
const STAFF = 'staff@example.org';
const ADMIN = 'admin@example.org';
/** A staff member whose level a test lowers; no other test shares from or to them. */
const DEMOTED = 'manager@example.org';

const DAY_MS = 24 * 3_600_000;

const context = useSessionTestApp({ seed: seedDemoAccounts });
const db = () => context.db();

async function userId(email: string): Promise<number> {
  const id = await accountOf(email);
  if (id === null) throw new Error(`no user ${email}`);
  return id;
}

async function accountOf(email: string): Promise<number | null> {
  const [row] = await db().select({ id: users.id }).from(users).where(eq(users.email, email));
  return row?.id ?? null;
}

let itemNumber = 0;

interface TestItem {
  id: number;
  ref: string;
  title: string;
  imageRef: string;
}

/** A published item with one picture; `title` is unique so a page can be searched for it. */
async function anItem(values: Partial<typeof items.$inferInsert> = {}): Promise<TestItem> {
  itemNumber += 1;
  const title = `Shared Item ${itemNumber} ${newRef()}`;
  const [item] = await db()
    .insert(items)
    .values({ code: `SL-${itemNumber}`, title, visibility: VISIBILITY.DISCOVERABLE, minimumAccessLevel: 3, ...values })
    .returning({ id: items.id, ref: items.ref, title: items.title });
  const [image] = await db()
    .insert(itemImages)
    .values({ itemId: item!.id, extension: 'jpg', source: 'upload', storageKey: `test/${item!.ref}.jpg` })
    .returning({ ref: itemImages.ref });
  return { ...item!, imageRef: image!.ref };
}

interface ShareValues {
  from: string;
  to: string;
  level: number;
  expiresAt?: Date | null;
  itemId?: number;
  contentId?: number;
  collectionId?: number;
}

async function aShare(values: ShareValues): Promise<string> {
  const sharedType = values.collectionId ? 'collection' : values.contentId ? 'item_content' : 'item';
  const [row] = await db()
    .insert(shares)
    .values({
      sharedType,
      itemId: values.itemId ?? null,
      contentId: values.contentId ?? null,
      collectionId: values.collectionId ?? null,
      fromUserId: await userId(values.from),
      toEmail: values.to,
      toUserId: await accountOf(values.to),
      level: values.level,
      expiresAt: values.expiresAt ?? null,
    })
    .returning({ ref: shares.ref });
  return row!.ref;
}

const PAST = () => new Date(Date.now() - DAY_MS);
const FUTURE = () => new Date(Date.now() + 30 * DAY_MS);

/** The list as `email` sees it, and the page's props as JSON, to prove what never reached them. */
async function listAs(email: string, url: '/share' | '/sent'): Promise<{ entry: (shareRef: string) => Share; json: string }> {
  const { response, page } = await visit(context.app, url, await context.as(email));
  expect(response.statusCode).toBe(200);
  const data = page.props.shares.data as Share[];
  return { entry: (shareRef) => data.find((share) => share.ref === shareRef)!, json: JSON.stringify(page.props) };
}

function expectShown(share: Share, item: TestItem) {
  expect(share.shared_title).toBe(item.title);
  expect(share.shared_url_path).toBe(`/i/${item.ref}?share=${share.ref}`);
  expect(share.shared_image).toBe(`/image/${item.imageRef}/large`);
}

function expectLocked(share: Share) {
  expect(share).toMatchObject({ shared_title: null, shared_url_path: null, shared_image: null });
}

function expectNothingOf(json: string, item: TestItem) {
  for (const secret of [item.title, item.ref, item.imageRef]) expect(json).not.toContain(secret);
}

describe('Shared With Me (/share) shows only what the recipient may open now', () => {
  it('shows an item a valid share opens, with its title, picture and link', async () => {
    const item = await anItem();
    const ref = await aShare({ from: LEADER, to: AFFILIATE, level: 3, itemId: item.id, expiresAt: FUTURE() });
    expectShown((await listAs(AFFILIATE, '/share')).entry(ref), item);
  });

  it('locks the item once the share has expired, even after a rename, keeping the share’s own details', async () => {
    const item = await anItem();
    const expiresAt = PAST();
    const ref = await aShare({ from: LEADER, to: AFFILIATE, level: 3, itemId: item.id, expiresAt });
    const renamed = { ...item, title: `Renamed ${item.title}` };
    await db().update(items).set({ title: renamed.title }).where(eq(items.id, item.id));

    const { entry, json } = await listAs(AFFILIATE, '/share');
    expectLocked(entry(ref));
    expect(entry(ref)).toMatchObject({
      shared_type: 'item',
      from_user: 'Sarah Okafor',
      to_user: AFFILIATE,
      level: 3,
      expires_at: expiresAt.toISOString(),
      valid: false,
    });
    expectNothingOf(json, renamed);
    expectNothingOf(json, item);
  });

  it('locks an item hidden, raised above the share’s level, or expired, while the share is still valid', async () => {
    const hidden = await anItem();
    const raised = await anItem();
    const expired = await anItem();
    const refs = await Promise.all(
      [hidden, raised, expired].map((item) => aShare({ from: LEADER, to: AFFILIATE, level: 3, itemId: item.id, expiresAt: FUTURE() })),
    );
    await db().update(items).set({ visibility: VISIBILITY.DRAFT }).where(eq(items.id, hidden.id));
    await db().update(items).set({ minimumAccessLevel: 4 }).where(eq(items.id, raised.id));
    await db().update(items).set({ expiresAt: PAST() }).where(eq(items.id, expired.id));

    const { entry, json } = await listAs(AFFILIATE, '/share');
    for (const ref of refs) expect(entry(ref)).toMatchObject({ shared_title: null, shared_url_path: null, shared_image: null, valid: true });
    for (const item of [hidden, raised, expired]) expectNothingOf(json, item);
    // An admin recipient still opens all three.
    const adminRefs = await Promise.all([hidden, raised, expired].map((item) => aShare({ from: LEADER, to: ADMIN, level: 3, itemId: item.id })));
    const admin = await listAs(ADMIN, '/share');
    for (const ref of adminRefs) expect(admin.entry(ref).shared_title).not.toBeNull();
  });

  it('keeps showing an item the recipient opens by their own level after the share has expired', async () => {
    const item = await anItem();
    const ref = await aShare({ from: LEADER, to: STAFF, level: 3, itemId: item.id, expiresAt: PAST() });
    const share = (await listAs(STAFF, '/share')).entry(ref);
    expectShown(share, item);
    expect(share.valid).toBe(false);
  });

  it('locks a shared content row that is unpublished or above the level the recipient reaches', async () => {
    const item = await anItem({ minimumAccessLevel: 0 });
    const [open, unpublished, staffOnly] = await db()
      .insert(contents)
      .values([
        { itemId: item.id, label: `Open sheet ${item.ref}`, format: 'pdf', position: 0 },
        { itemId: item.id, label: `Unfinished ${item.ref}`, format: 'pdf', position: 1, published: false },
        { itemId: item.id, label: `Staff notes ${item.ref}`, format: 'pdf', position: 2, minimumAccessLevel: 4 },
      ])
      .returning({ id: contents.id, ref: contents.ref, label: contents.label });
    const shareOf = (content: { id: number }) => aShare({ from: ADMIN, to: MEMBER, level: 3, itemId: item.id, contentId: content.id });
    const [openRef, unpublishedRef, staffRef] = [await shareOf(open!), await shareOf(unpublished!), await shareOf(staffOnly!)];

    const { entry, json } = await listAs(MEMBER, '/share');
    expect(entry(openRef!)).toMatchObject({
      shared_type: 'item_content',
      shared_title: `${open!.label} (${item.title})`,
      shared_url_path: `/content/${open!.ref}?share=${openRef}`,
    });
    expectLocked(entry(unpublishedRef!));
    expectLocked(entry(staffRef!));
    for (const secret of [unpublished!.label, unpublished!.ref, staffOnly!.label, staffOnly!.ref]) expect(json).not.toContain(secret);
  });

  it('locks a private collection once its share has expired; its owner still sees it on /sent', async () => {
    const [collection] = await db()
      .insert(collections)
      .values({ userId: await userId(LEADER), title: `Private picks ${newRef()}`, public: false })
      .returning({ id: collections.id, ref: collections.ref, title: collections.title });
    const ref = await aShare({ from: LEADER, to: AFFILIATE, level: 2, collectionId: collection!.id, expiresAt: FUTURE() });
    expect((await listAs(AFFILIATE, '/share')).entry(ref)).toMatchObject({
      shared_title: collection!.title,
      shared_url_path: `/collection/${collection!.ref}?share=${ref}`,
    });

    await db().update(shares).set({ expiresAt: PAST() }).where(eq(shares.ref, ref));
    const { entry, json } = await listAs(AFFILIATE, '/share');
    expectLocked(entry(ref));
    expect(json).not.toContain(collection!.title);
    expect(json).not.toContain(collection!.ref);
    expect((await listAs(LEADER, '/sent')).entry(ref).shared_title).toBe(collection!.title);
  });
});

describe('Shared By Me (/sent) shows only what the sharer may open now', () => {
  it('locks an item the sharer lost: hidden, raised above their level, or expired', async () => {
    const kept = await anItem();
    const hidden = await anItem();
    const raised = await anItem();
    const expired = await anItem();
    const refs = await Promise.all(
      [kept, hidden, raised, expired].map((item) => aShare({ from: LEADER, to: `friend${item.id}@example.net`, level: 3, itemId: item.id })),
    );
    await db().update(items).set({ visibility: VISIBILITY.DRAFT }).where(eq(items.id, hidden.id));
    await db().update(items).set({ minimumAccessLevel: 5 }).where(eq(items.id, raised.id));
    await db().update(items).set({ expiresAt: PAST() }).where(eq(items.id, expired.id));

    const { entry, json } = await listAs(LEADER, '/sent');
    expectShown(entry(refs[0]!), kept);
    for (const ref of refs.slice(1))
      expect(entry(ref)).toMatchObject({ shared_title: null, shared_url_path: null, shared_image: null, to_user: expect.stringMatching(/^friend/) });
    for (const item of [hidden, raised, expired]) expectNothingOf(json, item);
  });

  it('locks what the sharer shared once their own level is lowered below the item’s', async () => {
    const item = await anItem({ minimumAccessLevel: 4 });
    const ref = await aShare({ from: DEMOTED, to: 'colleague@example.net', level: 4, itemId: item.id });
    expectShown((await listAs(DEMOTED, '/sent')).entry(ref), item);

    const [affiliateType] = await db().select({ id: userTypes.id }).from(userTypes).where(eq(userTypes.level, 2));
    await db().update(users).set({ userTypeId: affiliateType!.id }).where(eq(users.email, DEMOTED));
    const { entry, json } = await listAs(DEMOTED, '/sent');
    expectLocked(entry(ref));
    expectNothingOf(json, item);
  });

  it('still shows an expired or draft item to the sharer who maintains it', async () => {
    const leader = await userId(LEADER);
    const draft = await anItem({ visibility: VISIBILITY.DRAFT, createdByUserId: leader });
    const expired = await anItem({ createdByUserId: leader, expiresAt: PAST() });
    const refs = [
      await aShare({ from: LEADER, to: 'reviewer@example.net', level: 3, itemId: draft.id }),
      await aShare({ from: LEADER, to: 'reviewer@example.net', level: 3, itemId: expired.id }),
    ];
    const { entry } = await listAs(LEADER, '/sent');
    expectShown(entry(refs[0]!), draft);
    expectShown(entry(refs[1]!), expired);
  });
});
