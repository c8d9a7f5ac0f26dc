import { useState } from 'react';
import { Head } from '@inertiajs/react';
import type { PageProps } from '../../shared/pages';
import { SIGN_IN_HINT } from '../../shared/messages';
import DriveFolderLink from '../../components/item/DriveFolderLink';
import ExpiryNotice from '../../components/item/ExpiryNotice';
import ItemActions from '../../components/item/ItemActions';
import ItemAffirmations from '../../components/item/ItemAffirmations';
import ItemCharacteristics from '../../components/item/ItemCharacteristics';
import ItemFacts from '../../components/item/ItemFacts';
import ItemHeader from '../../components/item/ItemHeader';
import ItemImageCarousel from '../../components/item/ItemImageCarousel';
import ItemOverview from '../../components/item/ItemOverview';
import { ItemAboutPanel, ItemAdminSidebar } from '../../components/item/ItemSidebars';
import ItemTags from '../../components/item/ItemTags';
import LoginPrompt from '../../components/item/LoginPrompt';
import RelatedItems from '../../components/item/RelatedItems';

/** The item page (member-library §2 "Item page"): one section per part, in the spec's order. */
export default function ItemShow({ item, affirmationOptions, canRelate, can, auth, errors }: PageProps<'items/Show'>) {
  const [editing, setEditing] = useState(false);
  return (
    <>
      <Head title={item.title} />
      <ItemHeader
        item={item}
        actions={<ItemActions itemRef={item.ref} can={can} editing={editing} onToggleEditing={() => setEditing((current) => !current)} />}
      />
      <ExpiryNotice item={item} />
      {!auth.authenticated && <LoginPrompt message={SIGN_IN_HINT} />}
      <div className="row g-4">
        <div className={auth.admin ? 'col-12' : 'col-lg-8'}>
          <ItemImageCarousel images={item.all_images} title={item.title} />
          <ItemOverview item={item} />
          <ItemCharacteristics characteristics={item.characteristics} editing={editing} />
          <ItemTags groups={item.tag_groups} />
          <ItemFacts item={item} />
          <ItemAffirmations item={item} options={affirmationOptions} signedIn={auth.authenticated} />
          <DriveFolderLink itemRef={item.ref} folderId={item.google_drive_folder_id} />
          <RelatedItems itemRef={item.ref} relations={item.relations} canRelate={canRelate} error={firstError(errors.item)} />
        </div>
        {!auth.admin && (
          <div className="col-lg-4">
            <ItemAboutPanel item={item} editor={can.update} />
          </div>
        )}
      </div>
      {auth.admin && <ItemAdminSidebar item={item} />}
    </>
  );
}

function firstError(error: string | string[] | undefined): string | null {
  if (error === undefined) return null;
  return Array.isArray(error) ? (error[0] ?? null) : error;
}
