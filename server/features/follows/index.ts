/**
 * The public entry of server/features/follows: the Follow button's offer, for the item index and the
 * collection page, and the member's follows, for the profile. Another feature imports these from
 * here, never a file inside (`.dependency-cruiser.cjs`).
 */
export { followOffer, listFollows } from './queries';
