import { Link } from '@inertiajs/react';
import { STATS_LINKS, type StatsRange } from '../../shared/stats';
import { withRange } from './range-query';

/** The links of /admin/stats, each keeping the date range; the download is a plain browser link. */
export default function StatsLinks({ range, current }: { range: StatsRange; current: string }) {
  return (
    <nav aria-label="Stats" className="list-group mb-4">
      {STATS_LINKS.map((link) =>
        link.download ? (
          <a key={link.href} href={withRange(link.href, range)} className="list-group-item list-group-item-action" download>
            {link.label}
          </a>
        ) : (
          <Link
            key={link.href}
            href={withRange(link.href, range)}
            className={`list-group-item list-group-item-action${link.href === current ? ' active' : ''}`}
            aria-current={link.href === current ? 'page' : undefined}
          >
            {link.label}
          </Link>
        ),
      )}
    </nav>
  );
}
