/**
 * The public entry of server/features/errors: the one answer to unusable input, for a route that finds it itself.
 * Another feature imports these from here, never a file inside (`.dependency-cruiser.cjs`).
 */
export { refuseInput } from './input';
