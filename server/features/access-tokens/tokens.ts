/**
 * Personal access tokens in the database: a token's secret is made here and returned once, only its SHA-256 is
 * stored; creating, revoking and listing a person's tokens, and finding the token a request's secret names.
 */
import { createHash, randomBytes } from 'node:crypto';
import { and, desc, eq, isNull, lte, or } from 'drizzle-orm';
import { ACCESS_TOKEN_PREFIX, type AccessTokenState, type AccessTokenSummary } from '../../../shared/access-tokens';
import type { Database } from '../../db/client';
import { personalAccessTokens } from '../../db/schema';

/** Random bytes of a secret: 256 bits, base64url (43 characters) after the prefix. */
const SECRET_BYTES = 32;
/** What a secret looks like; anything else names no token and is refused without a query. */
export const ACCESS_TOKEN_PATTERN = new RegExp(`^${ACCESS_TOKEN_PREFIX}[A-Za-z0-9_-]{43,128}$`);
/** Characters of the random part the profile shows: enough to tell a person's tokens apart, too few to matter. */
const PREFIX_SHOWN = 6;
/** A token's last use is written when the one written is older than this: at most once a minute per token. */
export const LAST_USED_GRANULARITY_MS = 60_000;

export function hashAccessToken(secret: string): string {
  return createHash('sha256').update(secret).digest('hex');
}

function newSecret(): string {
  return ACCESS_TOKEN_PREFIX + randomBytes(SECRET_BYTES).toString('base64url');
}

/** Creates a token for the user: the secret is in the answer and nowhere else. The caller has checked the name. */
export async function createPersonalAccessToken(
  db: Database,
  userId: number,
  { name, expiresAt }: { name: string; expiresAt: Date | null },
): Promise<{ token: string; ref: string }> {
  const token = newSecret();
  const [row] = await db
    .insert(personalAccessTokens)
    .values({ userId, name, tokenHash: hashAccessToken(token), prefix: token.slice(0, ACCESS_TOKEN_PREFIX.length + PREFIX_SHOWN), expiresAt })
    .returning({ ref: personalAccessTokens.ref });
  return { token, ref: row!.ref };
}

/** Revokes one of the user's tokens from now on. Answers false when it is not theirs or was revoked already. */
export async function revokePersonalAccessToken(db: Database, userId: number, ref: string): Promise<boolean> {
  const revoked = await db
    .update(personalAccessTokens)
    .set({ revokedAt: new Date() })
    .where(and(eq(personalAccessTokens.userId, userId), eq(personalAccessTokens.ref, ref), isNull(personalAccessTokens.revokedAt)))
    .returning({ id: personalAccessTokens.id });
  return revoked.length > 0;
}

export interface OwnAccessToken {
  ref: string;
  name: string;
  revokedAt: Date | null;
}

/** One of the user's own tokens by its ref; null for anyone else's, as for none. */
export async function findOwnToken(db: Database, userId: number, ref: string): Promise<OwnAccessToken | null> {
  const [row] = await db
    .select({ ref: personalAccessTokens.ref, name: personalAccessTokens.name, revokedAt: personalAccessTokens.revokedAt })
    .from(personalAccessTokens)
    .where(and(eq(personalAccessTokens.userId, userId), eq(personalAccessTokens.ref, ref)))
    .limit(1);
  return row ?? null;
}

function stateOf(token: { expiresAt: Date | null; revokedAt: Date | null }, now: Date): AccessTokenState {
  if (token.revokedAt !== null) return 'revoked';
  return token.expiresAt !== null && token.expiresAt.getTime() <= now.getTime() ? 'expired' : 'active';
}

/** The user's tokens, newest first, as the profile lists them. */
export async function listAccessTokens(db: Database, userId: number, now: Date = new Date()): Promise<AccessTokenSummary[]> {
  const rows = await db
    .select({
      ref: personalAccessTokens.ref,
      name: personalAccessTokens.name,
      prefix: personalAccessTokens.prefix,
      createdAt: personalAccessTokens.createdAt,
      expiresAt: personalAccessTokens.expiresAt,
      lastUsedAt: personalAccessTokens.lastUsedAt,
      revokedAt: personalAccessTokens.revokedAt,
    })
    .from(personalAccessTokens)
    .where(eq(personalAccessTokens.userId, userId))
    .orderBy(desc(personalAccessTokens.createdAt), desc(personalAccessTokens.id));
  return rows.map((row) => ({
    ref: row.ref,
    name: row.name,
    prefix: row.prefix,
    createdAt: row.createdAt.toISOString(),
    expiresAt: row.expiresAt?.toISOString() ?? null,
    lastUsedAt: row.lastUsedAt?.toISOString() ?? null,
    revokedAt: row.revokedAt?.toISOString() ?? null,
    state: stateOf(row, now),
  }));
}

/** A token that authenticates a request: usable now, with its owner. */
export interface UsableToken {
  id: number;
  ref: string;
  userId: number;
}

/** The token a secret names, while it is neither revoked nor expired; its use noted (at most once a minute). */
export async function usableToken(db: Database, secret: string, now: Date): Promise<UsableToken | null> {
  if (!ACCESS_TOKEN_PATTERN.test(secret)) return null;
  const [row] = await db
    .select({
      id: personalAccessTokens.id,
      ref: personalAccessTokens.ref,
      userId: personalAccessTokens.userId,
      expiresAt: personalAccessTokens.expiresAt,
      revokedAt: personalAccessTokens.revokedAt,
      lastUsedAt: personalAccessTokens.lastUsedAt,
    })
    .from(personalAccessTokens)
    .where(eq(personalAccessTokens.tokenHash, hashAccessToken(secret)))
    .limit(1);
  if (!row || stateOf(row, now) !== 'active') return null;
  if (row.lastUsedAt === null || now.getTime() - row.lastUsedAt.getTime() >= LAST_USED_GRANULARITY_MS) await noteUse(db, row.id, now);
  return { id: row.id, ref: row.ref, userId: row.userId };
}

/** Only when no other request (or instance) has noted a use within the minute since. */
async function noteUse(db: Database, id: number, now: Date): Promise<void> {
  const stale = new Date(now.getTime() - LAST_USED_GRANULARITY_MS);
  await db
    .update(personalAccessTokens)
    .set({ lastUsedAt: now })
    .where(and(eq(personalAccessTokens.id, id), or(isNull(personalAccessTokens.lastUsedAt), lte(personalAccessTokens.lastUsedAt, stale))));
}
