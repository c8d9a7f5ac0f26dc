/** GET /user/search (member-library §7): users by name or e-mail for pickers such as the maintainer's. */
import type { FastifyInstance } from 'fastify';
import { asc, ilike, or } from 'drizzle-orm';
import { z } from 'zod';
import type { UserSearchResult } from '../../../shared/items';
import { canSearchUsers, isSignedIn } from '../../access/policy';
import type { Database } from '../../db/client';
import { users } from '../../db/schema';

export const USER_SEARCH_LIMIT = 10;
const USER_SEARCH_RATE_LIMIT = { max: 60, timeWindow: '1 minute' };

export const USER_SEARCH_MESSAGES = {
  signIn: 'Sign in to search users.',
  forbidden: 'You may not search users.',
  query: 'Enter 1 to 100 characters to search for.',
} as const;

const searchQuery = z.object({ query: z.string().trim().min(1).max(100) });

/** LIKE treats % and _ as wildcards and \ as the escape; a search for them must match them literally. */
export function escapeLikePattern(text: string): string {
  return text.replace(/[\\%_]/g, (character) => `\\${character}`);
}

export function nameAndContactForDisplay(user: { name: string; email: string | null }): string {
  return user.email ? `${user.name} <${user.email}>` : user.name;
}

export async function searchUsers(db: Database, query: string): Promise<UserSearchResult[]> {
  const pattern = `%${escapeLikePattern(query)}%`;
  const rows = await db
    .select({ ref: users.ref, name: users.name, email: users.email })
    .from(users)
    .where(or(ilike(users.name, pattern), ilike(users.email, pattern)))
    .orderBy(asc(users.name), asc(users.id))
    .limit(USER_SEARCH_LIMIT);
  return rows.map((user) => ({ ref: user.ref, nameAndContactForDisplay: nameAndContactForDisplay(user) }));
}

export async function userSearchRoutes(app: FastifyInstance): Promise<void> {
  app.get('/user/search', { config: { rateLimit: USER_SEARCH_RATE_LIMIT } }, async (request, reply) => {
    reply.header('Cache-Control', 'private, no-store');
    const viewer = request.viewer;
    if (!isSignedIn(viewer)) return reply.code(401).send({ message: USER_SEARCH_MESSAGES.signIn });
    if (!canSearchUsers(viewer)) return reply.code(403).send({ message: USER_SEARCH_MESSAGES.forbidden });
    const parsed = searchQuery.safeParse(request.query);
    if (!parsed.success) return reply.code(422).send({ errors: { query: USER_SEARCH_MESSAGES.query } });
    return searchUsers(app.db, parsed.data.query);
  });
}
