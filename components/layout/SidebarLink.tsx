import { usePage } from '@inertiajs/react';
import AppLink from '../lib/AppLink';
import Icon from '../lib/Icon';

interface SidebarLinkProps {
  label: string;
  href: string;
  icon: string;
}

/** One sidebar entry; marked as the current page when the URL's path is its target. */
export default function SidebarLink({ label, href, icon }: SidebarLinkProps) {
  const current = pathOf(usePage().url) === href;
  return (
    <li className="nav-item">
      <AppLink
        href={href}
        className={`nav-link d-flex align-items-center gap-2 ${current ? 'active' : 'link-body-emphasis'}`}
        aria-current={current ? 'page' : undefined}
        title={label}
      >
        <Icon name={icon} />
        <span className="text-truncate min-w-0">{label}</span>
      </AppLink>
    </li>
  );
}

function pathOf(url: string): string {
  return new URL(url, 'http://equip.invalid').pathname;
}
