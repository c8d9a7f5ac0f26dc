/**
 * Titles beside the paths of the stats: a row whose key is an item page (/i/{ref}) or a content file
 * (/content/{ref}) is named by the item's title, or the content's label and its item's title — but only when the
 * viewer may open it (the policy: `openableItemsCondition` for the item, `canSeeContent` for the content row); a ref
 * that names nothing any more is marked deleted. Two queries for a whole list, whatever its length.
 */
import { eq, inArray, sql } from 'drizzle-orm';
import { ROUTES } from '../../../shared/routes';
import type { StatsTarget } from '../../../shared/stats';
import { canSeeContent, itemAccessColumns, openableItemsCondition, type Viewer } from '../../access/policy';
import type { Database } from '../../db/client';
import { contents, items } from '../../db/schema';
import { REF_PATTERN } from '../../lib/ref';

export type TargetKind = 'item' | 'content';

const REF = REF_PATTERN.source.replace(/^\^|\$$/g, '');
const PATHS: Record<TargetKind, RegExp> = {
  item: new RegExp(`^/i/(${REF})$`),
  content: new RegExp(`^/content/(${REF})$`),
};

/** The path of an item page or a content file. */
export function targetPath(kind: TargetKind, ref: string): string {
  return kind === 'item' ? ROUTES.item.path({ ref }) : ROUTES.content.path({ ref });
}

/** Which item or content a path opens, if any. */
function targetOf(path: string): { kind: TargetKind; ref: string } | null {
  for (const kind of ['item', 'content'] as const) {
    const match = PATHS[kind].exec(path);
    if (match) return { kind, ref: match[1] };
  }
  return null;
}

/** SQL: whether the viewer may open the row of `items` in the query (the policy's condition; none for admins). */
function openable(viewer: Viewer, now: Date) {
  const condition = openableItemsCondition(viewer, now);
  return condition ? sql<boolean>`coalesce((${condition}), false)` : sql<boolean>`true`;
}

async function itemTitles(db: Database, viewer: Viewer, refs: string[], now: Date): Promise<Map<string, string | null>> {
  if (refs.length === 0) return new Map();
  const rows = await db
    .select({ ref: items.ref, title: items.title, openable: openable(viewer, now) })
    .from(items)
    .where(inArray(items.ref, refs));
  return new Map(rows.map((row) => [row.ref, row.openable ? row.title : null]));
}

async function contentTitles(db: Database, viewer: Viewer, refs: string[], now: Date): Promise<Map<string, string | null>> {
  if (refs.length === 0) return new Map();
  const rows = await db
    .select({
      ref: contents.ref,
      label: contents.label,
      published: contents.published,
      minimumAccessLevel: contents.minimumAccessLevel,
      itemTitle: items.title,
      item: itemAccessColumns,
      openable: openable(viewer, now),
    })
    .from(contents)
    .innerJoin(items, eq(items.id, contents.itemId))
    .where(inArray(contents.ref, refs));
  return new Map(rows.map((row) => [row.ref, row.openable && canSeeContent(viewer, row.item, row) ? `${row.label} (${row.itemTitle})` : null]));
}

/**
 * What each path names, for the paths that open an item or a content: its title when the viewer may open it, null
 * when not, and `deleted` when it names nothing. Other paths are left out of the map.
 */
export async function targetTitles(db: Database, viewer: Viewer, paths: readonly string[], now: Date = new Date()): Promise<Map<string, StatsTarget>> {
  const targets = paths.map((path) => ({ path, target: targetOf(path) }));
  const refsOf = (kind: TargetKind) => [...new Set(targets.flatMap(({ target }) => (target?.kind === kind ? [target.ref] : [])))];
  const [itemsFound, contentsFound] = await Promise.all([itemTitles(db, viewer, refsOf('item'), now), contentTitles(db, viewer, refsOf('content'), now)]);
  const found: Record<TargetKind, Map<string, string | null>> = { item: itemsFound, content: contentsFound };
  const named = new Map<string, StatsTarget>();
  for (const { path, target } of targets) {
    if (!target) continue;
    const title = found[target.kind].get(target.ref);
    named.set(path, { path, title: title ?? null, deleted: title === undefined });
  }
  return named;
}
