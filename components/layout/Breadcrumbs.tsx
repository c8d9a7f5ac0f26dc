import { usePage } from '@inertiajs/react';
import type { Breadcrumb } from '../../shared/props';
import AppLink from '../lib/AppLink';

/** The trail to the current page, always starting at the product's root. */
export function breadcrumbTrail(appName: string, crumbs: Breadcrumb[]): Breadcrumb[] {
  const root: Breadcrumb = { label: appName, href: '/' };
  return crumbs[0]?.href === '/' ? crumbs : [root, ...crumbs];
}

/** Rendered only for pages that supply breadcrumbs; the last crumb is the current page. */
export default function Breadcrumbs() {
  const { appName, breadcrumbs } = usePage().props;
  if (!breadcrumbs || breadcrumbs.length === 0) return null;
  const trail = breadcrumbTrail(appName, breadcrumbs);
  return (
    <nav aria-label="Breadcrumb">
      <ol className="breadcrumb">
        {trail.map((crumb, index) => {
          const isCurrent = index === trail.length - 1;
          return (
            <li key={`${index}-${crumb.label}`} className={`breadcrumb-item ${isCurrent ? 'active' : ''}`} aria-current={isCurrent ? 'page' : undefined}>
              {crumb.href && !isCurrent ? <AppLink href={crumb.href}>{crumb.label}</AppLink> : crumb.label}
            </li>
          );
        })}
      </ol>
    </nav>
  );
}
