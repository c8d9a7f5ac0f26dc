import { Head } from '@inertiajs/react';
import Badge from 'react-bootstrap/Badge';
import AppLink from '../../components/lib/AppLink';
import Pagination from '../../components/pagination/Pagination';
import { LEVEL_SHORT_NAMES, type AccessLevel } from '../../shared/levels';
import type { PageProps } from '../../shared/pages';
import { LOCKED_SHARE_TITLES, type Share } from '../../shared/sharing';
import { useDates } from '../../components/lib/useDates';
import Icon from '../../components/lib/Icon';

/** /share (Shared With Me) and /sent (Shared By Me): the shares made to or by the viewer, newest first. */
export default function SharesIndex({ direction, heading, shares, emptyText }: PageProps<'shares/Index'>) {
  return (
    <>
      <Head title={heading} />
      <h1 className="mb-3">{heading}</h1>
      {shares.data.length === 0 ? (
        <p className="text-body-secondary">{emptyText}</p>
      ) : (
        <ul className="list-group mb-3" aria-label={heading}>
          {shares.data.map((share) => (
            <ShareEntry key={share.ref} share={share} direction={direction} />
          ))}
        </ul>
      )}
      <Pagination links={shares.links} label={`${heading} pages`} />
    </>
  );
}

/** A share whose resource the viewer may not open now comes without its title, image and link: a locked placeholder. */
function ShareEntry({ share, direction }: { share: Share; direction: 'received' | 'sent' }) {
  const dates = useDates();
  const otherParty = direction === 'sent' ? `To ${share.to_user}` : `From ${share.from_user}`;
  const locked = share.shared_title === null;
  const title = share.shared_title ?? LOCKED_SHARE_TITLES[share.shared_type];
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
          {otherParty} · {dates.shortDay(share.date)} · Level {share.level} ({LEVEL_SHORT_NAMES[share.level as AccessLevel]}) ·{' '}
          {share.expires_at ? `${share.valid ? 'until' : 'ended'} ${dates.shortDay(share.expires_at)}` : 'forever'}
        </div>
      </div>
      {!share.valid && <Badge bg="secondary">Expired</Badge>}
      {share.expiring_soon && (
        <Badge bg="warning" text="dark">
          Expiring soon
        </Badge>
      )}
    </li>
  );
}
