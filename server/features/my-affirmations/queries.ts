/** The items a person affirmed (My Affirmations), only those they may still open, newest affirmation first. */
import { and, asc, countDistinct, desc, eq, gt, max, sql, type SQL } from 'drizzle-orm';
import { AFFIRMATION_STRENGTH } from '../../../shared/enums';
import type { AffirmedItem, MyAffirmation } from '../../../shared/my-affirmations';
import { openableItemsCondition, type Viewer } from '../../access/policy';
import type { Database } from '../../db/client';
import { jsonObject } from '../../db/json';
import { affirmationOptions, itemAffirmations, items } from '../../db/schema';
import { offsetAndLimit } from '../../lib/pagination';
import { affirmationSummarySql, itemSummary, readAffirmationSummary } from '../../items';
import { summaryColumns } from '../discovery';

/**
 * The viewer's affirmations on items they may open by link (UNLISTED ones too: they affirmed them there) and that have
 * not expired for them: what the item page would refuse never shows here.
 */
function affirmedByViewer(viewer: Viewer & { id: number }, now: Date): SQL | undefined {
  return and(eq(itemAffirmations.userId, viewer.id), gt(itemAffirmations.value, AFFIRMATION_STRENGTH.NONE), openableItemsCondition(viewer, now));
}

const mine = sql<MyAffirmation[]>`json_agg(${jsonObject({
  ref: affirmationOptions.ref,
  title: affirmationOptions.title,
  is_negative: affirmationOptions.isNegative,
  value: itemAffirmations.value,
})} order by ${affirmationOptions.position}, ${affirmationOptions.id})`;

export async function listAffirmedItems(
  db: Database,
  viewer: Viewer & { id: number },
  page: number,
  perPage: number,
  now: Date = new Date(),
): Promise<{ items: AffirmedItem[]; total: number }> {
  const where = affirmedByViewer(viewer, now);
  const { offset, limit } = offsetAndLimit(page, perPage);
  const affirmedAt = max(itemAffirmations.updatedAt);
  const [rows, [{ total }]] = await Promise.all([
    db
      .select({
        ...summaryColumns,
        affirmedAt,
        mine,
        summary: affirmationSummarySql(items.id),
      })
      .from(itemAffirmations)
      .innerJoin(items, eq(items.id, itemAffirmations.itemId))
      .innerJoin(affirmationOptions, eq(affirmationOptions.id, itemAffirmations.affirmationOptionId))
      .where(where)
      .groupBy(items.id)
      .orderBy(desc(affirmedAt), asc(items.id))
      .limit(limit)
      .offset(offset),
    db
      .select({ total: countDistinct(itemAffirmations.itemId) })
      .from(itemAffirmations)
      .innerJoin(items, eq(items.id, itemAffirmations.itemId))
      .where(where),
  ]);
  return {
    total: Number(total),
    items: rows.map((row) => ({
      item: itemSummary(row, now),
      affirmed_at: new Date(row.affirmedAt ?? now).toISOString(),
      mine: row.mine,
      ...readAffirmationSummary(row.summary),
    })),
  };
}
