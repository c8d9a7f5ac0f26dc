import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { isSignedIn } from '../../access/policy';
import { allowedForJson, signedInViewer } from '../../access/guards';
import { navigationHistory } from './queries';

/** The history is a JSON API: anonymous visitors get its own 401, not the sign-in page's 403. */
const signedInOr401 = allowedForJson(isSignedIn, { signIn: 'Sign in to see your history.' });

export const navigationRoutes: FastifyPluginAsyncZod = async (app) => {
  /** JSON for the sidebar's Recent, Frequent and Collections groups. */
  app.get('/user/item_history_for_navigation', { preValidation: signedInOr401 }, async (request) => navigationHistory(app.db, signedInViewer(request)));
};
