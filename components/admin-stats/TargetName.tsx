import AppLink from '../lib/AppLink';
import type { StatsTarget } from '../../shared/stats';

/**
 * An item page or content file a stats row counts: its title linked to it, with the path below; the path
 * alone when the viewer may not open it; the path with '(deleted)' when it is gone. Item links never prefetch (a hover
 * must not fetch an item page: decisions "Items"); a content path opens the file, so it is a plain link.
 */
export default function TargetName({ target }: { target: StatsTarget }) {
  if (target.deleted) return <span className="text-break">{target.path} (deleted)</span>;
  if (target.title === null) return <span className="text-break">{target.path}</span>;
  const isItem = target.path.startsWith('/i/');
  return (
    <span className="text-break">
      {isItem ? (
        <AppLink href={target.path} prefetch={false}>
          {target.title}
        </AppLink>
      ) : (
        <a href={target.path}>{target.title}</a>
      )}
      <small className="d-block text-body-secondary">{target.path}</small>
    </span>
  );
}
