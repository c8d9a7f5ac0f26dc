/**
 * The public entry of server/features/items: an item's parts as its page shows them to a viewer, for the JSON API.
 * Another feature imports these from here, never a file inside (`.dependency-cruiser.cjs`).
 */
export { loadItemParts } from './detail';
