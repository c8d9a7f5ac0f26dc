import { z } from 'zod';
import { firstValue } from '../../lib/validation';
import { MAX_PAGE, pageAfterKey, type PageStart } from './list-orders';

export const SEARCH_MAX_LENGTH = 200;
/** Enough for any real combination of filters; more would only make the query longer. */
export const MAX_SELECTED_TAGS = 12;
const TITLE_MAX = 255;
const TOPIC_MAX = 255;

const TAG_REF = /^[0-9a-z]{1,24}$/;

const lenientSearch = z
  .preprocess(firstValue, z.string())
  .transform((text) => text.trim().slice(0, SEARCH_MAX_LENGTH))
  .catch('');

/**
 * The `tags` of an index: one parameter of refs joined by hyphens (the app's links), or the same parameter repeated,
 * one ref each (the checkboxes of the filters' form without JavaScript: `tags=a&tags=b`), read as if joined the same way.
 */
const joinedTags = (value: unknown) => (Array.isArray(value) ? value.filter((part) => typeof part === 'string').join('-') : value);

const lenientTagRefs = z
  .preprocess(joinedTags, z.string())
  .transform((joined) => [...new Set(joined.split('-').filter((ref) => TAG_REF.test(ref)))].slice(0, MAX_SELECTED_TAGS))
  .catch([]);

const lenientPageNumber = z.coerce.number().int().min(1).max(MAX_PAGE).catch(1);

/** A page number, or the infinite scroll's page after a key (`list-orders.ts`); anything else reads as page 1. */
const lenientPage = z
  .preprocess(firstValue, z.string())
  .transform((text): PageStart => pageAfterKey(text) ?? { number: lenientPageNumber.parse(text), after: null })
  .catch({ number: 1, after: null });

/**
 * Query of the item index pages, read leniently: a malformed part is dropped (a bad page
 * number reads as page 1, unknown tag refs are ignored), so a shared or hand-edited link
 * still shows a useful list rather than an error.
 */
export const indexQuery = z.object({
  search: lenientSearch,
  tags: lenientTagRefs,
  page: lenientPage,
});
export type IndexQuery = z.infer<typeof indexQuery>;

/** The type-ahead is a JSON API, so it is strict and answers 422 with the reasons. */
const typeAheadSearch = z
  .string({ error: 'Type something to search for.' })
  .trim()
  .min(1, 'Type something to search for.')
  .max(SEARCH_MAX_LENGTH, `Search for at most ${SEARCH_MAX_LENGTH} characters.`);

export function isTypeAheadRequest(query: unknown): boolean {
  return typeof query === 'object' && query !== null && firstValue((query as Record<string, unknown>).simplejson) === 'true';
}

/**
 * GET /item: with `simplejson=true` the type-ahead's strict query, otherwise the item index's lenient one;
 * `typeAhead` says which was read.
 */
export const itemQuery = z.preprocess(
  (query) => ({ ...(query as object), typeAhead: isTypeAheadRequest(query) }),
  z.discriminatedUnion('typeAhead', [z.object({ typeAhead: z.literal(true), search: typeAheadSearch }), indexQuery.extend({ typeAhead: z.literal(false) })]),
);

export const NEW_ITEM_MESSAGES = {
  titleRequired: 'Please enter a title.',
  titleTooLong: 'The title can be at most 255 characters.',
  topicTooLong: 'The topic can be at most 255 characters.',
  choose: (taxonomyTitle: string) => `Please choose a ${taxonomyTitle}.`,
  created: 'Item created. Add a blurb, images and content, then submit it for publishing.',
} as const;

export const taxonomyField = (taxonomyRef: string) => `taxonomy-${taxonomyRef}`;

/**
 * POST /i, the New Item form: title, topic, and `taxonomy-{ref}`, a tag for each required
 * taxonomy. Which taxonomies are required is the library's data, so the route checks those fields (kept here as
 * sent) and, with them, that a title was given: the form then shows every missing field at once.
 */
export const newItemBody = z.preprocess(
  (input) => input ?? {},
  z.looseObject({
    title: z.preprocess((value) => value ?? '', z.string({ error: NEW_ITEM_MESSAGES.titleRequired }).trim().max(TITLE_MAX, NEW_ITEM_MESSAGES.titleTooLong)),
    topic: z.preprocess((value) => value ?? '', z.string().trim().max(TOPIC_MAX, NEW_ITEM_MESSAGES.topicTooLong)),
  }),
);
export type NewItemForm = z.infer<typeof newItemBody>;
