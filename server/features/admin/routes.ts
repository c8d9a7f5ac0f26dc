/**
 * The Admin Dashboard /admin: big buttons into the admin area, for admins and superadmins (the
 * admin area's guard, server/app.ts).
 */
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { ADMIN_DASHBOARD_BUTTONS, ADMIN_DASHBOARD_TITLE, ADMIN_LABEL, ADMIN_URL } from '../../../shared/admin';

export const adminDashboardRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(ADMIN_URL, async (_request, reply) =>
    // Every admin sees all eight buttons; the superadmin ones are labelled, and their routes refuse plain admins.
    reply.inertia('admin/Dashboard', {
      buttons: [...ADMIN_DASHBOARD_BUTTONS],
      title: ADMIN_DASHBOARD_TITLE,
      breadcrumbs: [{ label: ADMIN_LABEL, href: ADMIN_URL }],
    }),
  );
};
