/**
 * The public entry of server/features/sharing: the shared-link guards of the item and content pages, the item's sharing
 * explanation, and the 403 page's help. Another feature imports these from here, never a file inside
 * (`.dependency-cruiser.cjs`).
 */
export { forbiddenHelp } from './access-requests';
export { sharingExplanationProp } from './explanation';
export { checkSharedContentLink, checkSharedItemLink } from './routes';
