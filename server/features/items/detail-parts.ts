/**
 * The item page's lists that need no rule beyond the policy: images, characteristics (its tasks are the tasks
 * feature's part, `tasks/item-part.ts`). Each is SQL for one JSON value of the page's parts statement (`detail.ts`)
 * and a reader of what it answers.
 */
import { and, asc, eq, isNotNull, sql, type SQL, type SQLWrapper } from 'drizzle-orm';
import { itemImageUrls, type ItemCharacteristic, type ItemImage } from '../../../shared/items';
import { canSeeCharacteristic, type Viewer } from '../../access/policy';
import { jsonArray, jsonObject } from '../../db/json';
import { characteristics, itemCharacteristics, itemImages } from '../../db/schema';

interface ImageRow {
  ref: string;
  extension: string;
}

/** SQL: the item's images as JSON, in their order. */
export function itemImagesSql(itemId: SQLWrapper): SQL {
  return jsonArray(jsonObject({ ref: itemImages.ref, extension: itemImages.extension }), sql`from ${itemImages} where ${eq(itemImages.itemId, itemId)}`, [
    asc(itemImages.position),
    asc(itemImages.id),
  ]);
}

export function readItemImages(json: unknown): ItemImage[] {
  return (json as ImageRow[]).map((row) => ({ ref: row.ref, extension: row.extension, ...itemImageUrls(row.ref) }));
}

/**
 * SQL: the characteristics as JSON. Editors (`canEditItem`) get every one (unset ones with a null value, so they
 * can fill them in); everyone else only those the item has a value for.
 */
export function itemCharacteristicsSql(itemId: SQLWrapper, editor: boolean): SQL {
  const valueOfThisItem = and(eq(itemCharacteristics.characteristicId, characteristics.id), eq(itemCharacteristics.itemId, itemId));
  const onlySet = editor ? sql`` : sql` where ${isNotNull(itemCharacteristics.value)}`;
  return jsonArray(
    jsonObject({
      ref: characteristics.ref,
      title: characteristics.title,
      format: characteristics.format,
      minimum: characteristics.minimum,
      usage_note: characteristics.usageNote,
      public: characteristics.public,
      value: itemCharacteristics.value,
    }),
    sql`from ${characteristics} left join ${itemCharacteristics} on ${valueOfThisItem}${onlySet}`,
    [asc(characteristics.position), asc(characteristics.title)],
  );
}

/** The characteristics the viewer may see. */
export function readItemCharacteristics(viewer: Viewer, json: unknown): ItemCharacteristic[] {
  return (json as ItemCharacteristic[]).filter((row) => canSeeCharacteristic(viewer, row));
}
