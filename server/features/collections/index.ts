/**
 * The public entry of server/features/collections: what other features use of collections: the item page's Add to
 * Collection choices, and the collection a grant shares. Another feature imports these from here, never a file inside
 * (`.dependency-cruiser.cjs`).
 */
export { collectionChoicesOf, findCollectionByRef } from './queries';
