/** Invitations: whom the viewer invites, to which user type, and which invitations they see and manage. */
import { sql, type SQL, type SQLWrapper } from 'drizzle-orm';
import { LEVEL } from '../../../shared/levels';
import { effectiveLevel, isAdmin, isSignedIn, type Viewer } from './levels';
import { canInvite } from './flags';

/** SQL over `invitations`: the ones the viewer's invitation list shows: admins every one, others those they created. */
export function listedInvitationsCondition(viewer: Viewer & { id: number }, createdBy: SQLWrapper): SQL | undefined {
  return isAdmin(viewer) ? undefined : sql`${createdBy} = ${viewer.id}`;
}

/** Nobody invites to a level above their own, and an invitation to Public would grant nothing. */
export function canInviteToUserType(viewer: Viewer, userType: { level: number }): boolean {
  return canInvite(viewer) && userType.level >= LEVEL.LOGGED_IN && userType.level <= effectiveLevel(viewer);
}

/** Admins see and manage every invitation; user managers the ones they created. */
export function canManageInvitation(viewer: Viewer, invitation: { createdByUserId: number | null }): boolean {
  if (!canInvite(viewer)) return false;
  return isAdmin(viewer) || invitation.createdByUserId === viewer.id;
}

/** An invitation is worth accepting only when it raises the recipient above the level they already act at. */
export function invitationRaisesLevel(viewer: Viewer, userType: { level: number }): boolean {
  return isSignedIn(viewer) && userType.level > effectiveLevel(viewer);
}
