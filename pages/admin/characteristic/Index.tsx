import { useState } from 'react';
import { Head } from '@inertiajs/react';
import Notice from '../../../components/lib/Notice';
import { CHARACTERISTICS_TITLE, CREATE_NEW } from '../../../shared/admin';
import { EMPTY_STATES } from '../../../shared/messages';
import type { PageProps } from '../../../shared/pages';
import CharacteristicCard from '../../../components/admin/CharacteristicCard';
import NewCharacteristicModal from '../../../components/admin/NewCharacteristicModal';
import PageHeader from '../../../components/layout/PageHeader';
import Pagination from '../../../components/pagination/Pagination';
import PastLastPageNotice from '../../../components/pagination/PastLastPageNotice';
import ReorderableList from '../../../components/lib/ReorderableList';
import { ROUTES } from '../../../shared/routes';

/** /admin/characteristic (and /admin/characteristics): every characteristic as a card, paged, re-ordered by drag or Move up / down, and Create New. */
export default function AdminCharacteristicIndex({ characteristics, order, formats, can }: PageProps<'admin/characteristic/Index'>) {
  const [creating, setCreating] = useState(false);
  return (
    <>
      <Head title={CHARACTERISTICS_TITLE} />
      <PageHeader title={CHARACTERISTICS_TITLE} action={can.create ? { label: CREATE_NEW, icon: 'bi-plus-lg', onClick: () => setCreating(true) } : undefined} />
      {characteristics.pastLastPage ? (
        <PastLastPageNotice pastLastPage={characteristics.pastLastPage} />
      ) : characteristics.data.length === 0 ? (
        <Notice variant="warning">{EMPTY_STATES.characteristics}</Notice>
      ) : (
        <>
          <ReorderableList
            rows={characteristics.data}
            place={order}
            refOf={(characteristic) => characteristic.ref}
            nameOf={(characteristic) => characteristic.title}
            repositionUrl={(ref) => ROUTES.adminCharacteristicReposition.path({ ref })}
            label={CHARACTERISTICS_TITLE}
            as="div"
            className="row row-cols-1 row-cols-sm-2 row-cols-lg-3 g-3 mb-3"
            itemClassName="col"
            renderRow={(characteristic, tools) => <CharacteristicCard characteristic={characteristic} formats={formats} tools={tools} />}
          />
          <Pagination links={characteristics.links} label="Characteristic pages" />
        </>
      )}
      {can.create && <NewCharacteristicModal show={creating} onHide={() => setCreating(false)} formats={formats} />}
    </>
  );
}
