import type { InvitationToSignIn, ReceivedInvitation, UserInvitation } from '../../../shared/invitations';
import { ROUTES } from '../../../shared/routes';
import { invitationState, type InvitationRow } from './queries';
import { knownInvitationToken } from './tokens';
import { absoluteUrl } from '../../lib/site-url';

export interface PresentContext {
  linkKey: Buffer;
  appUrl: string;
  appName: string;
  now?: Date;
}

const relativeTime = new Intl.RelativeTimeFormat('en', { numeric: 'auto' });
const MINUTE_MS = 60_000;
const HOUR_MS = 60 * MINUTE_MS;
const DAY_MS = 24 * HOUR_MS;

/** 'in 14 days', 'in 3 hours', '2 days ago'. */
export function relativeExpiry(expiresAt: Date, now: Date): string {
  const diff = expiresAt.getTime() - now.getTime();
  const size = Math.abs(diff);
  if (size >= DAY_MS) return relativeTime.format(Math.round(diff / DAY_MS), 'day');
  if (size >= HOUR_MS) return relativeTime.format(Math.round(diff / HOUR_MS), 'hour');
  return relativeTime.format(Math.round(diff / MINUTE_MS), 'minute');
}

/** The invitation as its creator and admins see it, with the accept link when this server can rebuild it. */
export function toUserInvitation(row: InvitationRow, context: PresentContext): UserInvitation {
  const now = context.now ?? new Date();
  const state = invitationState(row, now);
  const token = knownInvitationToken(context.linkKey, row);
  return {
    ref: row.ref,
    user_type: row.userType,
    note_to_self: row.noteToSelf,
    created_at: row.createdAt.toISOString(),
    created_by: row.createdByName,
    created_by_ref: row.createdByRef,
    expires_at: row.expiresAt.toISOString(),
    expires_in: relativeExpiry(row.expiresAt, now),
    expired: row.expiresAt.getTime() <= now.getTime(),
    accepted_by: row.acceptedByName,
    accepted_by_ref: row.acceptedByRef,
    accepted_at: row.acceptedAt?.toISOString() ?? null,
    declined_by: row.declinedByName,
    declined_at: row.declinedAt?.toISOString() ?? null,
    state,
    sent_to: row.sentTo,
    link: ROUTES.userInvitation.path({ ref: row.ref }),
    // A link that can no longer be accepted is not worth copying.
    accept_link: token && state === 'active' ? absoluteUrl(context.appUrl, ROUTES.invite.path({ token })) : null,
  };
}

/** What the recipient sees: who invites, to which user type, until when. Never the note or the addresses. */
export function toReceivedInvitation(row: InvitationRow, context: Pick<PresentContext, 'appName' | 'now'>): ReceivedInvitation {
  const now = context.now ?? new Date();
  return {
    from: inviterName(row, context.appName),
    user_type: row.userType,
    expires_at: row.expiresAt.toISOString(),
    expires_in: relativeExpiry(row.expiresAt, now),
  };
}

/**
 * What an invitation link says to someone who must sign in first: only what holding the link already tells them, who
 * invites and to which user type (its title, level and description); never its dates, note, addresses or who else.
 */
export function toInvitationToSignIn(row: InvitationRow, appName: string): InvitationToSignIn {
  const { title, level, description } = row.userType;
  return { from: inviterName(row, appName), user_type: { title, level, description } };
}

/** An invitation whose creator was deleted comes from the library's team. */
export function inviterName(row: Pick<InvitationRow, 'createdByName'>, appName: string): string {
  return row.createdByName ?? `the ${appName} team`;
}
