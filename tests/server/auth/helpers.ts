import type { FastifyInstance } from 'fastify';
import type { CookieJar } from '../../support/app';
import { visit } from '../../support/http';

/** An Inertia visit with the current asset version, as the client makes it. */
export const inertiaVisit = (app: FastifyInstance, url: string, jar?: CookieJar) => visit(app, url, jar);

/** The flash notifications the next page shows this browser. */
export async function flashMessages(app: FastifyInstance, jar: CookieJar): Promise<string[]> {
  const { page } = await visit(app, '/', jar);
  return (page?.flash?.notifications ?? []).map((n: { message: string }) => n.message);
}
