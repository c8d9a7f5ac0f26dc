import { sql } from 'drizzle-orm';
import type { Database } from '../../db/client';
import { sqlRows } from '../../db/sql-rows';
import { items, trashEntries } from '../../db/schema';

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
 * Items in the trash keep their codes (the trash page's context of an item is its code): a restored item comes back
 * with its own, and no new item takes it meanwhile.
 * (The substring position is cast because an untyped parameter would select the
 * regular-expression form of `substring(… from …)`.)
 */
export async function nextItemCode(tx: Database): Promise<string> {
  await tx.execute(sql`select pg_advisory_xact_lock(hashtext('items.code'))`);
  const pattern = `^${CODE_PREFIX}[0-9]+$`;
  const numberOf = (code: typeof items.code | typeof trashEntries.context) => sql`substring(${code} from ${CODE_PREFIX.length + 1}::int)::bigint`;
  const [row] = await sqlRows<{ highest: string | number }>(
    tx,
    sql`select greatest(
      (select coalesce(max(${numberOf(items.code)}), 0) from ${items} where ${items.code} ~ ${pattern}),
      (select coalesce(max(${numberOf(trashEntries.context)}), 0) from ${trashEntries} where ${trashEntries.kind} = 'item' and ${trashEntries.context} ~ ${pattern})
    ) as highest`,
  );
  return formatItemCode(Number(row?.highest ?? 0) + 1);
}
