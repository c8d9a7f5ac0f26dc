/**
 * The history of every change: for other features, the events that are no row's change; for the item
 * page, an item's History; for the admin area, the activity feed.
 */
export { recordEvent } from './events';
/** For server/app.ts: every request runs inside its change context; old changes are swept. */
export { registerHistory } from './plugin';
export { itemHistoryOf } from './item-history';
/** For data-export: how a recorded change reads, in a person's archive of their own data. */
export { describeChange, userIdsNamedBy } from './describe';
export { activityRoutes } from './routes';
