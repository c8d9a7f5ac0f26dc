/**
 * The secret of a digest's unfollow link: an HMAC of the follow's ref under a key derived from the session secret, so
 * every digest can carry it again without the database keeping it; the database keeps only its SHA-256, which is what
 * a link is looked up by. Unfollowing, then following again, makes a new ref and so a new secret.
 */
import { createHash, createHmac } from 'node:crypto';

export function unfollowLinkKey(sessionSecret: string): Buffer {
  return createHmac('sha256', sessionSecret).update('equip/unfollow-link').digest();
}

export function unfollowToken(key: Buffer, followRef: string): string {
  return createHmac('sha256', key).update(followRef).digest('base64url');
}

export function unfollowTokenHash(token: string): string {
  return createHash('sha256').update(token).digest('hex');
}

/** base64url of 32 bytes, as made here. */
export const UNFOLLOW_TOKEN_PATTERN = /^[A-Za-z0-9_-]{43}$/;
