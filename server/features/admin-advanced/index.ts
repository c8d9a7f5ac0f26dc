/**
 * The public entry of server/features/admin-advanced: the external link check, which library health schedules.
 * Another feature imports these from here, never a file inside (`.dependency-cruiser.cjs`).
 */
export { checkExternalLinks, type LinkCheckOptions } from './external-links';
