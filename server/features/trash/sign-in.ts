/**
 * A person in the trash who signs in (docs/decisions/access.md "Deleting an account"): one who deleted their own
 * account comes back whole, in the sign-in's own transaction, as an admin's restore would bring them; one an admin
 * deleted stays in the trash, and the sign-in is refused rather than making them a new account beside it.
 */
import { and, desc, eq, inArray, sql, type SQL } from 'drizzle-orm';
import type { Database, Transaction } from '../../db/client';
import { trashEntries } from '../../db/schema';
import { restoreInTransaction } from './trash';

/** How a sign-in names the person: a provider's account, an address a provider vouches for, or a demo account's address. */
export type TrashedPersonKey = { identity: { provider: string; subject: string } } | { verifiedEmail: string } | { demoEmail: string };

export type TrashedPersonSignIn =
  | { outcome: 'restored'; userId: number }
  /** Deleted by an admin: only an admin restores them. */
  | { outcome: 'deleted-by-admin' }
  /** Their own deletion, but what they were cannot come back (an address someone else has proven since). */
  | { outcome: 'not-restorable' };

const deletedAccount = sql`(${trashEntries.rows} -> 0 -> 'rows' -> 0)`;

function matching(key: TrashedPersonKey): SQL {
  if ('identity' in key)
    return sql`jsonb_path_exists(${trashEntries.rows}, '$[*] ? (@.table == "identities").rows[*] ? (@.provider == $provider && @.subject == $subject)', ${JSON.stringify(key.identity)}::jsonb)`;
  if ('verifiedEmail' in key)
    return sql`lower(${deletedAccount} ->> 'email') = ${key.verifiedEmail.toLowerCase()} and ${deletedAccount} ->> 'email_verified_at' is not null`;
  return sql`lower(${deletedAccount} ->> 'email') = ${key.demoEmail.toLowerCase()}`;
}

/** Which of `emails` (lower case) belong to people in the trash who deleted their own account: signing in brings them back. */
export async function selfDeletedAddresses(db: Database, emails: readonly string[]): Promise<Set<string>> {
  if (emails.length === 0) return new Set();
  const address = sql<string>`lower(${deletedAccount} ->> 'email')`;
  const rows = await db
    .select({ email: address })
    .from(trashEntries)
    .where(and(eq(trashEntries.kind, 'user'), eq(trashEntries.selfDeleted, true), inArray(address, [...emails])));
  return new Set(rows.map((row) => row.email));
}

/**
 * The person in the trash the sign-in names, brought back when they deleted themselves; null when none is there. The
 * entry is locked first, so two sign-ins at once restore them once.
 */
export async function signInFromTrash(tx: Transaction, key: TrashedPersonKey): Promise<TrashedPersonSignIn | null> {
  const [entry] = await tx
    .select({ ref: trashEntries.ref, subjectId: trashEntries.subjectId, selfDeleted: trashEntries.selfDeleted })
    .from(trashEntries)
    .where(and(eq(trashEntries.kind, 'user'), matching(key)))
    .orderBy(desc(sql`${deletedAccount} ->> 'email_verified_at' is not null`), desc(trashEntries.deletedAt), desc(trashEntries.id))
    .limit(1)
    .for('update');
  if (!entry) return null;
  if (!entry.selfDeleted) return { outcome: 'deleted-by-admin' };
  const restored = await restoreInTransaction(tx, entry.ref);
  return restored.ok ? { outcome: 'restored', userId: entry.subjectId } : { outcome: 'not-restorable' };
}
