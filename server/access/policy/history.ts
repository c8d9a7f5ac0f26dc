/** The history of every change: an item's History and the admin activity feed. */
import { isAdmin, isSignedIn, type Viewer } from './levels';
import { baseCan } from './flags';
import { canEditItem, canSeeCharacteristic, canSeeTaxonomy, type ItemAccessFacts } from './items';

/** An item's History is for those who may change what it records: its maintainer and admins. */
export function canSeeItemHistory(viewer: Viewer, item: ItemAccessFacts): boolean {
  return canEditItem(viewer, item);
}

/**
 * One entry of an item's History, for someone who may see the History: a share names who received it, which only
 * admins see of others' grants; a characteristic's value shows where the characteristic does, a tag where its
 * taxonomy does (`linkedPublic`: whether that characteristic or taxonomy is public now; null: it was deleted, so
 * whether it was public is no longer known and admins alone see it).
 */
export function canSeeItemHistoryEntry(viewer: Viewer, entry: { kind: string; linkedPublic: boolean | null }): boolean {
  if (entry.kind === 'share') return isAdmin(viewer);
  if (entry.kind !== 'item_characteristic' && entry.kind !== 'item_tag') return true;
  if (entry.linkedPublic === null) return isAdmin(viewer);
  return entry.kind === 'item_tag' ? canSeeTaxonomy(viewer, { public: entry.linkedPublic }) : canSeeCharacteristic(viewer, { public: entry.linkedPublic });
}

/** The activity feed over every change (people, shares, invitations, impersonation): admins. */
export function canSeeActivity(viewer: Viewer): boolean {
  return isSignedIn(viewer) && isAdmin(viewer);
}

/** A batch edit is undone by an admin or by the person who made it (each item still as editing it decides). */
export function canUndoBatch(viewer: Viewer, batchActorId: number | null): boolean {
  return isSignedIn(viewer) && (isAdmin(viewer) || viewer.id === batchActorId);
}

/**
 * What the item index offers for batch edits: every item to admins ('all', with "all n matching"), the items they
 * maintain to those who may add items ('own', item by item), nothing to others. The batch routes decide each item as
 * editing it decides whatever the page offered (docs/decisions/curation.md "Batch edits").
 */
export function batchEditScope(viewer: Viewer): 'all' | 'own' | null {
  if (!isSignedIn(viewer)) return null;
  if (isAdmin(viewer)) return 'all';
  return baseCan(viewer).create ? 'own' : null;
}
