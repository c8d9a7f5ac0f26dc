import BootstrapPagination from 'react-bootstrap/Pagination';
import { Link } from '@inertiajs/react';
import { PAGINATION_MIN_LINKS } from '../../shared/constants';
import type { PaginationLink } from '../../shared/pagination';

interface PaginationProps {
  links: PaginationLink[];
  /** Names the nav for screen readers, e.g. 'Tasks pages'. */
  label?: string;
  className?: string;
}

/**
 * The links of a paginated list (admin-curation §3): shown only when there are more than 3 of them; a link without a
 * url is disabled; each one is a GET visit that keeps the scroll position (admin-curation §7).
 */
export default function Pagination({ links, label = 'Pages', className }: PaginationProps) {
  if (links.length < PAGINATION_MIN_LINKS) return null;
  return (
    <nav aria-label={label} className={className}>
      <BootstrapPagination className="flex-wrap mb-0">
        {links.map((link, index) => (
          <PageLink key={`${index}-${link.label}`} link={link} />
        ))}
      </BootstrapPagination>
    </nav>
  );
}

function PageLink({ link }: { link: PaginationLink }) {
  const text = plainText(link.label);
  if (!link.url) {
    return (
      <li className="page-item disabled">
        <span className="page-link" aria-disabled="true">
          {text}
        </span>
      </li>
    );
  }
  return (
    <li className={link.active ? 'page-item active' : 'page-item'}>
      <Link href={link.url} preserveScroll className="page-link" aria-current={link.active ? 'page' : undefined}>
        {text}
      </Link>
    </li>
  );
}

/** The label's text: entities decoded, tags dropped; parsing into a detached document never runs or injects markup. */
export function plainText(label: string): string {
  if (typeof DOMParser === 'undefined') return label.replace(/<[^>]*>/g, '');
  return new DOMParser().parseFromString(label, 'text/html').body.textContent ?? '';
}
