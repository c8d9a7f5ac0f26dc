/**
 * Affirmations on an item: each signed-in user gives each option
 * nothing, a thumb (1) or a strong affirmation (2). Per-option counts are for admins only;
 * everyone sees the item's summary (decisions: "Items").
 */
import { plural } from '../../shared/messages';
import { and, asc, eq, sql, type SQL, type SQLWrapper } from 'drizzle-orm';
import { AFFIRMATION_STRENGTH } from '../../shared/enums';
import type { AffirmationOption } from '../../shared/items';
import { isSignedIn, type Viewer } from '../access/policy';
import type { Database } from '../db/client';
import { jsonArray, jsonObject } from '../db/json';
import { affirmationOptions, itemAffirmations } from '../db/schema';

export type AffirmationValue = 0 | 1 | 2;

export interface AffirmationSummary {
  affirmations: number;
  affirmation_stars: number;
  affirmation_text: string;
}

interface AffirmationOptionRow {
  ref: string;
  title: string;
  isNegative: boolean;
  mine: number | null;
  count: number | null;
}

/**
 * SQL: the options as JSON in their order, with the strength the viewer gave each (none for anonymous visitors)
 * and, when `counted` (`canSeeAffirmationCounts`), how many people gave each.
 */
export function affirmationOptionsSql(viewer: Viewer, itemId: SQLWrapper, counted: boolean): SQL {
  const onThisOption = and(eq(itemAffirmations.itemId, itemId), eq(itemAffirmations.affirmationOptionId, affirmationOptions.id));
  const mine = isSignedIn(viewer)
    ? sql`(select ${itemAffirmations.value} from ${itemAffirmations} where ${onThisOption} and ${eq(itemAffirmations.userId, viewer.id)})`
    : sql`null`;
  const count = counted ? sql`(select count(*) from ${itemAffirmations} where ${onThisOption})` : sql`null`;
  return jsonArray(
    jsonObject({ ref: affirmationOptions.ref, title: affirmationOptions.title, isNegative: affirmationOptions.isNegative, mine, count }),
    sql`from ${affirmationOptions}`,
    [asc(affirmationOptions.position), asc(affirmationOptions.id)],
  );
}

export function readAffirmationOptions(json: unknown, counted: boolean): AffirmationOption[] {
  return (json as AffirmationOptionRow[]).map((row) => ({
    ref: row.ref,
    title: row.title,
    is_negative: row.isNegative,
    item_affirmations: strength(row.mine),
    count: counted ? Number(row.count ?? 0) : null,
  }));
}

function strength(value: number | null): AffirmationValue {
  if (value === AFFIRMATION_STRENGTH.STRONG) return AFFIRMATION_STRENGTH.STRONG;
  return value === AFFIRMATION_STRENGTH.NORMAL ? AFFIRMATION_STRENGTH.NORMAL : AFFIRMATION_STRENGTH.NONE;
}

/**
 * SQL: the item's affirmations at a glance, as one JSON object: the total, a star per strong positive
 * affirmation, and the counts of approval and disapproval kept apart.
 */
export function affirmationSummarySql(itemId: SQLWrapper): SQL {
  const counts = jsonObject({
    total: sql`count(*)`,
    positive: sql`count(*) filter (where not ${affirmationOptions.isNegative})`,
    strong: sql`count(*) filter (where not ${affirmationOptions.isNegative} and ${itemAffirmations.value} = ${AFFIRMATION_STRENGTH.STRONG})`,
    negative: sql`count(*) filter (where ${affirmationOptions.isNegative})`,
  });
  return sql`(select ${counts} from ${itemAffirmations}
    inner join ${affirmationOptions} on ${eq(affirmationOptions.id, itemAffirmations.affirmationOptionId)}
    where ${eq(itemAffirmations.itemId, itemId)})`;
}

/** The summary with its sentence, which keeps approval and disapproval apart. */
export function readAffirmationSummary(json: unknown): AffirmationSummary {
  const row = json as { total: number; positive: number; strong: number; negative: number } | null;
  const counts = { positive: Number(row?.positive ?? 0), strong: Number(row?.strong ?? 0), negative: Number(row?.negative ?? 0) };
  return { affirmations: Number(row?.total ?? 0), affirmation_stars: counts.strong, affirmation_text: affirmationText(counts) };
}

export function affirmationText({ positive, strong, negative }: { positive: number; strong: number; negative: number }): string {
  if (positive === 0 && negative === 0) return 'No affirmations yet';
  const parts: string[] = [];
  if (positive > 0) parts.push(`${plural(positive, 'affirmation')}${strong > 0 ? ` (${strong} strong)` : ''}`);
  if (negative > 0) parts.push(plural(negative, 'disapproval'));
  return parts.join(', ');
}

export async function findAffirmationOptionId(db: Database, ref: string): Promise<number | null> {
  const [row] = await db.select({ id: affirmationOptions.id }).from(affirmationOptions).where(eq(affirmationOptions.ref, ref)).limit(1);
  return row?.id ?? null;
}

/** Gives, changes or (with 0) clears one user's affirmation of one option on one item. */
export async function setAffirmation(
  db: Database,
  key: { itemId: number; affirmationOptionId: number; userId: number },
  value: AffirmationValue,
): Promise<void> {
  if (value === AFFIRMATION_STRENGTH.NONE) {
    await db
      .delete(itemAffirmations)
      .where(
        and(
          eq(itemAffirmations.itemId, key.itemId),
          eq(itemAffirmations.affirmationOptionId, key.affirmationOptionId),
          eq(itemAffirmations.userId, key.userId),
        ),
      );
    return;
  }
  await db
    .insert(itemAffirmations)
    .values({ ...key, value })
    .onConflictDoUpdate({
      target: [itemAffirmations.itemId, itemAffirmations.affirmationOptionId, itemAffirmations.userId],
      set: { value, updatedAt: new Date() },
    });
}
