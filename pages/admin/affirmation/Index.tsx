import { useState } from 'react';
import { Head } from '@inertiajs/react';
import Notice from '../../../components/lib/Notice';
import { AFFIRMATIONS_TITLE, CREATE_NEW } from '../../../shared/admin';
import { EMPTY_STATES } from '../../../shared/messages';
import type { PageProps } from '../../../shared/pages';
import AffirmationCard from '../../../components/admin/AffirmationCard';
import NewAffirmationModal from '../../../components/admin/NewAffirmationModal';
import PageHeader from '../../../components/layout/PageHeader';
import Pagination from '../../../components/pagination/Pagination';
import PastLastPageNotice from '../../../components/pagination/PastLastPageNotice';
import ReorderableList from '../../../components/lib/ReorderableList';
import { ROUTES } from '../../../shared/routes';

/** /admin/affirmation: pagination above and below a grid of cards (re-ordered by drag or Move up / down), and Create New. */
export default function AdminAffirmationIndex({ affirmations, order, can }: PageProps<'admin/affirmation/Index'>) {
  const [creating, setCreating] = useState(false);
  return (
    <>
      <Head title={AFFIRMATIONS_TITLE} />
      <PageHeader title={AFFIRMATIONS_TITLE} action={can.create ? { label: CREATE_NEW, icon: 'bi-plus-lg', onClick: () => setCreating(true) } : undefined} />
      {affirmations.pastLastPage ? (
        <PastLastPageNotice pastLastPage={affirmations.pastLastPage} />
      ) : affirmations.data.length === 0 ? (
        <Notice variant="warning">{EMPTY_STATES.affirmations}</Notice>
      ) : (
        <>
          <Pagination links={affirmations.links} label="Affirmation pages (top)" className="mb-3" />
          <ReorderableList
            rows={affirmations.data}
            place={order}
            refOf={(affirmation) => affirmation.ref}
            nameOf={(affirmation) => affirmation.title}
            repositionUrl={(ref) => ROUTES.adminAffirmationReposition.path({ ref })}
            label={AFFIRMATIONS_TITLE}
            as="div"
            className="row row-cols-1 row-cols-sm-2 row-cols-lg-3 g-3 mb-3"
            itemClassName="col"
            renderRow={(affirmation, tools) => <AffirmationCard affirmation={affirmation} tools={tools} />}
          />
          <Pagination links={affirmations.links} label="Affirmation pages (bottom)" />
        </>
      )}
      {can.create && <NewAffirmationModal show={creating} onHide={() => setCreating(false)} />}
    </>
  );
}
