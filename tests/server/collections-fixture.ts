/** A small library for the collection tests: items at several levels and states, and collections of two owners. */
import { eq } from 'drizzle-orm';
import { VISIBILITY } from '../../shared/enums';
import type { Database, DatabaseHandle } from '../../server/db/client';
import { collectionItems, collections, items, users } from '../../server/db/schema';
import { seedDemoAccounts } from '../support/seed';

export const MEMBER = 'member@example.org';
export const AFFILIATE = 'affiliate@example.org';
export const LEADER = 'leader@example.org';
export const STAFF = 'staff@example.org';
export const ADMIN = 'admin@example.org';

export const ITEMS = {
  open: { ref: 'colopen00001', title: 'Campfire Songs', blurb: 'Songs for around the fire.' },
  games: { ref: 'colgames0001', title: 'Rainy Day Games', blurb: 'Games for indoors.' },
  staff: { ref: 'colstaff0001', title: 'Staff Safeguarding Pack', blurb: 'Confidential incident procedures.' },
  unlisted: { ref: 'colunlist001', title: 'Quiet Corner Guide', blurb: 'Only by link.' },
  draft: { ref: 'coldraft0001', title: 'Leader Draft Walk', blurb: 'Not yet published.' },
} as const;

export const COLLECTIONS = {
  /** The affiliate's private collection: two sections. */
  private: { ref: 'colprivate01', title: 'Secret Youth Plans', description: 'Plans for the spring term.' },
  /** The staff member's public collection, holding a staff-level item, an unlisted item and someone's draft. */
  public: { ref: 'colpublic001', title: 'Staff Picks For Everyone', description: 'Open to all.' },
} as const;

export const ENTRIES = {
  privateOpen: 'colentry0001',
  privateGames: 'colentry0002',
  publicOpen: 'colentry0003',
  publicStaff: 'colentry0004',
  publicUnlisted: 'colentry0005',
  publicDraft: 'colentry0006',
} as const;

/** A note on the staff member's entry for their draft-of-another: only the owner sees it on a locked entry. */
export const LOCKED_NOTE = 'Ask Sarah when this is ready';

export async function userIdOf(db: Database, email: string): Promise<number> {
  const [row] = await db.select({ id: users.id }).from(users).where(eq(users.email, email));
  return row!.id;
}

export async function seedCollectionLibrary(handle: DatabaseHandle): Promise<void> {
  await seedDemoAccounts(handle);
  const db = handle.db;
  const [leaderId, affiliateId, staffId] = await Promise.all([userIdOf(db, LEADER), userIdOf(db, AFFILIATE), userIdOf(db, STAFF)]);
  const inserted = await db
    .insert(items)
    .values([
      { ...ITEMS.open, code: 'CO-1', visibility: VISIBILITY.DISCOVERABLE, minimumAccessLevel: 0 },
      { ...ITEMS.games, code: 'CO-2', visibility: VISIBILITY.DISCOVERABLE, minimumAccessLevel: 0 },
      { ...ITEMS.staff, code: 'CO-3', visibility: VISIBILITY.DISCOVERABLE, minimumAccessLevel: 4 },
      { ...ITEMS.unlisted, code: 'CO-4', visibility: VISIBILITY.UNLISTED, minimumAccessLevel: 0 },
      { ...ITEMS.draft, code: 'CO-5', visibility: VISIBILITY.DRAFT, minimumAccessLevel: 0, createdByUserId: leaderId },
    ])
    .returning({ id: items.id, ref: items.ref });
  const itemId = (ref: string) => inserted.find((row) => row.ref === ref)!.id;
  const made = await db
    .insert(collections)
    .values([
      { ...COLLECTIONS.private, userId: affiliateId, public: false },
      { ...COLLECTIONS.public, userId: staffId, public: true },
    ])
    .returning({ id: collections.id, ref: collections.ref });
  const collectionId = (ref: string) => made.find((row) => row.ref === ref)!.id;
  await db.insert(collectionItems).values([
    {
      ref: ENTRIES.privateOpen,
      collectionId: collectionId(COLLECTIONS.private.ref),
      itemId: itemId(ITEMS.open.ref),
      section: 'Week 1',
      position: 0,
      note: 'Start with this',
    },
    { ref: ENTRIES.privateGames, collectionId: collectionId(COLLECTIONS.private.ref), itemId: itemId(ITEMS.games.ref), section: 'Week 2', position: 0 },
    { ref: ENTRIES.publicOpen, collectionId: collectionId(COLLECTIONS.public.ref), itemId: itemId(ITEMS.open.ref), section: '', position: 0 },
    {
      ref: ENTRIES.publicStaff,
      collectionId: collectionId(COLLECTIONS.public.ref),
      itemId: itemId(ITEMS.staff.ref),
      section: '',
      position: 1,
      note: 'Read before camp',
    },
    { ref: ENTRIES.publicUnlisted, collectionId: collectionId(COLLECTIONS.public.ref), itemId: itemId(ITEMS.unlisted.ref), section: 'Extras', position: 0 },
    {
      ref: ENTRIES.publicDraft,
      collectionId: collectionId(COLLECTIONS.public.ref),
      itemId: itemId(ITEMS.draft.ref),
      section: 'Extras',
      position: 1,
      note: LOCKED_NOTE,
    },
  ]);
}

/** Entries of a collection as stored: section and position by ref. */
export async function storedEntries(db: Database, collectionRef: string) {
  const rows = await db
    .select({ ref: collectionItems.ref, section: collectionItems.section, position: collectionItems.position, note: collectionItems.note })
    .from(collectionItems)
    .innerJoin(collections, eq(collections.id, collectionItems.collectionId))
    .where(eq(collections.ref, collectionRef));
  return rows.sort((a, b) => a.section.localeCompare(b.section) || a.position - b.position);
}

export async function storedCollection(db: Database, ref: string) {
  const [row] = await db.select().from(collections).where(eq(collections.ref, ref));
  return row ?? null;
}
