import { eq, sql } from 'drizzle-orm';
import type { DrivePort } from '../../drive/port';
import type { Database } from '../client';
import { users } from '../schema';
import { USER_TYPES } from './accounts';
import { insertCatalogue } from './catalogue';
import { plantContentFiles } from './content-files';
import type { SeedContext } from './context';
import { itemAttributeDeck, LEADER_EMAIL, planItem } from './items';
import { insertItemBatch, type SeededItem } from './library';
import { insertPeople } from './people';
import { addDays, Random } from './random';
import { insertSharing } from './sharing';
import { addCounts, emptySummary, type SeedSummary } from './summary';
import { insertTraffic } from './traffic';

export const DEFAULT_ITEM_COUNT = 320;
/** Items planned and inserted per transaction. */
const ITEMS_PER_BATCH = 1000;
/** Statistics are refreshed when the library reaches this many items, then each time it has doubled. */
const FIRST_ANALYZE_AT = 4000;
/** The library was set up this long before the reference date; every item is younger. */
const LIBRARY_AGE_DAYS = 1200;
/** Fixed, so every run builds the same library. */
const PRNG_SEED = 20_261_101;

export interface SeedOptions {
  /** How many items to create (default 320). */
  items?: number;
  log?: (message: string) => void;
  /**
   * The moment all relative dates (expired, expiring, recent views, due dates) are
   * computed from. Defaults to the start of the current UTC day, so a demo seeded
   * today has live invitations and shares; pass a fixed date for identical dates too.
   */
  referenceDate?: Date;
  /** When given, the demo's content (the first DEFAULT_ITEM_COUNT items) gets real files in item folders. */
  drive?: DrivePort;
}

function startOfUtcDay(moment: Date): Date {
  return new Date(Date.UTC(moment.getUTCFullYear(), moment.getUTCMonth(), moment.getUTCDate()));
}

function validItemCount(items: number): number {
  if (!Number.isInteger(items) || items < 1) throw new RangeError(`The item count must be a positive whole number, not ${items}`);
  return items;
}

/** Fills an empty, migrated database with the deterministic demo library. */
export async function seedDemoLibrary(db: Database, options: SeedOptions = {}): Promise<SeedSummary> {
  const itemCount = validItemCount(options.items ?? DEFAULT_ITEM_COUNT);
  const log = options.log ?? (() => {});
  const rng = new Random(PRNG_SEED);
  const reference = options.referenceDate ?? startOfUtcDay(new Date());
  const summary = emptySummary();

  const context = await db.transaction(async (tx): Promise<SeedContext> => {
    const setUpAt = addDays(reference, -LIBRARY_AGE_DAYS);
    const people = await insertPeople(tx, rng, reference, setUpAt);
    const catalogue = await insertCatalogue(tx, rng, setUpAt);
    addCounts(summary, { userTypes: USER_TYPES.length, users: people.all.length, ...catalogue.counts });
    return { rng, reference, catalogue, people };
  });
  log(`Users, taxonomies, characteristics and affirmation options created`);

  const library = await insertLibrary(db, context, itemCount, summary, log);
  await db.transaction(async (tx) => {
    await linkPersonPage(tx, context, library[0]);
    addCounts(summary, await insertSharing(tx, context, library));
    addCounts(summary, await insertTraffic(tx, context, library));
  });
  log(`Collections, shares, invitations, views and admin records created`);
  if (options.drive) {
    const planted = await plantContentFiles(
      db,
      options.drive,
      library.slice(0, DEFAULT_ITEM_COUNT).map((item) => item.id),
    );
    log(`Drive: ${planted.folders} item folders and ${planted.files} content files`);
  }
  // Planner statistics and the visibility map now, not when autovacuum gets round to it (it may be off): a fresh
  // library planned without statistics answered random index pages at p95 5.8 s instead of 0.7 s, and until a vacuum
  // every index-only scan (counts, item_tags) still reads the table. 6 s at 1,000,000 items.
  await db.execute(sql`vacuum (analyze)`);
  log('Planner statistics and visibility map refreshed (VACUUM ANALYZE)');
  return summary;
}

async function insertLibrary(
  db: Database,
  context: SeedContext,
  itemCount: number,
  summary: SeedSummary,
  log: (message: string) => void,
): Promise<SeededItem[]> {
  const deck = itemAttributeDeck(context.rng, itemCount);
  const library: SeededItem[] = [];
  let analyzeAt = FIRST_ANALYZE_AT;
  for (let start = 0; start < itemCount; start += ITEMS_PER_BATCH) {
    const plans = deck.slice(start, start + ITEMS_PER_BATCH).map((attributes, offset) => planItem(context, attributes, start + offset + 1));
    const batch = await insertItemBatch(db, context, plans);
    for (const item of batch.items) library.push(item);
    addCounts(summary, batch.counts);
    log(`Items: ${library.length.toLocaleString('en-GB')} of ${itemCount.toLocaleString('en-GB')}`);
    if (library.length >= analyzeAt && library.length < itemCount) {
      // The triggers on item_tags keep the plans they were given when the tables were small (a session plans a
      // trigger's statements once): without a refresh, each batch read item_tags from end to end, and a 1,000,000-item
      // seed slowed down quadratically. New statistics make every session plan them again.
      await db.execute(sql`analyze`);
      analyzeAt *= 2;
    }
  }
  return library;
}

/** The first item is the leader's Person page (see planItem). */
async function linkPersonPage(db: Database, { people, reference }: SeedContext, personPage: SeededItem): Promise<void> {
  await db
    .update(users)
    .set({ personItemId: personPage.id, updatedAt: reference })
    .where(eq(users.id, people.demo(LEADER_EMAIL).id));
}
