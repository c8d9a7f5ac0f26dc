/**
 * The public entry of server/features/comments: the item page's comments part. Another feature imports these from here,
 * never a file inside (`.dependency-cruiser.cjs`).
 */
export { itemCommentsSql, readItemComments } from './item-part';
