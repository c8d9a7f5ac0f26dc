/**
 * What "Save for offline" stores for a collection (issue 20 §3): its page, the pages of the entries this viewer may open
 * now, and the files of those items they may open, decided here by the same rules as the pages themselves, so nothing
 * is saved that the viewer could not open.
 */
import { asc, eq } from 'drizzle-orm';
import type { OfflineCopy } from '../../../shared/offline';
import { ROUTES } from '../../../shared/routes';
import type { Viewer } from '../../access/policy';
import type { Database } from '../../db/client';
import { contents } from '../../db/schema';
import { contentRowOpensFor, findItemRecord } from '../../items';
import { collectionEntries } from './queries';

export async function offlineCopyOf(db: Database, viewer: Viewer, collection: { id: number; ref: string }, now: Date = new Date()): Promise<OfflineCopy> {
  const pages = [ROUTES.collection.path({ ref: collection.ref })];
  const files: string[] = [];
  const entries = (await collectionEntries(db, viewer, collection.id, now)).filter((entry) => entry.openable);
  for (const itemRef of new Set(entries.map((entry) => entry.itemRef))) {
    // `openable` is the item page's own rule (`openableCollectedItemsCondition`); the record is for its files' rule.
    const item = await findItemRecord(db, itemRef);
    if (!item) continue;
    pages.push(ROUTES.item.path({ ref: item.ref }));
    const rows = await db.select().from(contents).where(eq(contents.itemId, item.id)).orderBy(asc(contents.position), asc(contents.id));
    for (const content of rows) if (await contentRowOpensFor(db, viewer, item, content, now)) files.push(ROUTES.content.path({ ref: content.ref }));
  }
  return { pages, files };
}
