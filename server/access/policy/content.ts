/** An item's content rows (who sees, manages and curates them) and its drive folder and files. */
import { ANONYMOUS, effectiveLevel, isAdmin, type Viewer } from './levels';
import { canEditItem, canOpenItem, levelOpensItem, type ItemAccessFacts } from './items';

/** What the policy needs to know about a content row of an item. */
export interface ContentAccessFacts {
  published: boolean;
  minimumAccessLevel: number;
}

/**
 * Whether the viewer may see (and open) one content row of an item they may open. Editors of the item see every
 * row; everyone else only published rows at or below their level, or the level a valid share of the item gives them.
 */
export function canSeeContent(viewer: Viewer, item: ItemAccessFacts, content: ContentAccessFacts, grantedLevel: number | null = null): boolean {
  if (canEditItem(viewer, item)) return true;
  if (!content.published) return false;
  return Math.max(effectiveLevel(viewer), grantedLevel ?? -1) >= content.minimumAccessLevel;
}

/** Content rows (upload, link, labels, order, removal) are the item's editors' to manage. */
export function canManageContent(viewer: Viewer, item: ItemAccessFacts): boolean {
  return canEditItem(viewer, item);
}

/** A file in an item's folder that no content row links: for whoever manages the item's content, and admins. */
export function canOpenUnlinkedDriveFile(viewer: Viewer, item: ItemAccessFacts | null): boolean {
  return (item !== null && canManageContent(viewer, item)) || isAdmin(viewer);
}

/** Who sees a content row and what it is a sample of (minimum access level, is-sample-of, published) is for admins. */
export function canCurateContent(viewer: Viewer): boolean {
  return isAdmin(viewer);
}

/** Admins create an item's drive folder. */
export function canCreateDriveFolder(viewer: Viewer): boolean {
  return isAdmin(viewer);
}

/**
 * Anyone who may open the item may open its folder through Equip: the drive keeps its own sharing, and Equip's
 * own folder view (local drive) lists only the files this viewer may open.
 */
export function canOpenDriveFolder(viewer: Viewer, item: ItemAccessFacts, grantedLevel: number | null = null): boolean {
  return canOpenItem(viewer, item, grantedLevel);
}

/** Drive file ids, and files no content row uses, are the editors' working material. */
export function canSeeDriveFiles(viewer: Viewer, item: ItemAccessFacts): boolean {
  return canEditItem(viewer, item);
}

/** Whether a person at `level` (neither admin nor editor of the item) sees the content row. */
export function levelSeesContent(item: ItemAccessFacts, content: ContentAccessFacts, level: number): boolean {
  return levelOpensItem(item, level) && canSeeContent(ANONYMOUS, item, content, level);
}
