import { Link } from '@inertiajs/react';
import Notice from '../lib/Notice';
import { pastLastPageText } from '../../shared/messages';
import type { PastLastPage } from '../../shared/pagination';

/**
 * A page asked for past the end of a list that has rows (the server's `pastLastPage`): says so, with a link to the last
 * page, where the list's empty state ("You have not created any …") would be untrue.
 */
export default function PastLastPageNotice({ pastLastPage }: { pastLastPage: PastLastPage }) {
  return (
    <Notice variant="info">
      {pastLastPageText(pastLastPage.page, pastLastPage.lastPage)}{' '}
      <Link href={pastLastPage.lastPageUrl} className="alert-link">
        Go to page {pastLastPage.lastPage.toLocaleString('en')}
      </Link>
    </Notice>
  );
}
