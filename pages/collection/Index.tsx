import { useEffect, useState } from 'react';
import { Head } from '@inertiajs/react';
import Notice from '../../components/lib/Notice';
import { COLLECTION_TEXTS, COLLECTIONS_TITLE } from '../../shared/collections';
import { EMPTY_STATES } from '../../shared/messages';
import type { PageProps } from '../../shared/pages';
import CollectionCard from '../../components/collections/CollectionCard';
import NewCollectionModal from '../../components/collections/NewCollectionModal';
import PageHeader from '../../components/layout/PageHeader';
import SavedForOffline from '../../components/offline/SavedForOffline';
import { announceNavigationHistoryChange } from '../../components/layout/navigation-history';

/** /collection, My Collections: the viewer's collections as cards, and Create New. */
export default function CollectionIndex({ collections, can }: PageProps<'collection/Index'>) {
  const [creating, setCreating] = useState(false);
  // The sidebar's Collections group lists these: after a delete (which lands here) it follows at once.
  const titles = collections.map((collection) => `${collection.ref}:${collection.title}`).join('|');
  useEffect(() => announceNavigationHistoryChange(), [titles]);
  return (
    <>
      <Head title={COLLECTIONS_TITLE} />
      <PageHeader
        title={COLLECTIONS_TITLE}
        action={can.create ? { label: COLLECTION_TEXTS.createNew, icon: 'bi-plus-lg', onClick: () => setCreating(true) } : undefined}
      />
      <SavedForOffline />
      {collections.length === 0 ? (
        <Notice variant="warning">{EMPTY_STATES.collections}</Notice>
      ) : (
        <div className="row row-cols-1 row-cols-sm-2 row-cols-lg-3 g-3" role="list" aria-label={COLLECTIONS_TITLE}>
          {collections.map((collection) => (
            <div className="col" role="listitem" key={collection.ref}>
              <CollectionCard collection={collection} />
            </div>
          ))}
        </div>
      )}
      {can.create && <NewCollectionModal show={creating} onHide={() => setCreating(false)} />}
    </>
  );
}
