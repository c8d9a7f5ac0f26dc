import type { FastifyReply, FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { isSignedIn } from '../../access/policy';
import { signedInViewer } from '../../access/guards';
import { navigationHistory } from './queries';

/** Route option: the history is a JSON API, so anonymous visitors get its own 401, not the sign-in page's 403. */
async function signedInOr401(request: FastifyRequest, reply: FastifyReply): Promise<FastifyReply | undefined> {
  if (isSignedIn(request.viewer)) return undefined;
  return reply.code(401).send({ message: 'Sign in to see your history.' });
}

export const navigationRoutes: FastifyPluginAsyncZod = async (app) => {
  /** JSON for the sidebar's Recent, Frequent and Collections groups (member-library §3, §7). */
  app.get('/user/item_history_for_navigation', { preValidation: signedInOr401 }, async (request) => navigationHistory(app.db, signedInViewer(request)));
};
