/**
 * The page-level flags every page carries (`baseCan`, `menuFlags`), and the rules about the viewer alone that they
 * read: how high the viewer may grant (sharing), whether they manage users and invite (users, invitations), whether
 * they read the documentation. Those rules sit here, below the domain files, because `baseCan` is spread into the
 * flags of every page; the domain files build on them.
 */
import { ACCESS_LEVELS, LEVEL } from '../../../shared/levels';
import type { CanFlags, MenuFlags } from '../../../shared/props';
import { MIN_SHARE_LEVEL } from '../../../shared/sharing';
import type { ViewAsTarget } from '../../../shared/view-as';
import { effectiveLevel, isAdmin, isSignedIn, type Viewer } from './levels';

/** Layout entries. */
export function menuFlags(viewer: Viewer): MenuFlags {
  const admin = isAdmin(viewer);
  const signedIn = isSignedIn(viewer);
  return {
    systemAdmin: admin,
    // Manage Users is hidden for admins: they reach users from System Admin.
    manageUsers: viewer.manageUsers && !admin,
    invitations: canInvite(viewer),
    // Staff and admins read the handbook, and so do managers (docs/decisions/access.md).
    documentation: canReadDocumentation(viewer),
    drafts: signedIn,
    unpublished: admin,
    unlisted: admin,
    history: signedIn,
  };
}

/** Page-level permission flags when the page is not about one resource. */
export function baseCan(viewer: Viewer): CanFlags {
  const admin = isAdmin(viewer);
  const signedIn = isSignedIn(viewer);
  return {
    create: signedIn && effectiveLevel(viewer) >= LEVEL.AFFILIATE,
    update: false,
    delete: false,
    duplicate: false,
    share: canGrantAccess(viewer),
    shareToLevel: maxShareLevel(viewer),
    comment: signedIn && viewer.emailVerified,
    admin,
    invite: canInvite(viewer),
    flag_comments: admin || viewer.manageUsers,
    impersonate: viewer.superadmin,
    create_self_item: signedIn,
    change_email: signedIn,
    viewAs: viewAsTargets(viewer, false),
  };
}

/** The highest level this viewer may grant: their own, never above it. */
export function maxShareLevel(viewer: Viewer): number {
  return isSignedIn(viewer) ? effectiveLevel(viewer) : 0;
}

/** Whether the viewer may grant access at all: signed in and at least at the lowest grant level (2). */
export function canGrantAccess(viewer: Viewer): boolean {
  return isSignedIn(viewer) && maxShareLevel(viewer) >= MIN_SHARE_LEVEL;
}

/** The user list (/user) and the user area: admins and users with the manage_users flag. */
export function canManageUsers(viewer: Viewer): boolean {
  return isAdmin(viewer) || (isSignedIn(viewer) && viewer.manageUsers);
}

/** User invitations: admins and user managers invite. */
export function canInvite(viewer: Viewer): boolean {
  return canManageUsers(viewer);
}

/** /documentation: for staff and admins, and for managers. */
export function canReadDocumentation(viewer: Viewer): boolean {
  return isAdmin(viewer) || viewer.manager || effectiveLevel(viewer) >= LEVEL.STAFF;
}

/**
 * "View as level N": the previews this viewer may start. Admins, and
 * maintainers (members who maintain at least one item: `maintainsItems`, which the caller knows or asks the database),
 * as a visitor or as any level up to their own, never above it (a preview never shows more than its previewer may see);
 * nobody else any.
 */
export function viewAsTargets(viewer: Viewer, maintainsItems: boolean): ViewAsTarget[] {
  if (!isSignedIn(viewer) || !(isAdmin(viewer) || maintainsItems)) return [];
  return ['visitor', ...ACCESS_LEVELS.filter((level) => level <= effectiveLevel(viewer))];
}

export function canViewAs(viewer: Viewer, target: ViewAsTarget, maintainsItems: boolean): boolean {
  return viewAsTargets(viewer, maintainsItems).includes(target);
}
