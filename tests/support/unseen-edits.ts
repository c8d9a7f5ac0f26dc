/** Writes made behind the library cache's back, so a test can tell an answer from a cache from a fresh one. */
import { eq, sql } from 'drizzle-orm';
import type { Database } from '../../server/db/client';
import { items } from '../../server/db/schema';

/** A blurb changed with the version triggers off: a list that still shows the old one came from a cache. */
export async function editBlurbUnseen(db: Database, itemId: number, blurb: string): Promise<void> {
  const triggers = ['items_library_version_update', 'items_level_lists_version_update'];
  for (const trigger of triggers) await db.execute(sql.raw(`alter table items disable trigger ${trigger}`));
  try {
    await db.update(items).set({ blurb }).where(eq(items.id, itemId));
  } finally {
    for (const trigger of triggers) await db.execute(sql.raw(`alter table items enable trigger ${trigger}`));
  }
}
