/**
 * How the policy's SQL conditions see a viewer: the time they compare expiries with, the shares addressed to the
 * viewer (which items', collections' and the shared lists' conditions all read), and the stand-in viewers of prepared
 * statements (`viewerSqlKind`, `viewerPlaceholders`).
 */
import { and, eq, gt, isNull, or, sql, type Placeholder, type SQL } from 'drizzle-orm';
import { shares } from '../../db/schema';
import { effectiveLevel, isAdmin, isSignedIn, type Viewer } from './levels';

/** The time the SQL conditions compare expiries with: a value, or a prepared statement's placeholder. */
export type SqlTime = Date | Placeholder;

/** SQL over `shares`: unexpired shares addressed to this viewer (by user, or by their verified e-mail); none for anonymous visitors. */
export function validSharesToViewer(viewer: Viewer, now: SqlTime = new Date()): SQL {
  if (!isSignedIn(viewer)) return sql`false`;
  return and(sharesAddressedTo(viewer), or(isNull(shares.expiresAt), gt(shares.expiresAt, now))) ?? sql`false`;
}

/**
 * SQL over `shares`: shares addressed to this signed-in viewer, by user or by their verified e-mail
 * (lowercased by the database, as the library cache's `personalListsOfSessionUser` does), expired or not.
 */
export function sharesAddressedTo(viewer: Pick<Viewer, 'email' | 'emailVerified'> & { id: number }): SQL {
  const toUser = eq(shares.toUserId, viewer.id);
  if (!reachedByEmail(viewer)) return toUser;
  return or(toUser, sql`${shares.toEmail} = lower(${viewer.email})`)!;
}

/** Shares addressed to an e-mail reach the user whose address it is once they have verified it. */
function reachedByEmail(viewer: Pick<Viewer, 'email' | 'emailVerified'>): boolean {
  return Boolean(viewer.email) && viewer.emailVerified;
}

/**
 * What the SQL conditions above make of a viewer besides its values (id, level, e-mail): admin or not, signed in
 * or not, reached by e-mail or not. Viewers of one kind get the same SQL text with other values, so one prepared
 * statement serves them all (`viewerPlaceholders`). A new branch on the viewer in those functions belongs here too
 * (tests/server/access-policy.test.ts holds them to it).
 */
export type ViewerSqlKind = 'anonymous' | 'user' | 'user+email' | 'admin' | 'admin+email';

export function viewerSqlKind(viewer: Viewer): ViewerSqlKind {
  if (!isSignedIn(viewer)) return 'anonymous';
  const who = isAdmin(viewer) ? 'admin' : 'user';
  return reachedByEmail(viewer) ? `${who}+email` : who;
}

/**
 * For prepared statements: a stand-in viewer of this kind whose id, level and e-mail are the placeholders
 * `viewerId`, `viewerLevel` and `viewerEmail`, to build SQL with (the conditions above; `viewer.id` in SQL). The
 * statement then runs with `viewerPlaceholderValues(viewer)` for any viewer of that kind. Its values are
 * placeholders, so of the predicates only `isSignedIn` and `isAdmin` hold for it: ask the others of the real viewer.
 */
export function viewerPlaceholders(kind: ViewerSqlKind): Viewer {
  const placeholder = (name: string) => sql.placeholder(name) as unknown as never;
  const signedIn = kind !== 'anonymous';
  const byEmail = kind.endsWith('+email');
  return {
    id: signedIn ? placeholder('viewerId') : null,
    ref: null,
    name: '',
    email: byEmail ? placeholder('viewerEmail') : null,
    emailVerified: byEmail,
    level: placeholder('viewerLevel'),
    userTypeId: null,
    admin: kind.startsWith('admin'),
    superadmin: false,
    manager: false,
    manageUsers: false,
  };
}

/** The values of `viewerPlaceholders`'s placeholders for this viewer. */
export function viewerPlaceholderValues(viewer: Viewer): { viewerId: number | null; viewerLevel: number; viewerEmail: string | null } {
  return { viewerId: viewer.id, viewerLevel: effectiveLevel(viewer), viewerEmail: viewer.email };
}
