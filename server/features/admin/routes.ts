/** The Admin Dashboard /admin (admin-curation §2): big buttons into the admin area, for admins and superadmins. */
import type { FastifyInstance } from 'fastify';
import { ADMIN_DASHBOARD_BUTTONS, ADMIN_DASHBOARD_TITLE, ADMIN_LABEL, ADMIN_URL } from '../../../shared/admin';
import { canOpenAdminDashboard, canSeeSuperadminTools } from '../../access/policy';
import { requirePolicy } from './access';

export async function adminDashboardRoutes(app: FastifyInstance): Promise<void> {
  app.get(ADMIN_URL, async (request, reply) => {
    const viewer = request.viewer;
    requirePolicy(viewer, canOpenAdminDashboard);
    // Admins do not see the superadmin buttons at all (docs/decisions.md "Admin dashboard, characteristics and affirmations").
    const superadmin = canSeeSuperadminTools(viewer);
    reply.header('Cache-Control', 'private, no-store');
    return reply.inertia('admin/Dashboard', {
      buttons: ADMIN_DASHBOARD_BUTTONS.filter((button) => superadmin || !button.superadminOnly),
      title: ADMIN_DASHBOARD_TITLE,
      breadcrumbs: [{ label: ADMIN_LABEL, href: ADMIN_URL }],
    });
  });
}
