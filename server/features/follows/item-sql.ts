/** SQL over `items` that the digest and the feeds share: what a followed tag or collection holds. */
import { exists, sql, type SQL } from 'drizzle-orm';
import { collectionItems, items, tags } from '../../db/schema';

/** Items tagged with the tag or any tag below it, as the tag's page lists them. */
export function taggedAtOrBelow(tagId: number): SQL {
  return sql`${items.tagIds} && array(with recursive below(id) as (select ${tagId}::int union select ${tags.id} from ${tags} join below on ${tags.parentId} = below.id) select id from below)`;
}

/** Items that are entries of the collection. */
export function inCollection(collectionId: number): SQL {
  return exists(sql`(select 1 from ${collectionItems} where ${collectionItems.collectionId} = ${collectionId} and ${collectionItems.itemId} = ${items.id})`);
}
