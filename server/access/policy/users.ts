/**
 * Users: opening, editing, deleting and raising a user (never someone above the viewer), searching users,
 * impersonation, and one's own profile. Who manages users at all (`canManageUsers`) is in flags.ts.
 */
import { LEVEL } from '../../../shared/levels';
import type { CanFlags } from '../../../shared/props';
import { effectiveLevel, isAdmin, isSignedIn, type Viewer } from './levels';
import { baseCan, canManageUsers } from './flags';

/** What the policy needs to know about a user someone manages. */
export interface UserAccessFacts {
  id: number;
  level: number;
  admin: boolean;
  superadmin: boolean;
}

/**
 * A user is above the viewer when they act at a higher level (admins at 6), or are a superadmin and the viewer is
 * not: nobody manages, raises or impersonates someone above themselves.
 */
function userAboveViewer(viewer: Viewer, user: UserAccessFacts): boolean {
  const userLevel = user.admin || user.superadmin ? LEVEL.ADMIN : user.level;
  return userLevel > effectiveLevel(viewer) || (user.superadmin && !viewer.superadmin);
}

/** A user's page opens for those who manage users, for any user not above their own level. */
export function canOpenUser(viewer: Viewer, user: UserAccessFacts): boolean {
  return canManageUsers(viewer) && !userAboveViewer(viewer, user);
}

/** Name, e-mail and phone of a user not above the viewer's level. */
export function canEditUser(viewer: Viewer, user: UserAccessFacts): boolean {
  return canOpenUser(viewer, user);
}

/** A user type may be given only up to the giver's own level. */
export function canSetUserType(viewer: Viewer, type: { level: number }): boolean {
  return canManageUsers(viewer) && type.level <= effectiveLevel(viewer);
}

/** Nobody changes their own user type (that would be raising or lowering oneself). */
export function canChangeUserType(viewer: Viewer, user: UserAccessFacts): boolean {
  return canEditUser(viewer, user) && user.id !== viewer.id;
}

export type UserPermissionFlag = 'admin' | 'superadmin' | 'manager' | 'manage_users';

/** Permission flags are for admins (superadmin for superadmins only), and never on oneself. */
export function canSetUserFlag(viewer: Viewer, user: UserAccessFacts, flag: UserPermissionFlag): boolean {
  if (!canEditUser(viewer, user) || user.id === viewer.id) return false;
  return flag === 'superadmin' ? isSignedIn(viewer) && viewer.superadmin : isAdmin(viewer);
}

/** Deleting a user not above the viewer's level, never oneself. */
export function canDeleteUser(viewer: Viewer, user: UserAccessFacts): boolean {
  return canEditUser(viewer, user) && user.id !== viewer.id;
}

/** Flagging all of a user's unapproved comments (flag_comments), for a user not above the viewer's level. */
export function canFlagUserComments(viewer: Viewer, user: UserAccessFacts): boolean {
  return canOpenUser(viewer, user) && baseCan(viewer).flag_comments;
}

/**
 * Acting as another user (impersonate): superadmins only (as the page-level `can.impersonate`), never oneself, never
 * someone above, and never while already acting as someone else.
 */
export function canImpersonate(viewer: Viewer, user: UserAccessFacts, alreadyImpersonating = false): boolean {
  return isSignedIn(viewer) && viewer.superadmin && !alreadyImpersonating && user.id !== viewer.id && !userAboveViewer(viewer, user);
}

/**
 * Page flags of a user's page (/user/{ref}): Edit, Delete, Flag all unapproved comments and Log in as this user are
 * offered exactly when the viewer may do them to this user. `impersonating`: the viewer is already acting as someone.
 */
export function userCan(viewer: Viewer, user: UserAccessFacts, impersonating: boolean): CanFlags {
  return {
    ...baseCan(viewer),
    update: canEditUser(viewer, user),
    delete: canDeleteUser(viewer, user),
    flag_comments: canFlagUserComments(viewer, user),
    impersonate: canImpersonate(viewer, user, impersonating),
  };
}

/** One's own profile (GET /profile, POST /profile/email): every signed-in user, for themself only. */
export function canManageOwnProfile(viewer: Viewer): viewer is Viewer & { id: number; ref: string } {
  return isSignedIn(viewer);
}

/**
 * Setting one's own e-mail address (`can.change_email`, POST /profile/email): the address is how a person signs in
 * and is reached, so a superadmin acting as someone (impersonating) may not change it; that would let them take the
 * account over outside the impersonation's audit trail.
 */
export function canChangeOwnEmail(viewer: Viewer, impersonating: boolean): boolean {
  return baseCan(viewer).change_email && !impersonating;
}

/**
 * Creating a personal access token (POST /profile/tokens): a signed-in person with a verified e-mail address, for
 * themself. Not while acting as someone else: a token outlives the impersonation and would let its holder read as that
 * person with no one acting. Revoking one's own tokens needs only `canManageOwnProfile`.
 */
export function canCreateAccessToken(viewer: Viewer, impersonating: boolean): boolean {
  return isSignedIn(viewer) && viewer.emailVerified && !impersonating;
}

/**
 * Asking for one's own data (POST /profile/data-export): a signed-in person with a verified e-mail address, since the
 * link goes there. Not while acting as someone else: the archive holds that person's data, which the impersonation is
 * not for.
 */
export function canExportOwnData(viewer: Viewer, impersonating: boolean): boolean {
  return isSignedIn(viewer) && viewer.emailVerified && !impersonating;
}

/**
 * Downloading a prepared archive by its e-mailed link: the person it was prepared for, signed in as themself; the
 * link's token alone opens nothing, and nobody else's session (nor someone acting as them) opens it with the token.
 */
export function canDownloadDataExport(viewer: Viewer, dataExport: { userId: number }, impersonating: boolean): boolean {
  return isSignedIn(viewer) && viewer.id === dataExport.userId && !impersonating;
}

/** What deleting one's own account depends on besides the viewer: who else holds their role. */
export interface OwnAccountFacts {
  /** A superadmin acting as the viewer. */
  impersonating: boolean;
  /** Other people who are superadmins, and who are admins or superadmins. */
  otherSuperadmins: number;
  otherAdmins: number;
}

/**
 * Deleting one's own account (DELETE /profile/account): every signed-in person, for themself. Not while a superadmin
 * acts as them: the account is theirs to end, and the restore by signing in would be the superadmin's too. Nor the last
 * superadmin, or the last admin: the library would be left with no one to manage it, or to receive what they maintained.
 */
export function canDeleteOwnAccount(viewer: Viewer, facts: OwnAccountFacts): boolean {
  if (!isSignedIn(viewer) || facts.impersonating) return false;
  if (viewer.superadmin && facts.otherSuperadmins === 0) return false;
  return !isAdmin(viewer) || facts.otherAdmins > 0;
}

/** Creating one's own Person page (`can.create_self_item`): signed-in users who do not have one yet. */
export function canCreateOwnPersonPage(viewer: Viewer, hasPersonPage: boolean): boolean {
  return baseCan(viewer).create_self_item && !hasPersonPage;
}

/** Names and e-mails of users: for those who can list users anyway (admins and user managers). */
export function canSearchUsers(viewer: Viewer): boolean {
  return canManageUsers(viewer);
}
