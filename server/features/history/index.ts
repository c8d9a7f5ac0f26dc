/**
 * The history of every change (issue 19 §2): for other features, the events that are no row's change; for the item
 * page, an item's History.
 */
export { recordEvent, type HistoryEvent } from './events';
/** For server/app.ts: every request runs inside its change context. */
export { recordChangesOfRequests } from './plugin';
export { itemHistoryOf } from './item-history';
