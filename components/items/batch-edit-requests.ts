/** The batch edit dialog's JSON calls: preview, apply, undo; a refusal comes back as its message. */
import { BATCH_EDIT_URL, BATCH_PREVIEW_URL, type BatchAction, type BatchPreview, type BatchResult } from '../../shared/batch-edit';
import { ROUTES } from '../../shared/routes';
import { readXsrfToken } from '../lib/xsrf';

/** The selection: items by ref, or every item a listing with its search and filters matches. */
export type BatchSelection = { refs: string[] } | { matching: { listing: string; search: string; tags: string[]; after?: string } };

export type BatchAnswer<T> = { ok: true; value: T } | { ok: false; message: string };

async function postJson<T>(url: string, body?: unknown): Promise<BatchAnswer<T>> {
  try {
    const response = await fetch(url, {
      method: 'POST',
      credentials: 'same-origin',
      headers: { Accept: 'application/json', 'X-XSRF-TOKEN': readXsrfToken(), ...(body === undefined ? {} : { 'Content-Type': 'application/json' }) },
      body: body === undefined ? undefined : JSON.stringify(body),
    });
    const answer = (await response.json().catch(() => ({}))) as { errors?: Record<string, string>; message?: string };
    if (response.ok) return { ok: true, value: answer as T };
    const message = Object.values(answer.errors ?? {})[0] ?? answer.message ?? `The server answered ${response.status}.`;
    return { ok: false, message };
  } catch {
    return { ok: false, message: 'The server could not be reached. Try again.' };
  }
}

export const previewBatch = (selection: BatchSelection, action: BatchAction) => postJson<BatchPreview>(BATCH_PREVIEW_URL, { ...selection, action });
/** `batch`: a later chunk of a batch applied a chunk at a time, under the id its first changing chunk answered. */
export const applyBatch = (selection: BatchSelection, action: BatchAction, batch?: string) =>
  postJson<BatchResult>(BATCH_EDIT_URL, { ...selection, action, ...(batch ? { batch } : {}) });
export const undoBatch = (batch: string) => postJson<BatchResult>(ROUTES.batchEditUndo.path({ batch }));
