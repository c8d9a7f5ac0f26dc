/** Maps item rows to the shapes pages receive (shared/items.ts). */
import { sql, type SQL } from 'drizzle-orm';
import { VISIBILITY, visibilityInfo } from '../../shared/enums';
import { EXPIRING_SOON_DAYS, itemImageUrls, type ItemSummary } from '../../shared/items';
import { isItemExpired } from '../access/policy';
import { itemImages, items } from '../db/schema';
import { DAY_MS } from '../../shared/dates';

/**
 * A column of the outer `items` row of a card's subquery, written out in full: Drizzle leaves columns unqualified in
 * single-table selects, and a bare "id" inside the subquery would be the subquery's own table's. The subqueries name
 * their own tables by aliases for the same reason.
 */
function outerItem(column: 'id' | 'minimumAccessLevel'): SQL {
  return sql`${items}.${sql.identifier(items[column].name)}`;
}

/** SQL: the ref of an item's first image (by position), for cards. */
export const firstImageRef = sql<string | null>`(
  select ${itemImages.ref} from ${itemImages}
  where ${itemImages.itemId} = ${outerItem('id')}
  order by ${itemImages.position}, ${itemImages.id}
  limit 1)`;

/** A card shows at most this many tag chips. */
export const CARD_TAG_CHIPS = 3;

/**
 * SQL: the labels of a card's chips, the item's tags in public taxonomies shown as filters, in the
 * taxonomies' order and then the tags' (so the Type and Age Group an admin puts first come first). Public taxonomies
 * only: a card is the same for every viewer of a list, and only admins see the others.
 */
export const cardTagLabels = sql<string[]>`array(
  select card_tag.label from item_tags card_item_tag
  join tags card_tag on card_tag.id = card_item_tag.tag_id
  join taxonomies card_taxonomy on card_taxonomy.id = card_tag.taxonomy_id
  where card_item_tag.item_id = ${outerItem('id')} and card_taxonomy.public and card_taxonomy.show_in_filtering
  order by card_taxonomy.position, card_taxonomy.id, card_tag.position, card_tag.id
  limit ${sql.raw(String(CARD_TAG_CHIPS))})`;

/**
 * SQL: the minutes of the item's longest published content that has a length (a video, a recording), among those
 * anyone who may list the item may open (no higher level than the item's own), so a card never hints at more.
 */
export const cardMinutes = sql<number | null>`(
  select max(card_content.length_minutes) from contents card_content
  where card_content.item_id = ${outerItem('id')} and card_content.published
    and card_content.minimum_access_level <= ${outerItem('minimumAccessLevel')})`;

export interface SummaryRow {
  ref: string;
  title: string;
  topic: string;
  blurb: string;
  imageRef: string | null;
  visibility: number;
  minimumAccessLevel: number;
  createdByUserId: number | null;
  expiresAt: Date | null;
  /** The card's chips and minutes (`cardTagLabels`, `cardMinutes`); absent where no card is drawn (the item page's own summary). */
  tagLabels?: string[];
  minutes?: number | null;
}

export function visibilityFields(value: number) {
  const info = visibilityInfo(value);
  return {
    visibility: VISIBILITY[info.name],
    visibility_name: info.name,
    visibility_label: info.label,
    visibility_explanation: info.explanation,
    badge: info.badge,
  };
}

/** Expiring soon: not yet expired, but within EXPIRING_SOON_DAYS of its expiry. */
export function isItemExpiring(expiresAt: Date | null, now: Date): boolean {
  if (expiresAt === null) return false;
  const remaining = expiresAt.getTime() - now.getTime();
  return remaining > 0 && remaining <= EXPIRING_SOON_DAYS * DAY_MS;
}

export function itemSummary(row: SummaryRow, now: Date): ItemSummary {
  const { visibility, visibility_name, visibility_label, badge } = visibilityFields(row.visibility);
  return {
    ref: row.ref,
    title: row.title,
    topic: row.topic,
    blurb: row.blurb,
    image: row.imageRef === null ? null : itemImageUrls(row.imageRef).public_thumbnail_large_url,
    visibility,
    visibility_name,
    visibility_label,
    badge,
    minimum_access_level: row.minimumAccessLevel,
    expired: isItemExpired(row, now),
    chips: row.tagLabels ?? [],
    minutes: row.minutes ?? null,
  };
}
