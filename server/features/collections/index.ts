/**
 * The public entry of server/features/collections: what other features use of collections: the item page's Add to
 * Collection choices, the collection a grant shares, and a collection with its entries as its page opens it (the JSON
 * API). Another feature imports these from here, never a file inside (`.dependency-cruiser.cjs`).
 */
export { collectionChoicesOf, collectionEntries, findCollectionByRef } from './queries';
export { mayOpenCollection } from './routes';
