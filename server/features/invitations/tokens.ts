import { createHash } from 'node:crypto';
import { linkKey, linkSignature } from '../../lib/link-secret';

/**
 * The secret of an accept link. It is an HMAC of the invitation's ref and expiry under a key derived from the
 * session secret: 32 bytes nobody can compute without that secret, yet the server can rebuild it to show the link to
 * the invitation's creator and put it in e-mails sent later. The database keeps only its SHA-256, and checking a
 * link needs only that hash. Regenerating gives a new expiry, so a new secret, and the old link stops working.
 */
export function invitationLinkKey(sessionSecret: string): Buffer {
  return linkKey(sessionSecret, 'equip/invitation-link');
}

export function invitationToken(key: Buffer, invitation: { ref: string; expiresAt: Date }): string {
  return linkSignature(key, `${invitation.ref}|${invitation.expiresAt.getTime()}`);
}

export function invitationTokenHash(token: string): string {
  return createHash('sha256').update(token).digest('hex');
}

/** The link's secret when it is the one stored for this invitation; null when it was made another way (demo data). */
export function knownInvitationToken(key: Buffer, invitation: { ref: string; expiresAt: Date; tokenHash: string }): string | null {
  const token = invitationToken(key, invitation);
  return invitationTokenHash(token) === invitation.tokenHash ? token : null;
}

/** Tokens in links: base64url, as made here, or the demo library's readable ones. */
export const INVITATION_TOKEN_PATTERN = /^[A-Za-z0-9_-]{8,128}$/;
