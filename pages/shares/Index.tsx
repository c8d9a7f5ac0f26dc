import { Head } from '@inertiajs/react';
import Pagination from '../../components/pagination/Pagination';
import PastLastPageNotice from '../../components/pagination/PastLastPageNotice';
import ShareEntry, { RemovedShareList } from '../../components/share/ShareEntry';
import type { PageProps } from '../../shared/pages';

/**
 * /share (Shared With Me) and /sent (Shared By Me): the shares made to or by the viewer, newest first; on Shared By
 * Me, Remove access on each and the grants removed lately.
 */
export default function SharesIndex({ direction, heading, shares, removed, emptyText }: PageProps<'shares/Index'>) {
  const party = direction === 'sent' ? 'to' : 'from';
  return (
    <>
      <Head title={heading} />
      <h1 className="mb-3">{heading}</h1>
      {shares.pastLastPage ? (
        <PastLastPageNotice pastLastPage={shares.pastLastPage} />
      ) : shares.data.length === 0 ? (
        <p className="text-body-secondary">{emptyText}</p>
      ) : (
        <ul className="list-group mb-3" aria-label={heading}>
          {shares.data.map((share) => (
            <ShareEntry key={share.ref} share={share} party={party} />
          ))}
        </ul>
      )}
      <Pagination links={shares.links} label={`${heading} pages`} />
      <RemovedShareList removed={removed} party={party} />
    </>
  );
}
