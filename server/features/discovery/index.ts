/**
 * The public entry of server/features/discovery: the library cache's reads (the item page's parts), card columns, the
 * tag catalogue, New Item, the refs a listing matches (batch edits) and the index's pages for the JSON API. Another
 * feature imports these from here, never a file inside (`.dependency-cruiser.cjs`).
 */
export { createItem } from './create-item';
export { itemIndexPage, matchingItemRun } from './index-page';
export { cachedReadsFor, type CachedReads } from './library-cache';
export { summaryColumns } from './summaries';
export { loadTagCatalogue, requestTagCatalogue, tagFields, toTag, type CatalogueTag, type TagCatalogue } from './tag-catalogue';
