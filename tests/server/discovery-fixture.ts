import { eq } from 'drizzle-orm';
import { VISIBILITY } from '../../shared/enums';
import type { DatabaseHandle } from '../../server/db/client';
import { items, itemTags, tags, taxonomies, users } from '../../server/db/schema';
import { seedDemoAccounts } from '../support/seed';

interface FixtureTaxonomy {
  title: string;
  required?: boolean;
  multiselect?: boolean;
  public?: boolean;
  showInFiltering?: boolean;
  tags: { label: string; parent?: string; forceShowInFiltering?: boolean }[];
}

/** A small library whose every item tests one rule of the index pages. */
export const FIXTURE_TAXONOMIES: FixtureTaxonomy[] = [
  { title: 'Type', required: true, tags: [{ label: 'Resource' }, { label: 'Training' }, { label: 'Equipment' }] },
  {
    title: 'Age Group',
    multiselect: true,
    tags: [{ label: 'Children' }, { label: 'Primary', parent: 'Children' }, { label: 'Youth' }, { label: 'All Ages', forceShowInFiltering: true }],
  },
  { title: 'Theme', multiselect: true, tags: [{ label: 'Bible' }, { label: 'Prayer' }, { label: 'Unused Theme' }] },
  { title: 'Region', showInFiltering: false, tags: [{ label: 'International' }] },
  { title: 'Curation Status', multiselect: true, public: false, showInFiltering: false, tags: [{ label: 'Staff Pick' }] },
];

const DAY_MS = 24 * 3600 * 1000;

interface FixtureItem {
  title: string;
  topic?: string;
  blurb?: string;
  visibility?: number;
  level?: number;
  maintainer?: string;
  expired?: boolean;
  recentViews?: number;
  tags?: string[];
}

export const LONG_BLURB =
  'Everything a leader needs for a week of camp: songs for every evening, games for wet afternoons, prayers for the quiet moments, and a packing list that has been tested on forty summers of youth camps across the country.';

export const FIXTURE_ITEMS: FixtureItem[] = [
  { title: 'Camp Songbook', topic: 'Music', blurb: LONG_BLURB, recentViews: 50, tags: ['Resource', 'Youth'] },
  { title: 'Camping Safety Training', blurb: 'Risk assessments for outdoor trips.', level: 1, tags: ['Training', 'Youth', 'Bible'] },
  { title: 'Primary Assembly Plans', blurb: 'Ten assemblies on the parables.', recentViews: 80, tags: ['Resource', 'Primary', 'Bible'] },
  { title: 'Children Prayer Cards', blurb: 'Use them in an assembly or at home.', level: 2, tags: ['Resource', 'Children', 'Prayer'] },
  { title: 'Staff Handbook', blurb: 'Policies for employed staff.', level: 4, recentViews: 100, tags: ['Training'] },
  { title: 'Member Draft Idea', visibility: VISIBILITY.DRAFT, maintainer: 'member@example.org', tags: ['Resource'] },
  { title: 'Member Pending Idea', visibility: VISIBILITY.PENDING, maintainer: 'member@example.org', tags: ['Resource'] },
  { title: 'Affiliate Draft', visibility: VISIBILITY.DRAFT, maintainer: 'affiliate@example.org', tags: ['Resource'] },
  { title: 'Withdrawn Guide', visibility: VISIBILITY.HIDDEN, tags: ['Resource'] },
  { title: 'Secret Unlisted Link', blurb: 'Camp directions for invited leaders.', visibility: VISIBILITY.UNLISTED, tags: ['Resource'] },
  { title: 'Expired Camp Flyer', expired: true, tags: ['Resource'] },
  { title: 'International Partners', tags: ['Resource', 'International', 'Staff Pick'] },
  ...Array.from({ length: 30 }, (_, index) => ({ title: `Equipment Kit ${String(index + 1).padStart(2, '0')}`, tags: ['Equipment'] })),
];

/** Demo accounts plus the fixture library. */
export async function seedDiscoveryFixture(handle: DatabaseHandle): Promise<void> {
  await seedDemoAccounts(handle);
  const db = handle.db;
  const tagIds = new Map<string, number>();
  for (const [position, taxonomy] of FIXTURE_TAXONOMIES.entries()) {
    const [row] = await db
      .insert(taxonomies)
      .values({
        title: taxonomy.title,
        position,
        required: taxonomy.required ?? false,
        multiselect: taxonomy.multiselect ?? false,
        public: taxonomy.public ?? true,
        showInFiltering: taxonomy.showInFiltering ?? true,
      })
      .returning();
    for (const [tagPosition, tag] of taxonomy.tags.entries()) {
      const [tagRow] = await db
        .insert(tags)
        .values({
          taxonomyId: row.id,
          label: tag.label,
          position: tagPosition,
          parentId: tag.parent ? tagIds.get(tag.parent)! : null,
          forceShowInFiltering: tag.forceShowInFiltering ?? false,
        })
        .returning();
      tagIds.set(tag.label, tagRow.id);
    }
  }
  const userRows = await db.select({ id: users.id, email: users.email }).from(users);
  const userId = (email: string) => userRows.find((user) => user.email === email)!.id;
  for (const [index, item] of FIXTURE_ITEMS.entries()) {
    const [row] = await db
      .insert(items)
      .values({
        code: `EQ-${String(index + 1).padStart(5, '0')}`,
        title: item.title,
        topic: item.topic ?? '',
        blurb: item.blurb ?? '',
        visibility: item.visibility ?? VISIBILITY.DISCOVERABLE,
        minimumAccessLevel: item.level ?? 0,
        createdByUserId: item.maintainer ? userId(item.maintainer) : userId('team@example.org'),
        expiresAt: item.expired ? new Date(Date.now() - DAY_MS) : null,
        recentViewCount: item.recentViews ?? 0,
      })
      .returning();
    if (item.tags?.length) await db.insert(itemTags).values(item.tags.map((label) => ({ itemId: row.id, tagId: tagIds.get(label)! })));
  }
}

/** Tag refs by label, as the client puts them in `tags=`. */
export async function tagRefs(handle: DatabaseHandle): Promise<Record<string, string>> {
  const rows = await handle.db.select({ ref: tags.ref, label: tags.label }).from(tags);
  return Object.fromEntries(rows.map((row) => [row.label, row.ref]));
}

export async function userIdOf(handle: DatabaseHandle, email: string): Promise<number> {
  const [row] = await handle.db.select({ id: users.id }).from(users).where(eq(users.email, email));
  return row.id;
}
