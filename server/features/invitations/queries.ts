import { and, asc, desc, eq, gte, lte, type SQL } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import type { InvitationState, InvitationUserType } from '../../../shared/invitations';
import { LEVEL } from '../../../shared/levels';
import { effectiveLevel, listedInvitationsCondition, type Viewer } from '../../access/policy';
import type { Database } from '../../db/client';
import { invitations, users, userTypes } from '../../db/schema';

const createdBy = alias(users, 'invitation_created_by');
const acceptedBy = alias(users, 'invitation_accepted_by');
const declinedBy = alias(users, 'invitation_declined_by');

/** Invitations shown in one list at most: invitations are few, so the list is not paged. */
export const INVITATION_LIST_LIMIT = 500;

export interface InvitationRow {
  id: number;
  ref: string;
  tokenHash: string;
  noteToSelf: string;
  sentTo: string[];
  createdAt: Date;
  createdByUserId: number | null;
  createdByName: string | null;
  createdByRef: string | null;
  expiresAt: Date;
  acceptedByUserId: number | null;
  acceptedByName: string | null;
  acceptedByRef: string | null;
  acceptedAt: Date | null;
  declinedByUserId: number | null;
  declinedByName: string | null;
  declinedAt: Date | null;
  userType: InvitationUserType;
}

function selectInvitations(db: Database) {
  return db
    .select({
      id: invitations.id,
      ref: invitations.ref,
      tokenHash: invitations.tokenHash,
      noteToSelf: invitations.noteToSelf,
      sentTo: invitations.sentTo,
      createdAt: invitations.createdAt,
      createdByUserId: invitations.createdByUserId,
      createdByName: createdBy.name,
      createdByRef: createdBy.ref,
      expiresAt: invitations.expiresAt,
      acceptedByUserId: invitations.acceptedByUserId,
      acceptedByName: acceptedBy.name,
      acceptedByRef: acceptedBy.ref,
      acceptedAt: invitations.acceptedAt,
      declinedByUserId: invitations.declinedByUserId,
      declinedByName: declinedBy.name,
      declinedAt: invitations.declinedAt,
      userType: { id: userTypes.id, level: userTypes.level, title: userTypes.title, description: userTypes.description },
    })
    .from(invitations)
    .innerJoin(userTypes, eq(userTypes.id, invitations.userTypeId))
    .leftJoin(createdBy, eq(createdBy.id, invitations.createdByUserId))
    .leftJoin(acceptedBy, eq(acceptedBy.id, invitations.acceptedByUserId))
    .leftJoin(declinedBy, eq(declinedBy.id, invitations.declinedByUserId));
}

async function oneInvitation(db: Database, condition: SQL): Promise<InvitationRow | null> {
  const [row] = await selectInvitations(db).where(condition).limit(1);
  return row ?? null;
}

export const findInvitationByRef = (db: Database, ref: string) => oneInvitation(db, eq(invitations.ref, ref));
export const findInvitationById = (db: Database, id: number) => oneInvitation(db, eq(invitations.id, id));
export const findInvitationByTokenHash = (db: Database, tokenHash: string) => oneInvitation(db, eq(invitations.tokenHash, tokenHash));

/** Admins see every invitation; user managers the ones they created. */
export async function listInvitations(db: Database, viewer: Viewer & { id: number }): Promise<InvitationRow[]> {
  const query = selectInvitations(db);
  return query
    .where(listedInvitationsCondition(viewer, invitations.createdByUserId))
    .orderBy(desc(invitations.createdAt), desc(invitations.id))
    .limit(INVITATION_LIST_LIMIT);
}

/** The user types the viewer may invite to: from Member up to their own level (canInviteToUserType). */
export async function invitableUserTypes(db: Database, viewer: Viewer): Promise<InvitationUserType[]> {
  return db
    .select({ id: userTypes.id, level: userTypes.level, title: userTypes.title, description: userTypes.description })
    .from(userTypes)
    .where(and(gte(userTypes.level, LEVEL.LOGGED_IN), lte(userTypes.level, effectiveLevel(viewer))))
    .orderBy(asc(userTypes.level), asc(userTypes.title));
}

export { findUserType } from '../../auth/user-types';

/** Accepted and declined come first: they end an invitation whatever its expiry says. */
export function invitationState(invitation: { acceptedAt: Date | null; declinedAt: Date | null; expiresAt: Date }, now: Date = new Date()): InvitationState {
  if (invitation.acceptedAt) return 'accepted';
  if (invitation.declinedAt) return 'declined';
  return invitation.expiresAt.getTime() <= now.getTime() ? 'expired' : 'active';
}
