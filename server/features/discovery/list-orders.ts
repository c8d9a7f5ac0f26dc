import { asc, desc, sql, type SQL } from 'drizzle-orm';
import { z } from 'zod';
import type { ItemListing } from '../../../shared/items';
import { items } from '../../db/schema';
import { COVERED_WALK_LIMITS, WALK_LIMITS, type WalkLimits } from './filtered-ids';

/**
 * The orders of the item lists, each with its key: the values of a row's order columns, which say where
 * the next page starts, so that the infinite scroll asks for "the page after this item" and page 200 costs what page
 * 1 costs. Every order ends with the id, so a key names one place in the list.
 */
export interface ListOrder {
  /** ORDER BY. */
  by: SQL[];
  /** A row's key, as a JSON array (`keyOf` a fetched row). */
  key: SQL<unknown>;
  /** What a key must look like; anything else is not a key of this order. */
  shape: z.ZodType<KeyValues>;
  /** The rows after the row with this key, in this order. */
  after(key: KeyValues): SQL;
  /** How a tag-filtered page walks this order (`filteredIds`): further when its index covers the filters and the listing rule. */
  walkLimits: WalkLimits;
}

export type KeyValues = readonly (string | number)[];

/** Titles compare lower-cased in the "C" collation (`items.title_key`), so PGlite and PostgreSQL page identically. */
export const titleOrder = sql`${items.titleKey}`;

const id = z
  .number()
  .int()
  .min(0)
  .max(2 ** 31 - 1);
const count = z
  .number()
  .int()
  .min(0)
  .max(2 ** 31 - 1);

/** By title (All Items, a tag's page): `items_title_order_idx`, which covers the filter keys and the listing rule (migration 0045). */
const BY_TITLE: ListOrder = {
  by: [asc(titleOrder), asc(items.id)],
  key: sql`json_build_array(${items.titleKey}, ${items.id})`,
  shape: z.tuple([z.string().max(1000), id]),
  after: ([title, itemId]) => sql`(${titleOrder}, ${items.id}) > (${title}, ${itemId})`,
  walkLimits: COVERED_WALK_LIMITS,
};

/**
 * Most viewed first, the newest first among equals: recent views, then all views, then the id, all descending, so
 * one row comparison (and `items_popularity_idx`, read backwards) gives the rows after a key.
 */
export const BY_POPULARITY: ListOrder = {
  by: [desc(items.recentViewCount), desc(items.viewCount), desc(items.id)],
  key: sql`json_build_array(${items.recentViewCount}, ${items.viewCount}, ${items.id})`,
  shape: z.tuple([count, count, id]),
  after: ([recent, all, itemId]) => sql`(${items.recentViewCount}, ${items.viewCount}, ${items.id}) < (${recent}, ${all}, ${itemId})`,
  walkLimits: WALK_LIMITS,
};

/** A time to the microsecond, as PostgreSQL wrote it in a key (UTC); checked to be a real date before it is compared. */
const MICROSECOND_TIME = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}\.\d{6}Z$/;
const keyTime = z
  .string()
  .regex(MICROSECOND_TIME)
  .refine((text) => {
    const parsed = new Date(text);
    return !Number.isNaN(parsed.getTime()) && parsed.toISOString().slice(0, 23) === text.slice(0, 23);
  });

/** The curation lists (drafts, unpublished, unlisted): the last edited first. */
const BY_LAST_EDIT: ListOrder = {
  by: [desc(items.updatedAt), desc(items.id)],
  key: sql`json_build_array(to_char(${items.updatedAt} at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.US"Z"'), ${items.id})`,
  shape: z.tuple([keyTime, id]),
  after: ([time, itemId]) => sql`(${items.updatedAt}, ${items.id}) < (${time}::timestamptz, ${itemId})`,
  walkLimits: WALK_LIMITS,
};

/** The order of an unsearched listing. */
export function listOrder(listing: ItemListing): ListOrder {
  switch (listing) {
    case 'popular':
      return BY_POPULARITY;
    case 'draft':
    case 'unpublished':
    case 'unlisted':
      return BY_LAST_EDIT;
    default:
      return BY_TITLE;
  }
}

/** Deeper than anyone scrolls by number; keeps OFFSET bounded (a link naming a page; the infinite scroll sends keys). */
export const MAX_PAGE = 1000;

/**
 * Where a page of a list starts: its number (a link's `page=3` is read as an offset, so links that name a page keep
 * working), and, from the infinite scroll, the key of the last item before it (`after`).
 */
export interface PageStart {
  number: number;
  after: KeyValues | null;
}

/** The `page` the infinite scroll sends for the page after a key: `{number}~{key as base64url JSON}`. */
export function nextPageParam(number: number, key: KeyValues): string {
  return `${number}~${Buffer.from(JSON.stringify(key)).toString('base64url')}`;
}

const PAGE_AFTER_KEY = /^(\d{1,7})~(.*)$/s;
const BASE64URL = /^[A-Za-z0-9_-]{1,2000}$/;

/**
 * A page after a key, or null when `param` is not one (a plain number is read as a page number elsewhere). A key
 * that cannot be read leaves the page's number, read as an offset.
 */
export function pageAfterKey(param: string): PageStart | null {
  const match = PAGE_AFTER_KEY.exec(param);
  if (!match) return null;
  // Past MAX_PAGE the number is only what the address bar shows; it never becomes a deeper offset.
  const number = Math.min(Number(match[1]), MAX_PAGE);
  if (number < 2) return null;
  if (!BASE64URL.test(match[2]!)) return { number, after: null };
  try {
    const key: unknown = JSON.parse(Buffer.from(match[2]!, 'base64url').toString('utf8'));
    const values = z
      .array(z.union([z.string(), z.number()]))
      .max(8)
      .safeParse(key);
    return values.success ? { number, after: values.data } : { number, after: null };
  } catch {
    return { number, after: null };
  }
}

/** The key of `after` when it is one of `order`; otherwise null (the page is then read by its number). */
export function keyOf(order: ListOrder, after: KeyValues | null): KeyValues | null {
  if (after === null) return null;
  const parsed = order.shape.safeParse(after);
  return parsed.success ? parsed.data : null;
}
