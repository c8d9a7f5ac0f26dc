/**
 * Secrets in links that the server can rebuild rather than store: an HMAC of what the link names, under a key derived
 * from the session secret for one purpose (invitation links, a digest's unfollow links). Nobody can compute one
 * without that secret; changing the secret invalidates every link made before.
 */
import { createHmac, timingSafeEqual } from 'node:crypto';

export function linkKey(sessionSecret: string, purpose: string): Buffer {
  return createHmac('sha256', sessionSecret).update(purpose).digest();
}

/** 43 characters of base64url. */
export function linkSignature(key: Buffer, text: string): string {
  return createHmac('sha256', key).update(text).digest('base64url');
}

/** Whether `signature` is the link signature of `text`, compared in constant time. */
export function hasLinkSignature(key: Buffer, text: string, signature: string): boolean {
  const expected = Buffer.from(linkSignature(key, text));
  const given = Buffer.from(signature);
  return given.length === expected.length && timingSafeEqual(given, expected);
}
