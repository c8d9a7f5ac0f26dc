/**
 * The secret of a digest's unfollow link: the follow's ref and its link signature (server/lib/link-secret.ts), checked
 * with the current key, so every digest carries a link that works, nothing is stored, and after the session secret
 * changes the next digest's links work again. Unfollowing, then following again, makes a new ref and so a new link.
 */
import { REF_PATTERN } from '../../lib/ref';
import { hasLinkSignature, linkKey, linkSignature } from '../../lib/link-secret';

export function unfollowLinkKey(sessionSecret: string): Buffer {
  return linkKey(sessionSecret, 'equip/unfollow-link');
}

export function unfollowToken(key: Buffer, followRef: string): string {
  return `${followRef}.${linkSignature(key, followRef)}`;
}

/** The follow's ref a token names when its signature is right; null for any other text. */
export function followRefOfToken(key: Buffer, token: string): string | null {
  const [ref, signature] = token.split('.');
  return ref !== undefined && signature !== undefined && REF_PATTERN.test(ref) && hasLinkSignature(key, ref, signature) ? ref : null;
}

/** A ref, a dot, 43 characters of base64url. */
export const UNFOLLOW_TOKEN_PATTERN = /^[0-9a-z]{6,24}\.[A-Za-z0-9_-]{43}$/;
