/**
 * The public entry of server/features/discovery: the library cache's reads (the item page's parts), card columns, the
 * tag catalogue, New Item, and the refs a listing matches (batch edits). Another feature imports these from here, never a file inside
 * (`.dependency-cruiser.cjs`).
 */
export { createItem } from './create-item';
export { matchingItemRun } from './index-page';
export { cachedReadsFor, type CachedReads } from './library-cache';
export { summaryColumns } from './summaries';
export { loadTagCatalogue, tagFields, toTag } from './tag-catalogue';
