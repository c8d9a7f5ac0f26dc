import { sql } from 'drizzle-orm';
import type { Database } from '../../db/client';
import { items } from '../../db/schema';

/** Item codes as the seed writes them (EQ-00042): the prefix and at least five digits. */
const CODE_PREFIX = 'EQ-';
const CODE_DIGITS = 5;

export function formatItemCode(number: number): string {
  return `${CODE_PREFIX}${String(number).padStart(CODE_DIGITS, '0')}`;
}

/**
 * The next free item code, for every new item (New Item and Duplicate). Call it inside the
 * transaction that inserts the item: the transaction-scoped advisory lock makes concurrent
 * creators on PostgreSQL take turns (each reads the highest code after the previous one has
 * committed), so two new items never get the same code; PGlite runs one transaction at a time.
 * (The substring position is cast because an untyped parameter would select the
 * regular-expression form of `substring(… from …)`.)
 */
export async function nextItemCode(tx: Database): Promise<string> {
  await tx.execute(sql`select pg_advisory_xact_lock(hashtext('items.code'))`);
  const [row] = await tx
    .select({ highest: sql<number>`coalesce(max(substring(${items.code} from ${CODE_PREFIX.length + 1}::int)::bigint), 0)`.mapWith(Number) })
    .from(items)
    .where(sql`${items.code} ~ ${`^${CODE_PREFIX}[0-9]+$`}`);
  return formatItemCode((row?.highest ?? 0) + 1);
}
