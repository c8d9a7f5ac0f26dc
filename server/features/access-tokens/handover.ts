/**
 * A new token's secret, from the POST that created it to the profile page the person is sent to, shown there once:
 * it waits in the session for that one redirect, sealed (AES-256-GCM, a key derived from SESSION_SECRET), so the
 * sessions table never holds a secret anyone reading the database could use. The page takes it out as it shows it.
 */
import { createCipheriv, createDecipheriv, createHmac, randomBytes } from 'node:crypto';
import type { FastifyRequest } from 'fastify';
import type { CreatedAccessToken } from '../../../shared/access-tokens';

declare module 'fastify' {
  interface Session {
    /** A token just created, sealed, until the profile page shows it. */
    createdAccessToken?: string;
  }
}

const keys = new Map<string, Buffer>();

function keyFor(sessionSecret: string): Buffer {
  let key = keys.get(sessionSecret);
  if (!key) {
    key = createHmac('sha256', sessionSecret).update('personal access token hand-over').digest();
    keys.set(sessionSecret, key);
  }
  return key;
}

export function handOver(request: FastifyRequest, created: CreatedAccessToken): void {
  const iv = randomBytes(12);
  const cipher = createCipheriv('aes-256-gcm', keyFor(request.server.config.sessionSecret), iv);
  const sealed = Buffer.concat([cipher.update(JSON.stringify(created), 'utf8'), cipher.final()]);
  request.session.set('createdAccessToken', [iv, cipher.getAuthTag(), sealed].map((part) => part.toString('base64url')).join('.'));
}

/** The token handed over to this page, taken out of the session: null when there is none (or it cannot be opened). */
export function takeHandedOver(request: FastifyRequest): CreatedAccessToken | null {
  const sealed = request.session.createdAccessToken;
  if (sealed === undefined) return null;
  request.session.set('createdAccessToken', undefined);
  try {
    const [iv, tag, data] = sealed.split('.').map((part) => Buffer.from(part, 'base64url'));
    const decipher = createDecipheriv('aes-256-gcm', keyFor(request.server.config.sessionSecret), iv!, { authTagLength: 16 });
    decipher.setAuthTag(tag!);
    const opened: unknown = JSON.parse(Buffer.concat([decipher.update(data!), decipher.final()]).toString('utf8'));
    return isCreatedToken(opened) ? opened : null;
  } catch {
    // Sealed under another SESSION_SECRET (rotated since) or damaged: the person creates another token.
    return null;
  }
}

function isCreatedToken(value: unknown): value is CreatedAccessToken {
  if (typeof value !== 'object' || value === null) return false;
  const { ref, name, token } = value as Record<string, unknown>;
  return typeof ref === 'string' && typeof name === 'string' && typeof token === 'string';
}
