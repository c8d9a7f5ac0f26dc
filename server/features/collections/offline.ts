/**
 * What "Save for offline" stores for a collection: its page, the pages of the entries this viewer may open
 * now, and the files of those items they may open, decided here by the same rules as the pages themselves, so nothing
 * is saved that the viewer could not open.
 */
import { asc, inArray } from 'drizzle-orm';
import type { OfflineCopy } from '../../../shared/offline';
import { ROUTES } from '../../../shared/routes';
import { canSeeContent, itemAccessColumns, type Viewer } from '../../access/policy';
import type { Database } from '../../db/client';
import { contents, items } from '../../db/schema';
import { itemGrantedLevelSql } from '../../items';
import { groupBy } from '../../lib/group-by';
import { collectionEntries } from './queries';

/** Three statements whatever the collection's size: its entries, their items (with each one's share level), their files. */
export async function offlineCopyOf(db: Database, viewer: Viewer, collection: { id: number; ref: string }, now: Date = new Date()): Promise<OfflineCopy> {
  const pages = [ROUTES.collection.path({ ref: collection.ref })];
  const files: string[] = [];
  const entries = (await collectionEntries(db, viewer, collection.id, now)).filter((entry) => entry.openable);
  const itemRefs = [...new Set(entries.map((entry) => entry.itemRef))];
  if (itemRefs.length === 0) return { pages, files };
  // `openable` is the item page's own rule (`openableCollectedItemsCondition`); these rows are for its files' rule.
  const records = await db
    .select({ id: items.id, ref: items.ref, ...itemAccessColumns, grantedLevel: itemGrantedLevelSql(viewer, items.id, now).mapWith(Number) })
    .from(items)
    .where(inArray(items.ref, itemRefs));
  const rows = await db
    .select()
    .from(contents)
    .where(
      inArray(
        contents.itemId,
        records.map((item) => item.id),
      ),
    )
    .orderBy(asc(contents.position), asc(contents.id));
  const recordByRef = new Map(records.map((item) => [item.ref, item]));
  const rowsByItem = groupBy(rows, (content) => content.itemId);
  for (const itemRef of itemRefs) {
    const item = recordByRef.get(itemRef);
    if (!item) continue;
    pages.push(ROUTES.item.path({ ref: item.ref }));
    // The content page's rule (`contentRowOpensFor`): the row at the viewer's own level or at a valid share's.
    for (const content of rowsByItem.get(item.id) ?? [])
      if (canSeeContent(viewer, item, content, item.grantedLevel)) files.push(ROUTES.content.path({ ref: content.ref }));
  }
  return { pages, files };
}
