import { Head } from '@inertiajs/react';
import Notice from '../../components/lib/Notice';
import Badge from 'react-bootstrap/Badge';
import { ADMIN_DASHBOARD_TITLE, ADMIN_DASHBOARD_WARNING, SUPERADMIN_ONLY, type AdminDashboardButton } from '../../shared/admin';
import { ACTIVITY_URL, HISTORY_TEXTS } from '../../shared/history';
import { LIBRARY_HEALTH_TEXTS, LIBRARY_HEALTH_URL } from '../../shared/library-health';
import { TRASH_TEXTS } from '../../shared/trash';
import { TRASH_URL } from '../../shared/navigation';
import type { PageProps } from '../../shared/pages';
import PageHeader from '../../components/layout/PageHeader';
import AppLink from '../../components/lib/AppLink';
import Icon from '../../components/lib/Icon';

const BUTTON_CLASS = 'btn btn-lg btn-outline-primary w-100 h-100 d-flex flex-column align-items-center justify-content-center gap-1 py-4';

function ButtonContent({ button }: { button: AdminDashboardButton }) {
  return (
    <>
      <Icon name={button.icon} className="fs-2" />
      <span>{button.label}</span>
      {button.superadminOnly && (
        <Badge bg="danger" className="fw-normal">
          {SUPERADMIN_ONLY}
        </Badge>
      )}
    </>
  );
}

/** A big button: an Inertia link, or a plain browser navigation (Server Logs). */
function DashboardButton({ button }: { button: AdminDashboardButton }) {
  if (button.browser) {
    return (
      <a href={button.href} className={BUTTON_CLASS}>
        <ButtonContent button={button} />
      </a>
    );
  }
  return (
    <AppLink href={button.href} className={BUTTON_CLASS}>
      <ButtonContent button={button} />
    </AppLink>
  );
}

/** /admin, Admin Dashboard: a warning and big buttons into the admin area. */
export default function AdminDashboard({ buttons }: PageProps<'admin/Dashboard'>) {
  return (
    <>
      <Head title={ADMIN_DASHBOARD_TITLE} />
      <PageHeader title={ADMIN_DASHBOARD_TITLE} />
      <Notice variant="warning">{ADMIN_DASHBOARD_WARNING}</Notice>
      <nav aria-label={ADMIN_DASHBOARD_TITLE}>
        <ul className="row row-cols-1 row-cols-sm-2 row-cols-lg-4 g-3 list-unstyled">
          {buttons.map((button) => (
            <li className="col" key={button.href}>
              <DashboardButton button={button} />
            </li>
          ))}
        </ul>
      </nav>
      {/* Beyond the eight big buttons: the activity feed, for the same admins. */}
      <p className="mt-4">
        <AppLink href={ACTIVITY_URL}>
          <Icon name="bi-clock-history" className="me-1" />
          {HISTORY_TEXTS.activityTitle}
        </AppLink>
        : every change to the library, who made it and when.
      </p>
      {/* Beyond the eight big buttons: the library's problems, turned into tasks. */}
      <p>
        <AppLink href={LIBRARY_HEALTH_URL}>
          <Icon name="bi-heart-pulse" className="me-1" />
          {LIBRARY_HEALTH_TEXTS.title}
        </AppLink>
        : problems in the library, each one a task for the item’s maintainer.
      </p>
      {/* Beyond the eight big buttons: what was deleted, for the same admins. */}
      <p>
        <AppLink href={TRASH_URL}>
          <Icon name="bi-trash" className="me-1" />
          {TRASH_TEXTS.title}
        </AppLink>
        : {TRASH_TEXTS.dashboardNote}
      </p>
    </>
  );
}
