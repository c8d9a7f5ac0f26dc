/**
 * The JSON API's schemas: what each operation accepts (checked by the routes, answered 422 otherwise) and what it
 * answers (checked as it is sent: a field no schema names is never sent). The OpenAPI document is generated from
 * these same schemas, so it cannot drift from what the routes do. Field names are snake_case and stable.
 */
import { z } from 'zod';
import { API_PAGE_LIMIT } from '../../../shared/api';
import { CONTENT_FORMATS, VISIBILITY } from '../../../shared/enums';
import { ref as refPattern } from '../../lib/validation';

/** The index's own bounds: longer searches and more tags than it reads are refused rather than cut. */
export const SEARCH_MAX_LENGTH = 200;
export const MAX_TAG_FILTERS = 12;

const TAG_REF = /^[0-9a-z]{1,24}$/;
/** A page start this API gave (`next_cursor`); anything else is refused, never read as the first page. */
const CURSOR = /^[0-9A-Za-z~_-]{1,2100}$/;

export const API_MESSAGES = {
  limit: `limit must be a whole number from 1 to ${API_PAGE_LIMIT.max}.`,
  cursor: 'cursor must be a next_cursor this list answered, with the same search and tags.',
  search: `search must be at most ${SEARCH_MAX_LENGTH} characters.`,
  tags: `tags must be at most ${MAX_TAG_FILTERS} tag refs, separated by commas.`,
  tagRef: 'tags must be tag refs, separated by commas.',
  unknownTags: (refs: readonly string[]) => `No tag has the ref ${refs.join(', ')}.`,
} as const;

const limit = z.coerce
  .number({ error: API_MESSAGES.limit })
  .int({ error: API_MESSAGES.limit })
  .min(1, { error: API_MESSAGES.limit })
  .max(API_PAGE_LIMIT.max, { error: API_MESSAGES.limit })
  .default(API_PAGE_LIMIT.default)
  .meta({ description: `How many records a page holds: ${API_PAGE_LIMIT.default} unless asked, at most ${API_PAGE_LIMIT.max}.`, type: 'integer' });

const cursor = z
  .string({ error: API_MESSAGES.cursor })
  .regex(CURSOR, { error: API_MESSAGES.cursor })
  .optional()
  .describe('Where the page starts: the next_cursor of the page before. Opaque: pass it back as it came.');

/** Several tag refs in one parameter, separated by commas (a repeated parameter reads the same). */
const tagRefs = z
  .preprocess(
    (value) => (Array.isArray(value) ? value.join(',') : value),
    z
      .string({ error: API_MESSAGES.tags })
      .transform((joined) => [...new Set(joined.split(',').map((part) => part.trim()))].filter((part) => part !== ''))
      .pipe(z.array(z.string().regex(TAG_REF, { error: API_MESSAGES.tagRef })).max(MAX_TAG_FILTERS, { error: API_MESSAGES.tags })),
  )
  .optional()
  .describe('Only items with these tags: tag refs separated by commas. Tags of one taxonomy are alternatives; of different ones, all apply.');

export const itemsQuery = z.object({
  search: z
    .string({ error: API_MESSAGES.search })
    .trim()
    .max(SEARCH_MAX_LENGTH, { error: API_MESSAGES.search })
    .optional()
    .describe('Words to find, as the search box finds them: best matches first. Without it, items come in title order.'),
  tags: tagRefs,
  cursor,
  limit,
});

export const pageQuery = z.object({ cursor, limit });

const ref = (what: string) => z.string().describe(`The ${what}’s ref: opaque and stable.`);
const link = (what: string) => z.url().describe(what);
const isoTime = (what: string) => z.iso.datetime().describe(`${what} (ISO 8601, UTC).`);

const VISIBILITY_NAMES = Object.keys(VISIBILITY).map((name) => name.toLowerCase()) as [string, ...string[]];

export const apiItemSummary = z
  .object({
    ref: ref('item'),
    title: z.string(),
    topic: z.string(),
    blurb: z.string(),
    visibility: z.enum(VISIBILITY_NAMES).describe('discoverable for everything a visitor may find; the others only reach their maintainers and admins.'),
    minimum_access_level: z.number().int().min(0).describe('The lowest access level that opens the item (0: anyone).'),
    expired: z.boolean().describe('Past its expiry date: listed only for those who maintain it.'),
    duration_minutes: z.number().int().nullable().describe('How long its longest video or recording runs, or null.'),
    image_url: link('Its first picture, thumbnail size.').nullable(),
    html_url: link('Its page in the library.'),
    api_url: link('Its record in this API.'),
  })
  .describe('An item as lists show it.');

const apiTagOfItem = z.object({
  ref: ref('tag'),
  label: z.string(),
  full_label: z.string().describe('The label below its parent’s: "Children > Primary".'),
  taxonomy: z.object({ ref: ref('taxonomy'), title: z.string() }),
});

