import { useEffect, useState } from 'react';
import { Head, router, usePage } from '@inertiajs/react';
import Badge from 'react-bootstrap/Badge';
import { COLLECTION_EDIT_MODE_FLASH, COLLECTION_TEXTS, DELETE_COLLECTION_CONFIRM } from '../../shared/collections';
import type { PageProps } from '../../shared/pages';
import RecordActions from '../../components/lib/RecordActions';
import CollectionSections from '../../components/collections/CollectionSections';
import PageHeader from '../../components/layout/PageHeader';
import { announceNavigationHistoryChange } from '../../components/layout/navigation-history';
import CollectionShareNotice from '../../components/share/CollectionShareNotice';
import ShareButton from '../../components/share/ShareButton';
import FollowButton from '../../components/follows/FollowButton';
import SaveForOffline from '../../components/offline/SaveForOffline';
import { ROUTES } from '../../shared/routes';
import { onDemand } from '../../components/lib/on-demand';

// For its owner and admins, whose pages the server never renders.
const GrantsPanel = onDemand(() => import('../../components/share/GrantsPanel'));

// Edit mode only, which is the owner's: a visitor's first page leaves the editors out.
const CollectionDetailsEditor = onDemand(() => import('../../components/collections/CollectionDetailsEditor'));

/**
 * A collection: title, description and public flag edited in place, the
 * owner's name, the entries by section, and Edit, Delete and Share. A flash value (`flash.editMode`) opens it in edit mode.
 */
export default function CollectionShow({ collection, sections, can, sharingExplanation, follow, grants, auth }: PageProps<'collection/Show'>) {
  const { flash } = usePage();
  // Edit mode belongs to the collection it was switched on for, and stays on across saves (they preserve state).
  const [editingRef, setEditingRef] = useState<string | null>(() => (flash[COLLECTION_EDIT_MODE_FLASH] === true ? collection.ref : null));
  const editing = can.update && editingRef === collection.ref;
  const url = ROUTES.collection.path({ ref: collection.ref });
  // The owner's sidebar lists this collection by title: a new one (created lands here) or a new title shows at once.
  useEffect(() => {
    if (can.update) announceNavigationHistoryChange();
  }, [can.update, collection.ref, collection.title]);

  const remove = () => {
    if (window.confirm(DELETE_COLLECTION_CONFIRM)) router.delete(url);
  };

  return (
    <>
      <Head title={collection.title} />
      <PageHeader
        title={collection.title}
        meta={
          <div className="d-flex flex-wrap align-items-center gap-2 text-body-secondary">
            <span>
              {COLLECTION_TEXTS.owner}: {collection.ownerDisplayName}
            </span>
            {collection.public && <Badge bg="success">{COLLECTION_TEXTS.public}</Badge>}
            <FollowButton offer={follow} />
            <SaveForOffline collectionRef={collection.ref} />
          </div>
        }
        tools={
          <RecordActions
            label="Collection actions"
            can={can}
            editing={editing}
            onToggleEditing={() => setEditingRef(editing ? null : collection.ref)}
            onDelete={remove}
          />
        }
        share={
          <ShareButton
            path={url}
            title={collection.title}
            canGrant={can.share}
            maxLevel={can.shareToLevel}
            explanation={sharingExplanation}
            notice={<CollectionShareNotice url={url} public={collection.public} owner={can.update} canGrant={can.share} />}
          />
        }
      />
      {editing ? (
        <CollectionDetailsEditor collection={collection} url={url} />
      ) : (
        collection.description && (
          <p className="mb-4" style={{ whiteSpace: 'pre-wrap' }}>
            {collection.description}
          </p>
        )
      )}
      {(can.update || auth.admin) && <GrantsPanel grants={grants} />}
      <CollectionSections collectionRef={collection.ref} sections={sections} editing={editing} />
    </>
  );
}
