/*
 * Admin: characteristics and affirmations (admin-curation §2, §6). The Admin Dashboard, characteristics and
 * affirmations are for admins and superadmins. The dashboard shows every admin Advanced Settings and Server Logs;
 * their routes are for superadmins (canUseAdvanced).
 */
import type { CanFlags } from '../../../shared/props';
import { isAdmin, isSignedIn, type Viewer } from './levels';
import { baseCan } from './flags';

export function canOpenAdminDashboard(viewer: Viewer): boolean {
  return isSignedIn(viewer) && isAdmin(viewer);
}

export function canManageCharacteristics(viewer: Viewer): boolean {
  return isSignedIn(viewer) && isAdmin(viewer);
}

export function canManageAffirmationOptions(viewer: Viewer): boolean {
  return isSignedIn(viewer) && isAdmin(viewer);
}

/** Page flags of the characteristic pages: a characteristic's share button only copies its link (no grants). */
export function characteristicCan(viewer: Viewer): CanFlags {
  const manage = canManageCharacteristics(viewer);
  return { ...baseCan(viewer), create: manage, update: manage, delete: manage, duplicate: false, share: manage };
}

/** Page flags of the affirmation pages: nothing to share. */
export function affirmationOptionCan(viewer: Viewer): CanFlags {
  const manage = canManageAffirmationOptions(viewer);
  return { ...baseCan(viewer), create: manage, update: manage, delete: manage, duplicate: false, share: false };
}

// Admin: taxonomies and tags

/** Taxonomies, tags and the quick-tag matrix (admin-curation §2 "Taxonomies and tags", §6): admins only. */
export function canManageTaxonomies(viewer: Viewer): boolean {
  return isAdmin(viewer);
}

/* Admin: stats (admin-curation §2 "Admin Stats", §6): the request stats and their download are for admins. */

export function canSeeStats(viewer: Viewer): boolean {
  return isAdmin(viewer);
}

// Admin: advanced

/** Admin Advanced and Server Logs (admin-curation §2, §6): maintenance over the drive, images and database, for superadmins only. */
export function canUseAdvanced(viewer: Viewer): boolean {
  return isSignedIn(viewer) && viewer.superadmin;
}
