import type { FastifyPluginAsync } from 'fastify';
import { isSignedIn } from '../../access/policy';
import { navigationHistory } from './queries';

export const navigationRoutes: FastifyPluginAsync = async (app) => {
  /** JSON for the sidebar's Recent, Frequent and Collections groups (member-library §3, §7). */
  app.get('/user/item_history_for_navigation', async (request, reply) => {
    const viewer = request.viewer;
    if (!isSignedIn(viewer)) return reply.code(401).send({ message: 'Sign in to see your history.' });
    reply.header('Cache-Control', 'private, no-store');
    return navigationHistory(app.db, viewer);
  });
};
