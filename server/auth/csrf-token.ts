import { createHmac, createSecretKey, randomBytes, timingSafeEqual, type KeyObject } from 'node:crypto';

/**
 * Signed double-submit tokens: `<nonce>.<mac>`, where the MAC covers the nonce and
 * the session id the token belongs to ('' for visitors without a session). A token
 * minted for one session is worthless in another, and nobody without the server's
 * secret can mint one.
 */
export function createCsrfToken(key: KeyObject, sessionId: string | null): string {
  const nonce = randomBytes(18).toString('base64url');
  return `${nonce}.${mac(key, nonce, sessionId)}`;
}

export function isValidCsrfToken(key: KeyObject, token: string, sessionId: string | null): boolean {
  const [nonce, signature, extra] = token.split('.');
  if (!nonce || !signature || extra !== undefined) return false;
  return safeEqual(signature, mac(key, nonce, sessionId));
}

/**
 * The CSRF key is derived from the session secret so the two never sign the same thing. A KeyObject, because an
 * HMAC keyed by a Buffer converts the key on every call (several times the cost of the HMAC itself).
 */
export function csrfKeyFromSecret(secret: string): KeyObject {
  return createSecretKey(createHmac('sha256', secret).update('equip/csrf-token').digest());
}

export function safeEqual(a: string, b: string): boolean {
  const left = Buffer.from(a);
  const right = Buffer.from(b);
  return left.length === right.length && timingSafeEqual(left, right);
}

function mac(key: KeyObject, nonce: string, sessionId: string | null): string {
  return createHmac('sha256', key)
    .update(`${nonce}|${sessionId ?? ''}`)
    .digest('base64url');
}
