/**
 * A page reached by a shared link (`?share={ref}` on an item, content or collection page). The route guards that
 * answer an expired link with the 410 page (sharing's `checkSharedItemLink` and `checkSharedContentLink`, the
 * collection page's own) read the link here, as `preValidation` in the page route's options: before the page's own
 * schema replaces its query with what it declares, which need not name `share`.
 */
import type { FastifyRequest } from 'fastify';
import { SHARE_QUERY_PARAM } from '../../shared/sharing';

/** The `?share=` ref of a page read (GET or HEAD), or null. */
export function sharedLinkRef(request: FastifyRequest): string | null {
  if (request.method !== 'GET' && request.method !== 'HEAD') return null;
  const shareRef = (request.query as Record<string, unknown> | undefined)?.[SHARE_QUERY_PARAM];
  return typeof shareRef === 'string' ? shareRef : null;
}

/** The page's `:ref`, as it came (not yet checked by the route's schema). */
export const pageRef = (request: FastifyRequest) => (request.params as { ref?: string }).ref ?? '';
