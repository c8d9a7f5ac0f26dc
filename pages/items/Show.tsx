import { useEffect, useState, type ComponentProps } from 'react';
import { Head, usePage } from '@inertiajs/react';
import type { PageProps } from '../../shared/pages';
import { SIGN_IN_HINT } from '../../shared/messages';
import { sharePrefillFromUrl } from '../../shared/share-prefill';
import CommentsBlock from '../../components/comments/CommentsBlock';
import ContentList from '../../components/content/ContentList';
import DriveFolderLink from '../../components/item/DriveFolderLink';
import ExpiryNotice from '../../components/item/ExpiryNotice';
import ItemAffirmations from '../../components/item/ItemAffirmations';
import ItemCharacteristics from '../../components/item/ItemCharacteristics';
import type { ItemEditMode } from '../../components/item/item-edit-mode';
import ItemFacts from '../../components/item/ItemFacts';
import ItemHeader from '../../components/item/ItemHeader';
import ItemImages from '../../components/item/ItemImages';
import ItemOverview from '../../components/item/ItemOverview';
import ItemTags from '../../components/item/ItemTags';
import LoginPrompt from '../../components/item/LoginPrompt';
import RelatedItems from '../../components/item/RelatedItems';
import ShareButton from '../../components/share/ShareButton';
import { ROUTES } from '../../shared/routes';
import { onDemand } from '../../components/lib/on-demand';
import type * as Sidebars from '../../components/item/ItemSidebars';

// Members' and editors' parts, which a visitor's first page leaves out (components/lib/on-demand.tsx).
const ItemHistoryButton = onDemand(() => import('../../components/history/ItemHistoryButton'));
const ItemDetailsEditor = onDemand(() => import('../../components/item/ItemDetailsEditor'));
const ViewAsControl = onDemand(() => import('../../components/view-as/ViewAsControl'));
const AddToCollectionButton = onDemand(() => import('../../components/collections/AddToCollectionButton'));
const ItemActions = onDemand(() => import('../../components/item/ItemActions'));
// Only the item's editors and admins see these: a visitor's first page does without their code.
const ItemAboutPanel = onDemand<ComponentProps<typeof Sidebars.ItemAboutPanel>>(() =>
  import('../../components/item/ItemSidebars').then((module) => ({ default: module.ItemAboutPanel })),
);
const ItemAdminSidebar = onDemand<ComponentProps<typeof Sidebars.ItemAdminSidebar>>(() =>
  import('../../components/item/ItemSidebars').then((module) => ({ default: module.ItemAdminSidebar })),
);

/**
 * The item page: one section per part, each with its editor in edit mode, in the order docs/decisions/items.md "Item page order" sets: the content list right after the overview.
 */
export default function ItemShow(props: PageProps<'items/Show'>) {
  const {
    item,
    affirmationOptions,
    taxonomies,
    editable,
    accessLevelChoices,
    canRelate,
    contentCan,
    unlinkedFiles,
    can,
    auth,
    errors,
    sharingExplanation,
    grants,
  } = props;
  // Edit mode belongs to the item it was switched on for. Saves reload the props with the page's
  // state preserved (Inertia's default for non-GET visits), so it stays on across them; a visit
  // that lands on another item (Duplicate) starts that one in read mode.
  const [editingRef, setEditingRef] = useState<string | null>(null);
  const editing = can.update && editingRef === item.ref;
  const mode: ItemEditMode = { editing, editable, accessLevelChoices };
  const toggleEditing = () => setEditingRef(editing ? null : item.ref);
  // Access, Ownership and Info are the curators': admins have them in the right sidebar, the
  // item's other editors beside it; members and visitors see neither, and the server sends them none of its figures.
  const aboutPanel = !auth.admin && can.update;
  // An access request's one-click link (`?share_to=&share_level=`) opens the Share dialog filled in, for those who may share.
  const sharePrefill = sharePrefillFromUrl(usePage().url);
  // The toolbar's parts load together, not each after the part that holds it, so its buttons arrive at once.
  const canSeeHistory = props.canSeeHistory;
  useEffect(() => {
    if (!auth.authenticated) return;
    AddToCollectionButton.preload();
    if (canSeeHistory) ItemHistoryButton.preload();
  }, [auth.authenticated, canSeeHistory]);
  return (
    <>
      <Head title={item.title} />
      <ItemHeader
        item={item}
        actions={
          // Loaded on demand, so rendered only for those signed in: a visitor, whose page the server renders, has none.
          auth.authenticated ? (
            <ItemActions
              itemRef={item.ref}
              can={can}
              editing={editing}
              onToggleEditing={toggleEditing}
              addToCollection={<AddToCollectionButton itemRef={item.ref} choices={props.collectionChoices} />}
              history={props.canSeeHistory ? <ItemHistoryButton history={props.history} /> : null}
            />
          ) : null
        }
        share={
          <ShareButton
            path={ROUTES.item.path({ ref: item.ref })}
            title={item.title}
            canGrant={can.share}
            maxLevel={can.shareToLevel}
            explanation={sharingExplanation}
            prefill={sharePrefill}
          />
        }
      />
      <ExpiryNotice item={item} />
      {can.viewAs.length > 0 && <ViewAsControl choices={can.viewAs} />}
      {!auth.authenticated && <LoginPrompt message={SIGN_IN_HINT} />}
      <div className="row g-4">
        <div className={aboutPanel ? 'col-lg-8' : 'col-12'}>
          <ItemImages itemRef={item.ref} title={item.title} images={item.all_images} editing={editing} />
          {editing ? <ItemDetailsEditor item={item} editable={editable.fields} /> : <ItemOverview item={item} />}
          {/* What people came for comes first: the files, right after the title and blurb. */}
          <ContentList
            itemRef={item.ref}
            contents={item.contents}
            moreContentAvailable={item.more_content_available}
            folderId={item.google_drive_folder_id}
            editing={editing}
            contentCan={contentCan}
            viewer={{ authenticated: auth.authenticated, admin: auth.admin, manageUsers: auth.manage_users }}
            unlinkedFiles={unlinkedFiles}
          />
          <ItemCharacteristics itemRef={item.ref} characteristics={item.characteristics} editing={editing} editable={editable.fields} />
          <ItemTags itemRef={item.ref} groups={item.tag_groups} editing={editing} editable={editable.fields} taxonomies={taxonomies} itemTags={item.tags} />
          {!editing && <ItemFacts item={item} withMaintainer={!auth.admin && !aboutPanel} />}
          <ItemAffirmations item={item} options={affirmationOptions} signedIn={auth.authenticated} />
          <DriveFolderLink itemRef={item.ref} folderId={item.google_drive_folder_id} />
          <CommentsBlock
            itemRef={item.ref}
            comments={item.comments}
            signedIn={auth.authenticated}
            canComment={can.comment}
            error={firstError(errors.comment)}
          />
          <RelatedItems itemRef={item.ref} relations={item.relations} canRelate={canRelate} error={firstError(errors.item)} />
        </div>
        {aboutPanel && (
          <div className="col-lg-4">
            <ItemAboutPanel item={item} mode={mode} grants={grants} />
          </div>
        )}
      </div>
      {auth.admin && <ItemAdminSidebar item={item} mode={mode} grants={grants} />}
    </>
  );
}

function firstError(error: string | string[] | undefined): string | null {
  if (error === undefined) return null;
  return Array.isArray(error) ? (error[0] ?? null) : error;
}