const apiContent = z
  .object({
    ref: ref('content'),
    label: z.string(),
    description: z.string(),
    format: z.enum(CONTENT_FORMATS),
    length_minutes: z.number().int().nullable(),
    size_bytes: z.number().int().nullable(),
    copyright: z.string().nullable(),
    minimum_access_level: z.number().int().min(0),
    published: z.boolean().describe('False only for those who edit the item.'),
    sample_of_ref: z.string().nullable().describe('The content this is a sample of, or null.'),
    position: z.number().int(),
    url: link('Opens the file (as its page would: access checked).'),
  })
  .describe('A file of the item: what it is, never its bytes.');

export const apiItem = apiItemSummary
  .extend({
    authors: z.array(z.string()),
    available_external_link: z.string().nullable(),
    initial_publication_year_month: z.string().nullable().describe('YYYY-MM, or null.'),
    last_updated_year_month: z.string().nullable().describe('YYYY-MM, or null.'),
    expires_at: isoTime('When it expires, or null').nullable(),
    updated_at: isoTime('When it last changed'),
    maintainer: z
      .object({ ref: ref('person'), name: z.string() })
      .nullable()
      .describe('Who keeps it up to date, where shown to you.'),
    images: z.array(z.object({ ref: ref('picture'), url: link('Full size.'), thumbnail_url: link('Thumbnail size.') })),
    tags: z.array(apiTagOfItem).describe('Its tags in the taxonomies you may see, in taxonomy order.'),
    characteristics: z.array(z.object({ ref: ref('characteristic'), title: z.string(), format: z.string(), value: z.string().nullable() })),
    contents: z.array(apiContent).describe('The files you may open, in their order.'),
    more_content_available: z.boolean().describe('Files above your access level exist.'),
  })
  .describe('One item with its tags, characteristics and files.');

export const apiCollectionSummary = z
  .object({
    ref: ref('collection'),
    title: z.string(),
    description: z.string(),
    public: z.boolean(),
    owner_name: z.string(),
    owned_by_you: z.boolean(),
    item_count: z.number().int().min(0).describe('How many of its items you may open.'),
    html_url: link('Its page in the library.'),
    api_url: link('Its record in this API.'),
  })
  .describe('A collection as lists show it.');

export const apiCollection = apiCollectionSummary
  .extend({
    entries: z
      .array(z.object({ section: z.string().describe('Its section’s name, or "".'), note: z.string(), item: apiItemSummary }))
      .describe('Its items you may open, section by section in their order; the others are left out.'),
  })
  .describe('One collection with its items.');

const apiTagFields = {
  ref: ref('tag'),
  label: z.string(),
  full_label: z.string().describe('The label below its parent’s: "Children > Primary".'),
  parent_ref: z.string().nullable().describe('The tag it sits below, or null.'),
};

export const apiTag = z.object({ ...apiTagFields, taxonomy: z.object({ ref: ref('taxonomy'), title: z.string() }) });

export const apiTaxonomy = z.object({
  ref: ref('taxonomy'),
  title: z.string(),
  usage_note: z.string(),
  required: z.boolean().describe('Every item has a tag of it.'),
  multiselect: z.boolean().describe('An item may have several of its tags.'),
  public: z.boolean().describe('Visitors see it; the others only admins.'),
  tags: z.array(z.object(apiTagFields)).describe('Parents first, each followed by the tags below it.'),
});

const nextCursor = z.string().nullable().describe('Pass it as cursor for the next page; null on the last page.');

export const itemsList = z.object({ data: z.array(apiItemSummary), next_cursor: nextCursor }).describe('A page of the items you may list.');
export const collectionsList = z.object({ data: z.array(apiCollectionSummary), next_cursor: nextCursor }).describe('A page of the collections you may open.');
export const tagsList = z.object({ data: z.array(apiTag) }).describe('The tags of every taxonomy you may see.');
export const taxonomiesList = z.object({ data: z.array(apiTaxonomy) }).describe('The taxonomies you may see, in their order.');

/** A record's ref in the path: anything that is not a ref names nothing (404). */
export const refParam = (what: string) => refPattern.describe(`The ${what}’s ref.`);

export const problem = z
  .object({
    type: z.string().describe('What kind of problem: the address of its section on the reference page, or about:blank.'),
    title: z.string().describe('The same for every problem of its type.'),
    status: z.number().int(),
    detail: z.string().describe('What went wrong this time.'),
    errors: z.record(z.string(), z.string()).optional().describe('Invalid input only: what is wrong, by parameter.'),
  })
  .describe('RFC 9457 problem details.');

/** A collection page's key: its title as the list orders it, and its id. */
export const collectionKey = z.tuple([
  z.string().max(1000),
  z
    .number()
    .int()
    .min(1)
    .max(2 ** 31 - 1),
]);
export type CollectionKey = z.infer<typeof collectionKey>;
