/**
 * "Did you mean …?" before a grant goes out: an address one or two characters away from one the sharer knows is more
 * likely a slip than a new person, and a grant to a slip reaches whoever holds that address. What the sharer knows, and
 * nothing else, is compared, so the question never tells them whether an arbitrary address has an account:
 * - the addresses of their own grants still in force;
 * - for those who may search users (the people picker), the verified addresses they could find there, among those of
 *   the same domain or the same name before the @ (a slip keeps one of the two);
 * - the organisation's domains (ORGANISATION_GOOGLE_DOMAINS), for a slip after the @.
 */
import { distance } from 'fastest-levenshtein';
import { and, eq, isNotNull, or, sql } from 'drizzle-orm';
import { canSearchUsers, isSignedIn, type Viewer } from '../../access/policy';
import type { Database } from '../../db/client';
import { escapeLikePattern } from '../../db/like';
import { shares, users } from '../../db/schema';

/** At most this many people-picker addresses are compared. */
const PICKER_CANDIDATES = 500;

/** How many characters a slip may change: none in a short name, where one more is another person. */
function slipAllowance(address: string): number {
  const name = address.split('@')[0] ?? '';
  if (name.length >= 8) return 2;
  return name.length >= 4 ? 1 : 0;
}

/** The closest known address within a slip of `email` (lower case), or null when it is known itself or none is near. */
export function closestKnownAddress(email: string, known: Iterable<string>, organisationDomains: readonly string[]): string | null {
  const candidates = new Set(known);
  if (candidates.has(email)) return null;
  const [name, domain] = email.split('@') as [string, string];
  for (const organisation of organisationDomains) {
    const orgDomain = organisation.toLowerCase();
    if (orgDomain !== domain && orgDomain.length >= 6 && distance(domain, orgDomain) <= 2) candidates.add(`${name}@${orgDomain}`);
  }
  const allowance = slipAllowance(email);
  let best: { address: string; distance: number } | null = null;
  for (const candidate of candidates) {
    const apart = distance(email, candidate);
    if (apart === 0 || apart > allowance) continue;
    if (!best || apart < best.distance) best = { address: candidate, distance: apart };
  }
  return best?.address ?? null;
}

/** The address to ask about ("Did you mean …?") before granting to `email`, or null to go ahead. */
export async function likelySlip(db: Database, viewer: Viewer & { id: number }, email: string, organisationDomains: readonly string[]): Promise<string | null> {
  if (!isSignedIn(viewer)) return null;
  const known = new Set<string>();
  const ownGrants = await db.selectDistinct({ email: shares.toEmail }).from(shares).where(eq(shares.fromUserId, viewer.id));
  for (const row of ownGrants) known.add(row.email.toLowerCase());
  if (canSearchUsers(viewer)) {
    const [name, domain] = email.split('@') as [string, string];
    const lowerEmail = sql<string>`lower(${users.email})`;
    const picker = await db
      .select({ email: lowerEmail })
      .from(users)
      .where(
        and(
          isNotNull(users.emailVerifiedAt),
          or(sql`${lowerEmail} like ${`%@${escapeLikePattern(domain)}`}`, sql`${lowerEmail} like ${`${escapeLikePattern(name)}@%`}`),
        ),
      )
      .limit(PICKER_CANDIDATES);
    for (const row of picker) known.add(row.email);
  }
  return closestKnownAddress(email, known, organisationDomains);
}
