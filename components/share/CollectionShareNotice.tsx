import { useState } from 'react';
import { router } from '@inertiajs/react';
import Notice from '../lib/Notice';
import Button from 'react-bootstrap/Button';
import { COLLECTION_SHARING_TEXTS } from '../../shared/sharing';

export interface CollectionShareNoticeProps {
  /** The collection's page (PATCH target of Make it public). */
  url: string;
  public: boolean;
  /** The viewer owns it (can.update): only they may make it public. */
  owner: boolean;
  /** The viewer may grant access to it (can.share); an owner who may not is not told to. */
  canGrant: boolean;
}

/**
 * At the top of a collection's Share dialog: who can open the link. A private collection's owner may make it public
 * there (the collection's own PATCH, as the public field in edit mode); anyone else is warned who the link opens for.
 */
export default function CollectionShareNotice({ url, public: isPublic, owner, canGrant }: CollectionShareNoticeProps) {
  const [saving, setSaving] = useState(false);
  if (isPublic) {
    return (
      <Notice variant="info" className="mb-0">
        {COLLECTION_SHARING_TEXTS.public}
      </Notice>
    );
  }
  const makePublic = () =>
    router.patch(url, { public: true }, { preserveScroll: true, preserveState: true, onStart: () => setSaving(true), onFinish: () => setSaving(false) });
  return (
    <Notice variant="warning" className="mb-0">
      <p className={owner ? undefined : 'mb-0'}>{privateText(owner, canGrant)}</p>
      {owner && (
        <div className="d-flex flex-wrap align-items-center gap-2">
          <Button size="sm" variant="outline-dark" onClick={makePublic} disabled={saving}>
            {COLLECTION_SHARING_TEXTS.makePublic}
          </Button>
          <span className="small">{COLLECTION_SHARING_TEXTS.makePublicHelp}</span>
        </div>
      )}
    </Notice>
  );
}

function privateText(owner: boolean, canGrant: boolean): string {
  if (!owner) return COLLECTION_SHARING_TEXTS.privateOther;
  return canGrant ? COLLECTION_SHARING_TEXTS.privateOwner : COLLECTION_SHARING_TEXTS.privateOwnerNoGrant;
}
