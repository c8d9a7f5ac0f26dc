/**
 * Who is changing the database, and through which route: the change context of the history (docs/decisions/curation.md "A history of every change"). A request runs inside its context (server/history/plugin.ts); every transaction hands it
 * to the database as its first statement (`set_config('equip.change', …, true)` in client.ts), where the
 * `record_change` trigger reads it for each row it records. Work started by a request (an Advanced run) keeps its
 * request's context; work that no request started (a periodic job, the seed) has none, and its rows name no one.
 */
import { AsyncLocalStorage } from 'node:async_hooks';

export interface ChangeContext {
  actor: number | null;
  impersonator: number | null;
  route: string | null;
  request: string | null;
  /** The batch edit this work belongs to (docs/decisions/curation.md "Batch edits"): recorded as change_history.batch_id. */
  batch?: string;
}

// A reader rather than a value: the viewer is known only after the session is read, and changes on impersonation.
const storage = new AsyncLocalStorage<() => ChangeContext>();

export function runWithChangeContext<T>(read: () => ChangeContext, work: () => T): T {
  return storage.run(read, work);
}

/** The context of the work running now, or null outside any request. */
export function currentChangeContext(): ChangeContext | null {
  return storage.getStore()?.() ?? null;
}

/** Runs `work` with the current context marked as part of the batch `batch`: each row it changes records the batch. */
export function inBatch<T>(batch: string, work: () => T): T {
  const outer = storage.getStore();
  return storage.run(() => ({ ...(outer?.() ?? { actor: null, impersonator: null, route: null, request: null }), batch }), work);
}

/** Runs `work` (and what it schedules) outside any change context: work done for many requests at once. */
export function outsideChangeContext<T>(work: () => T): T {
  return storage.exit(work);
}
