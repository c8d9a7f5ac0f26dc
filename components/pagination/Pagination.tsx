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
 * The links of a paginated list: shown only when there are more than 3 of them; a link without a
 * url is disabled; each one is a GET visit that keeps the scroll position.
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

const NAMED_ENTITIES: Record<string, string> = { amp: '&', lt: '<', gt: '>', quot: '"', apos: "'", nbsp: '\u00a0', laquo: '«', raquo: '»', hellip: '…' };

/**
 * The label's text: tags dropped, entities decoded. The same pure function on the server and in the browser (a
 * DOMParser exists only in the browser, and a label decoded on one side only would not hydrate).
 */
export function plainText(label: string): string {
  return label.replace(/<[^>]*>/g, '').replace(/&(#x[0-9a-f]+|#\d+|[a-z]+);/gi, (entity, name: string) => {
    if (name[0] === '#') {
      const code = name[1] === 'x' || name[1] === 'X' ? parseInt(name.slice(2), 16) : parseInt(name.slice(1), 10);
      return code > 0 && code <= 0x10ffff ? String.fromCodePoint(code) : entity;
    }
    return NAMED_ENTITIES[name.toLowerCase()] ?? entity;
  });
}
