/**
 * The public entry of server/features/admin-stats: the date range every admin report reads (?from=&to=, days in
 * UTC), for the activity feed (features/history).
 */
export { rangeBounds, rangeQuery } from './schemas';
