import Badge from 'react-bootstrap/Badge';
import { FLAG_REASONS, REPEAT_FLAGGER_MIN, type CommentFlagEntry, type ModerationEntry } from '../../shared/comments';
import { plural } from '../../shared/messages';
import { ROUTES } from '../../shared/routes';
import AppLink from '../lib/AppLink';
import ItemLink from '../lib/ItemLink';
import { useDates } from '../lib/useDates';

/**
 * What the moderation queue says about one comment, for admins only: who flagged it and why (a repeat
 * flagger of approved comments marked), the comments around it on the item, and its author's history.
 */
export default function ModerationDetails({ entry }: { entry: ModerationEntry }) {
  return (
    <div className="mt-2 small">
      {entry.flagged && <Flags entry={entry} />}
      {entry.neighbours.length > 0 && (
        <details className="mt-1">
          <summary>Comments around it on the item</summary>
          <ul className="list-unstyled ms-3 mb-0">
            {entry.neighbours.map((neighbour) => (
              <li key={neighbour.ref} className="mt-1">
                <span className="text-body-secondary">{neighbour.position === 'before' ? 'Before, ' : 'After, '}</span>
                <span className="fw-semibold">{neighbour.commenter ?? 'Former member'}:</span>{' '}
                <span style={{ overflowWrap: 'anywhere' }}>{neighbour.comment}</span>
              </li>
            ))}
          </ul>
        </details>
      )}
      {entry.author && <AuthorHistoryDetails entry={entry} />}
    </div>
  );
}

function Flags({ entry }: { entry: ModerationEntry }) {
  if (entry.flags.length === 0) return <p className="mb-1 text-body-secondary">Flagged without a recorded reason (by an admin, or an older flag).</p>;
  return (
    <div className="mb-1">
      <span className="fw-semibold">{plural(entry.flagCount, 'flag')}:</span>
      <ul className="mb-0 ps-3">
        {entry.flags.map((flag, index) => (
          <FlagLine key={`${flag.flagger_ref ?? index}-${flag.when}`} flag={flag} />
        ))}
      </ul>
    </div>
  );
}

function FlagLine({ flag }: { flag: CommentFlagEntry }) {
  const dates = useDates();
  return (
    <li>
      {flag.flagger_ref ? (
        <AppLink href={ROUTES.user.path({ ref: flag.flagger_ref })} prefetch={false}>
          {flag.flagger}
        </AppLink>
      ) : (
        (flag.flagger ?? 'Former member')
      )}
      {': '}
      {flag.reason ? FLAG_REASONS[flag.reason] : 'no reason given'}
      {flag.note && <span style={{ overflowWrap: 'anywhere' }}> — “{flag.note}”</span>}{' '}
      <time dateTime={flag.when} className="text-body-secondary">
        {dates.day(flag.when)}
      </time>
      {flag.approvedFlags > 0 && (
        <Badge bg={flag.approvedFlags >= REPEAT_FLAGGER_MIN ? 'warning' : 'light'} text="dark" className="ms-1 border">
          {plural(flag.approvedFlags, 'earlier flag')} on approved comments
        </Badge>
      )}
    </li>
  );
}

function AuthorHistoryDetails({ entry }: { entry: ModerationEntry }) {
  const author = entry.author!;
  const dates = useDates();
  return (
    <details className="mt-1">
      <summary>
        The author: {plural(author.commentCount, 'comment')}, {author.removedCount} removed by admins
      </summary>
      {author.recent.length === 0 ? (
        <p className="ms-3 mb-0 text-body-secondary">No other comments.</p>
      ) : (
        <ul className="list-unstyled ms-3 mb-0">
          {author.recent.map((recent) => (
            <li key={recent.ref} className="mt-1">
              <time dateTime={recent.when} className="text-body-secondary">
                {dates.day(recent.when)}
              </time>{' '}
              on <ItemLink itemRef={recent.item_ref}>{recent.item_title}</ItemLink>
              {recent.flagged && <span className="text-body-secondary"> (flagged)</span>}: <span style={{ overflowWrap: 'anywhere' }}>{recent.comment}</span>
            </li>
          ))}
        </ul>
      )}
    </details>
  );
}
