import type { RequestPayload } from '@inertiajs/core';
import { patchKeepingScroll, postKeepingScroll } from '../lib/visits';
import type { InlineValue } from './inline-values';

/** Told how a save ended: saved, or refused with field errors (which the page's props.errors now hold). */
export interface SaveCallbacks {
  onSuccess: () => void;
  onError: () => void;
  onFinish: () => void;
}

/** Sends a field's new value; the default sends a PATCH of `{[field]: value}` to the current page URL. */
export type SaveFunction = (value: InlineValue, callbacks: SaveCallbacks) => void;

export function patchField(url: string, field: string): SaveFunction {
  return (value, callbacks) => patchKeepingScroll(url, { [field]: value } as RequestPayload, callbacks);
}

export function postPayload(url: string, payloadFor: (value: InlineValue) => RequestPayload): SaveFunction {
  return (value, callbacks) => postKeepingScroll(url, payloadFor(value), callbacks);
}
