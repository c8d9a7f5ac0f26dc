/** User invitations: the invitation, its states, its form and its errors. */
import type { UserTypeSummary } from './users';

/** Accepted, declined and expired invitations can no longer be accepted; only an expired one can be regenerated. */
export type InvitationState = 'active' | 'expired' | 'accepted' | 'declined';

/** The user type an invitation gives: the same summary the user pages show. */
export type InvitationUserType = UserTypeSummary;

/** An invitation as its creator (and admins) see it. Dates are ISO strings. */
export interface UserInvitation {
  ref: string;
  user_type: InvitationUserType;
  note_to_self: string;
  created_at: string;
  created_by: string | null;
  created_by_ref: string | null;
  expires_at: string;
  /** 'in 14 days', '3 days ago'. */
  expires_in: string;
  expired: boolean;
  accepted_by: string | null;
  accepted_by_ref: string | null;
  accepted_at: string | null;
  declined_by: string | null;
  declined_at: string | null;
  state: InvitationState;
  sent_to: string[];
  /** The invitation's own page (/user_invitation/{ref}). */
  link: string;
  /** The link recipients open to accept; null when this server cannot rebuild it (made elsewhere, e.g. demo data). */
  accept_link: string | null;
}

/** What the recipient sees of an invitation. */
export interface ReceivedInvitation {
  from: string;
  user_type: InvitationUserType;
  expires_at: string;
  expires_in: string;
}

export const ELEVATE_USERS_TITLE = 'Elevate user(s)';

/**
 * A user type's title as a role in a sentence ("You are currently …", "invites you to become …"): 'a Member',
 * 'an Affiliate', 'an Admin'; a group's title as membership of it: 'a member of the Equip Team', 'a member of Staff'.
 */
export function asUserType(title: string): string {
  const name = title.trim();
  if (/\bteam$/i.test(name)) return `a member of ${/^the\s/i.test(name) ? '' : 'the '}${name}`;
  if (/^staff$/i.test(name)) return `a member of ${name}`;
  // 'an' before a vowel sound: 'an Admin', 'an Unverified user', but 'a User', 'a Uniformed leader'.
  return `${/^(?:[aeio]|u(?!s|ni))/i.test(name) ? 'an' : 'a'} ${name}`;
}

/** What an invitation link says above the sign-in buttons to someone signed out: who invites them, and to what. */
export interface InvitationToSignIn {
  from: string;
  user_type: Pick<InvitationUserType, 'title' | 'level' | 'description'>;
}

/** Addresses accepted in one send, so one request cannot turn Equip into a mass mailer. */
export const INVITATION_ADDRESSES_MAX = 50;
export const INVITATION_NOTE_MAX = 1000;

export const INVITATION_MESSAGES = {
  redundant: (name: string) => `The invitation from ${name} will not grant you a higher level of access than you already have, so cannot be accepted.`,
  created: 'Invitation created. Add the e-mail addresses to send it to, one per line.',
  sent: (count: number) => (count === 1 ? 'Invitation e-mailed to 1 address.' : `Invitation e-mailed to ${count} addresses.`),
  invalidAddresses: (lines: string[]) =>
    `${lines.length === 1 ? 'This line is' : 'These lines are'} not an e-mail address: ${lines.join(', ')}. Nothing was sent: correct or remove ${lines.length === 1 ? 'it' : 'them'} and send again.`,
  noAddresses: 'Enter at least one e-mail address, one per line.',
  tooManyAddresses: `Send to at most ${INVITATION_ADDRESSES_MAX} addresses at a time.`,
  notSendable: 'This invitation can no longer be sent: it has expired, been accepted or been declined.',
  userTypeRequired: 'Choose the user type to invite people to.',
  noteTooLong: `The reference note can be at most ${INVITATION_NOTE_MAX} characters.`,
  regenerated: 'The invitation has a new link and a new expiry date.',
  notRegenerable: 'Only an expired invitation that nobody accepted can be regenerated.',
  deleted: 'Invitation deleted.',
  accepted: (title: string) => `Invitation accepted: your user type is now ${title}.`,
  declined: 'Invitation declined.',
  signInFirst: 'Please log in to see your invitation.',
  expired: 'This invitation has expired. Please ask whoever sent it for a new one.',
  used: 'This invitation has already been used.',
  wasDeclined: 'This invitation was declined.',
  unknown: 'This invitation link is not valid. It may have been replaced by a newer one.',
  noneOpen: 'Open the link in your invitation e-mail to see it here.',
  acceptHint: 'Open the link in your invitation e-mail again to accept it.',
} as const;

export const INVITATION_STATE_LABELS: Record<InvitationState, string> = {
  active: 'Active',
  expired: 'Expired',
  accepted: 'Accepted',
  declined: 'Declined',
};
