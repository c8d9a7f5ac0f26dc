/**
 * The public entry of server/features/sharing: the shared-link guards of the item and content pages, the item's sharing
 * explanation and its grants (the access panel), a person's grants (the user page), and the 403 page's help. Another
 * feature imports these from here, never a file inside (`.dependency-cruiser.cjs`). The collection page's grants
 * reach the collections feature through server/app.ts, since sharing imports collections.
 */
export { forbiddenHelp } from './access-requests';
export { sharingExplanationProp } from './explanation';
export { checkSharedContentLink, checkSharedItemLink, itemGrantsProp } from './routes';
export { personGrants } from './queries';
/** For data-export: a person's grants made and received, as Shared By Me and Shared With Me list them. */
export { listShares } from './queries';
