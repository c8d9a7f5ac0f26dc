import { ERROR_PAGES, type ErrorStatus } from '../../shared/messages';

/** Thrown by routes and policy checks; the error-pages plugin turns it into the error page of its status. */
export class HttpError extends Error {
  constructor(
    readonly statusCode: number,
    readonly detail: string | null = null,
    /** The item a 403 refuses, for its page's "Ask for access" (features/sharing/access-requests.ts); never shown as such. */
    readonly refusedItemId: number | null = null,
  ) {
    super(ERROR_PAGES[statusCode as ErrorStatus]?.title ?? `HTTP ${statusCode}`);
  }
}

export const notFound = (detail: string | null = null) => new HttpError(404, detail);
export const forbidden = (detail: string | null = null, refusedItemId: number | null = null) => new HttpError(403, detail, refusedItemId);
export const gone = (detail: string | null = null) => new HttpError(410, detail);
