/**
 * The public entry of server/features/library-health: the health page's routes and the periodic job of
 * its scheduled checks. Another feature imports these from here, never a file inside (`.dependency-cruiser.cjs`).
 */
export { libraryHealthRoutes } from './routes';
export { runHealthChecksPeriodically } from './checks';
