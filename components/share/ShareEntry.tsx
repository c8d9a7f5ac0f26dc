import { router } from '@inertiajs/react';
import Badge from 'react-bootstrap/Badge';
import Button from 'react-bootstrap/Button';
import AppLink from '../lib/AppLink';
import Icon from '../lib/Icon';
import { useDates } from '../lib/useDates';
import { LEVEL_SHORT_NAMES, type AccessLevel } from '../../shared/levels';
import { ROUTES } from '../../shared/routes';
import { LOCKED_SHARE_TITLES, SHARE_REMOVAL_TEXTS, type RemovedShare, type Share } from '../../shared/sharing';

export type ShareParty = 'to' | 'from' | 'both';

/** After a grant is removed: what else the page should ask for again (the access panel's own list). */
export interface RemoveOptions {
  only?: string[];
}

/**
 * One grant of a share list: what it shares (a locked placeholder when the viewer may not open it now), to or from
 * whom, when, at what level and until when; and Remove access when the server says the viewer may take it back.
 */
export default function ShareEntry({ share, party, reloadAfterRemove }: { share: Share; party: ShareParty; reloadAfterRemove?: RemoveOptions }) {
  const dates = useDates();
  const locked = share.shared_title === null;
  const title = share.shared_title ?? LOCKED_SHARE_TITLES[share.shared_type];
  const parties = [party !== 'from' && `To ${share.to_user}`, party !== 'to' && `From ${share.from_user}`].filter(Boolean).join(' · ');
  const remove = () => {
    if (!window.confirm(SHARE_REMOVAL_TEXTS.confirm(share.to_user, locked ? 'this' : `“${title}”`))) return;
    router.delete(ROUTES.share.path({ ref: share.ref }), {
      preserveScroll: true,
      onSuccess: () => {
        if (reloadAfterRemove?.only) router.reload({ only: reloadAfterRemove.only });
      },
    });
  };
  return (
    <li className="list-group-item d-flex flex-wrap gap-3 align-items-center" aria-label={title}>
      {share.shared_image ? (
        <img src={share.shared_image} alt="" width={64} height={48} className="rounded object-fit-cover flex-shrink-0" />
      ) : (
        <Icon name={locked ? 'bi-lock' : 'bi-file-earmark'} className="fs-3 text-body-secondary flex-shrink-0" style={{ width: 64 }} />
      )}
      <div className="flex-grow-1 min-w-0 text-break">
        {share.valid && share.shared_url_path ? (
          <AppLink href={share.shared_url_path}>{title}</AppLink>
        ) : (
          <span className={locked ? 'text-body-secondary' : undefined}>{title}</span>
        )}
        <div className="small text-body-secondary">
          {parties} · {dates.shortDay(share.date)} · Level {share.level} ({LEVEL_SHORT_NAMES[share.level as AccessLevel]}) ·{' '}
          {share.expires_at ? `${share.valid ? 'until' : 'ended'} ${dates.shortDay(share.expires_at)}` : 'forever'}
        </div>
      </div>
      {!share.valid && <Badge bg="secondary">Expired</Badge>}
      {share.expiring_soon && (
        <Badge bg="warning" text="dark">
          Expiring soon
        </Badge>
      )}
      {share.can_remove && (
        <Button size="sm" variant="outline-danger" onClick={remove} aria-label={SHARE_REMOVAL_TEXTS.removeLabel(share.to_user)}>
          <Icon name="bi-x" className="me-1" />
          {SHARE_REMOVAL_TEXTS.remove}
        </Button>
      )}
    </li>
  );
}

/** Grants taken back lately, with who removed each and when. */
export function RemovedShareList({ removed, party, headingLevel = 2 }: { removed: RemovedShare[]; party: ShareParty; headingLevel?: 2 | 3 }) {
  const dates = useDates();
  if (removed.length === 0) return null;
  const Heading = headingLevel === 2 ? 'h2' : 'h3';
  return (
    <section aria-label={SHARE_REMOVAL_TEXTS.removedHeading} className="mb-3">
      <Heading className={headingLevel === 2 ? 'h5 mt-4' : 'h6 mt-3'}>{SHARE_REMOVAL_TEXTS.removedHeading}</Heading>
      <ul className="list-group">
        {removed.map((entry) => {
          const title = entry.shared_title ?? LOCKED_SHARE_TITLES[entry.shared_type];
          const parties = [party !== 'from' && `To ${entry.to_user}`, party !== 'to' && `From ${entry.from_user}`].filter(Boolean).join(' · ');
          return (
            <li key={entry.ref} className="list-group-item text-break" aria-label={title}>
              <span className={entry.shared_title === null ? 'text-body-secondary' : undefined}>{title}</span>
              <div className="small text-body-secondary">
                {parties} · Level {entry.level} · shared {dates.shortDay(entry.date)} · {SHARE_REMOVAL_TEXTS.removedBy(entry.removed_by)}{' '}
                {dates.shortDay(entry.removed_at)}
              </div>
            </li>
          );
        })}
      </ul>
    </section>
  );
}
