/** The Admin Dashboard /admin (admin-curation §2): big buttons into the admin area, for admins and superadmins. */
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { ADMIN_DASHBOARD_BUTTONS, ADMIN_DASHBOARD_TITLE, ADMIN_LABEL, ADMIN_URL } from '../../../shared/admin';
import { allowedBy } from '../../access/guards';
import { canOpenAdminDashboard, canSeeSuperadminTools } from '../../access/policy';

export const adminDashboardRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(ADMIN_URL, { preValidation: allowedBy(canOpenAdminDashboard) }, async (request, reply) => {
    // Admins do not see the superadmin buttons at all (docs/decisions.md "Admin dashboard, characteristics and affirmations").
    const superadmin = canSeeSuperadminTools(request.viewer);
    return reply.inertia('admin/Dashboard', {
      buttons: ADMIN_DASHBOARD_BUTTONS.filter((button) => superadmin || !button.superadminOnly),
      title: ADMIN_DASHBOARD_TITLE,
      breadcrumbs: [{ label: ADMIN_LABEL, href: ADMIN_URL }],
    });
  });
};
