/**
 * Affirmations on an item (member-library §3, §4): each signed-in user gives each option
 * nothing, a thumb (1) or a strong affirmation (2). Per-option counts are for admins only;
 * everyone sees the item's summary (decisions: "Items").
 */
import { and, asc, eq, sql } from 'drizzle-orm';
import { AFFIRMATION_STRENGTH } from '../../../shared/enums';
import type { AffirmationOption } from '../../../shared/items';
import { canSeeAffirmationCounts, isSignedIn, type Viewer } from '../../access/policy';
import type { Database } from '../../db/client';
import { affirmationOptions, itemAffirmations } from '../../db/schema';

export type AffirmationValue = 0 | 1 | 2;

export interface AffirmationSummary {
  affirmations: number;
  affirmation_stars: number;
  affirmation_text: string;
}

/** The options in their order, with the viewer's own strength and, for admins, how many people gave each. */
export async function loadAffirmationOptions(db: Database, viewer: Viewer, itemId: number): Promise<AffirmationOption[]> {
  const onThisOption = and(eq(itemAffirmations.itemId, itemId), eq(itemAffirmations.affirmationOptionId, affirmationOptions.id));
  const mine = isSignedIn(viewer)
    ? sql<number | null>`(select ${itemAffirmations.value} from ${itemAffirmations} where ${onThisOption} and ${itemAffirmations.userId} = ${viewer.id})`
    : sql<null>`null`;
  const counted = canSeeAffirmationCounts(viewer);
  const count = counted ? sql<number>`(select count(*) from ${itemAffirmations} where ${onThisOption})`.mapWith(Number) : sql<null>`null`;
  const rows = await db
    .select({ ref: affirmationOptions.ref, title: affirmationOptions.title, isNegative: affirmationOptions.isNegative, mine, count })
    .from(affirmationOptions)
    .orderBy(asc(affirmationOptions.position), asc(affirmationOptions.id));
  return rows.map((row) => ({
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
 * The item's affirmations at a glance: the total, a star per strong positive affirmation, and a
 * sentence that keeps approval and disapproval apart.
 */
export async function loadAffirmationSummary(db: Database, itemId: number): Promise<AffirmationSummary> {
  const [row] = await db
    .select({
      total: sql<number>`count(*)`.mapWith(Number),
      positive: sql<number>`count(*) filter (where not ${affirmationOptions.isNegative})`.mapWith(Number),
      strong: sql<number>`count(*) filter (where not ${affirmationOptions.isNegative} and ${itemAffirmations.value} = ${AFFIRMATION_STRENGTH.STRONG})`.mapWith(Number),
      negative: sql<number>`count(*) filter (where ${affirmationOptions.isNegative})`.mapWith(Number),
    })
    .from(itemAffirmations)
    .innerJoin(affirmationOptions, eq(affirmationOptions.id, itemAffirmations.affirmationOptionId))
    .where(eq(itemAffirmations.itemId, itemId));
  const counts = { positive: row?.positive ?? 0, strong: row?.strong ?? 0, negative: row?.negative ?? 0 };
  return { affirmations: row?.total ?? 0, affirmation_stars: counts.strong, affirmation_text: affirmationText(counts) };
}

export function affirmationText({ positive, strong, negative }: { positive: number; strong: number; negative: number }): string {
  if (positive === 0 && negative === 0) return 'No affirmations yet';
  const parts: string[] = [];
  if (positive > 0) parts.push(`${plural(positive, 'affirmation')}${strong > 0 ? ` (${strong} strong)` : ''}`);
  if (negative > 0) parts.push(plural(negative, 'disapproval'));
  return parts.join(', ');
}

function plural(count: number, noun: string): string {
  return `${count} ${noun}${count === 1 ? '' : 's'}`;
}

export async function findAffirmationOptionId(db: Database, ref: string): Promise<number | null> {
  const [row] = await db.select({ id: affirmationOptions.id }).from(affirmationOptions).where(eq(affirmationOptions.ref, ref)).limit(1);
  return row?.id ?? null;
}

/** Gives, changes or (with 0) clears one user's affirmation of one option on one item. */
export async function setAffirmation(db: Database, key: { itemId: number; affirmationOptionId: number; userId: number }, value: AffirmationValue): Promise<void> {
  if (value === AFFIRMATION_STRENGTH.NONE) {
    await db
      .delete(itemAffirmations)
      .where(and(eq(itemAffirmations.itemId, key.itemId), eq(itemAffirmations.affirmationOptionId, key.affirmationOptionId), eq(itemAffirmations.userId, key.userId)));
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
