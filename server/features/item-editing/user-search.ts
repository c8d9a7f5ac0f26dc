/** GET /user/search: users by name or e-mail for pickers such as the maintainer's. */
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { and, asc, ilike, isNotNull, or } from 'drizzle-orm';
import type { UserSearchResult } from '../../../shared/items';
import { USER_SEARCH_URL } from '../../../shared/users';
import { allowedForJson } from '../../access/guards';
import { canSearchUsers } from '../../access/policy';
import type { Database } from '../../db/client';
import { escapeLikePattern } from '../../db/like';
import { users } from '../../db/schema';
import { userSearchQuery } from './schemas';
import { perMinute } from '../../web/rate-limit';
import { verifiedEmail } from '../../auth/verification';

export const USER_SEARCH_LIMIT = 10;

export const USER_SEARCH_MESSAGES = {
  signIn: 'Sign in to search users.',
  forbidden: 'You may not search users.',
  query: 'Enter 1 to 100 characters to search for.',
} as const;

/**
 * 'Name <address>' with the verified address, else the name alone. Angle brackets are dropped from the name, so the
 * part in them is only ever an address its account has proven: a name chosen at a provider cannot pose as one.
 */
export function nameAndContactForDisplay(user: { name: string; verifiedEmail: string | null }): string {
  const name = user.name.replace(/[<>]/g, '');
  return user.verifiedEmail ? `${name} <${user.verifiedEmail}>` : name;
}

/**
 * Users by name, or by an address they have verified. An unverified address is only a claim (several accounts may
 * type the same one), so it neither matches nor is shown: nobody can pose as its owner or learn who typed it.
 */
export async function searchUsers(db: Database, query: string): Promise<UserSearchResult[]> {
  const pattern = `%${escapeLikePattern(query)}%`;
  const rows = await db
    .select({ ref: users.ref, name: users.name, verifiedEmail })
    .from(users)
    .where(or(ilike(users.name, pattern), and(isNotNull(users.emailVerifiedAt), ilike(users.email, pattern))))
    .orderBy(asc(users.name), asc(users.id))
    .limit(USER_SEARCH_LIMIT);
  return rows.map((user) => ({ ref: user.ref, nameAndContactForDisplay: nameAndContactForDisplay(user) }));
}

/** A JSON endpoint: 401 for anonymous visitors, 403 for those the policy refuses, each with its message. */
const maySearchUsers = allowedForJson(canSearchUsers, { signIn: USER_SEARCH_MESSAGES.signIn, forbidden: USER_SEARCH_MESSAGES.forbidden });

export const userSearchRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    USER_SEARCH_URL,
    { config: { rateLimit: perMinute(app.config.RATE_LIMIT_USER_SEARCH_MAX) }, preValidation: maySearchUsers, schema: { querystring: userSearchQuery } },
    async (request, reply) => {
      const { query } = request.query;
      if (query === null) return reply.code(422).send({ errors: { query: USER_SEARCH_MESSAGES.query } });
      return searchUsers(app.db, query);
    },
  );
};
