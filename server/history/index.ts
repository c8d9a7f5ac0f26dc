/** The history of every change (issue 19 §2): for other features, the events that are no row's change. */
export { recordEvent, type HistoryEvent } from './events';
