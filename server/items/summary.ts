/** Maps item rows to the shapes pages receive (shared/items.ts). */
import { sql } from 'drizzle-orm';
import { VISIBILITY, visibilityInfo } from '../../shared/enums';
import { EXPIRING_SOON_DAYS, itemImageUrls, type ItemSummary } from '../../shared/items';
import { isItemExpired } from '../access/policy';
import { itemImages, items } from '../db/schema';

const DAY_MS = 24 * 60 * 60 * 1000;

/**
 * SQL: the ref of an item's first image (by position), for cards. The outer `items.id` is written out in
 * full: Drizzle leaves columns unqualified in single-table selects, and a bare "id" here would be item_images.id.
 */
export const firstImageRef = sql<string | null>`(
  select ${itemImages.ref} from ${itemImages}
  where ${itemImages.itemId} = ${items}.${sql.identifier(items.id.name)}
  order by ${itemImages.position}, ${itemImages.id}
  limit 1)`;

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
  };
}
