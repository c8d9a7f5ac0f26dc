/*
 * Admin: characteristics and affirmations. The Admin Dashboard, characteristics and
 * affirmations are for admins and superadmins. The dashboard shows every admin Advanced Settings and Server Logs;
 * their routes are for superadmins (canUseAdvanced).
 */
import type { CanFlags } from '../../../shared/props';
import { isAdmin, isSignedIn, type Viewer } from './levels';
import { baseCan } from './flags';

/**
 * The admin area: every /admin route (the dashboard, characteristics, affirmation options, taxonomies and tags, stats,
 * Advanced) is for admins and superadmins; Advanced and the server logs ask for a superadmin on top (canUseAdvanced).
 */
export function canOpenAdminArea(viewer: Viewer): boolean {
  return isSignedIn(viewer) && isAdmin(viewer);
}

/** Page flags of the characteristic pages: a characteristic's share button only copies its link (no grants). */
export function characteristicCan(viewer: Viewer): CanFlags {
  const manage = canOpenAdminArea(viewer);
  return { ...baseCan(viewer), create: manage, update: manage, delete: manage, duplicate: false, share: manage };
}

/** Page flags of the affirmation pages: nothing to share. */
export function affirmationOptionCan(viewer: Viewer): CanFlags {
  const manage = canOpenAdminArea(viewer);
  return { ...baseCan(viewer), create: manage, update: manage, delete: manage, duplicate: false, share: false };
}

// Admin: taxonomies and tags

// Admin: advanced

/** Admin Advanced and Server Logs: maintenance over the drive, images and database, for superadmins only. */
export function canUseAdvanced(viewer: Viewer): boolean {
  return isSignedIn(viewer) && viewer.superadmin;
}

// Admin: library health

/**
 * The library health page, its tasks and its schedules: admins. The tasks it makes are for the item's
 * maintainer, who sees them as any task of theirs (tasks.ts).
 */
export function canSeeLibraryHealth(viewer: Viewer): boolean {
  return isSignedIn(viewer) && isAdmin(viewer);
}

// Admin: the trash

/**
 * The trash: admins see what was deleted, restore it or delete it for good. Admins open every item, so
 * nothing in the trash is more than they may see; a maintainer who deleted their own item asks an admin.
 */
export function canManageTrash(viewer: Viewer): boolean {
  return isSignedIn(viewer) && isAdmin(viewer);
}
