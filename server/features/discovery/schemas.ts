import { z } from 'zod';

export const SEARCH_MAX_LENGTH = 200;
/** Enough for any real combination of filters; more would only make the query longer. */
export const MAX_SELECTED_TAGS = 12;
/** Deeper than anyone scrolls; keeps OFFSET bounded. */
export const MAX_PAGE = 1000;

const TAG_REF = /^[0-9a-z]{1,24}$/;

/** A repeated query parameter (`?page=1&page=2`) counts by its first value. */
const firstValue = (value: unknown) => (Array.isArray(value) ? value[0] : value);

const lenientSearch = z
  .preprocess(firstValue, z.string())
  .transform((text) => text.trim().slice(0, SEARCH_MAX_LENGTH))
  .catch('');

const lenientTagRefs = z
  .preprocess(firstValue, z.string())
  .transform((joined) => [...new Set(joined.split('-').filter((ref) => TAG_REF.test(ref)))].slice(0, MAX_SELECTED_TAGS))
  .catch([]);

const lenientPage = z.preprocess(firstValue, z.coerce.number().int().min(1).max(MAX_PAGE)).catch(1);

/**
 * Query of the item index pages, read leniently: a malformed part is dropped (a bad page
 * number reads as page 1, unknown tag refs are ignored), so a shared or hand-edited link
 * still shows a useful list rather than an error.
 */
export const indexQuerySchema = z.object({
  search: lenientSearch,
  tags: lenientTagRefs,
  page: lenientPage,
});
export type IndexQuery = z.infer<typeof indexQuerySchema>;

export const tagParamsSchema = z.object({ label: z.string().trim().toLowerCase().min(1).max(120) });

/** The type-ahead is a JSON API, so it is strict and answers 422 with the reasons. */
export const typeAheadQuerySchema = z.object({
  search: z
    .string({ error: 'Type something to search for.' })
    .trim()
    .min(1, 'Type something to search for.')
    .max(SEARCH_MAX_LENGTH, `Search for at most ${SEARCH_MAX_LENGTH} characters.`),
});

export function isTypeAheadRequest(query: unknown): boolean {
  return typeof query === 'object' && query !== null && firstValue((query as Record<string, unknown>).simplejson) === 'true';
}

/** A required taxonomy as the New Item form offers it. */
export interface RequiredTaxonomyChoice {
  ref: string;
  title: string;
  tagRefs: ReadonlySet<string>;
}

export const NEW_ITEM_MESSAGES = {
  titleRequired: 'Please enter a title.',
  titleTooLong: 'The title can be at most 255 characters.',
  topicTooLong: 'The topic can be at most 255 characters.',
  choose: (taxonomyTitle: string) => `Please choose a ${taxonomyTitle}.`,
  created: 'Item created. Add a blurb, images and content, then submit it for publishing.',
} as const;

export const taxonomyField = (taxonomyRef: string) => `taxonomy-${taxonomyRef}`;

/** The New Item form (member-library §7 POST /i): title, topic, and a tag for each required taxonomy. */
export function newItemSchema(required: readonly RequiredTaxonomyChoice[]) {
  const taxonomyFields = Object.fromEntries(
    required.map((taxonomy) => [
      taxonomyField(taxonomy.ref),
      z
        .string({ error: NEW_ITEM_MESSAGES.choose(taxonomy.title) })
        .refine((tagRef) => taxonomy.tagRefs.has(tagRef), NEW_ITEM_MESSAGES.choose(taxonomy.title)),
    ]),
  );
  return z.object({
    title: z
      .string({ error: NEW_ITEM_MESSAGES.titleRequired })
      .trim()
      .min(1, NEW_ITEM_MESSAGES.titleRequired)
      .max(255, NEW_ITEM_MESSAGES.titleTooLong),
    topic: z.preprocess((value) => value ?? '', z.string().trim().max(255, NEW_ITEM_MESSAGES.topicTooLong)),
    ...taxonomyFields,
  });
}

export { fieldErrors } from '../../lib/validation';
