/** Which requests count as a person opening a page (item views, opens per user type, searches that found nothing). */
import type { FastifyRequest } from 'fastify';
import { isPrefetch, readVisit } from '../inertia/visit';

/**
 * A person opening the page: a full or Inertia visit. Partial reloads (after an affirmation, say), hover prefetches
 * and HEAD requests are not.
 */
export function isCountedView(request: FastifyRequest, component: string): boolean {
  if (request.method !== 'GET' || isPrefetch(request)) return false;
  return !readVisit(request, component).partial;
}
