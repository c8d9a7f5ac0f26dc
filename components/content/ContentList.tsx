import { useState } from 'react';
import Notice from '../lib/Notice';
import Button from 'react-bootstrap/Button';
import type { Content, UnlinkedFile } from '../../shared/content';
import { CONTENT_LIST_TEXTS } from '../../shared/content-list';
import { postKeepingScroll } from '../lib/visits';
import ContentRow, { type ContentRowFlags } from './ContentRow';
import { ROUTES } from '../../shared/routes';
import Icon from '../lib/Icon';
import { onDemandDialog } from '../lib/on-demand';

// Editors' dialogs, loaded when first opened.
const UploadContentDialog = onDemandDialog(() => import('./UploadContentDialog'));
const LinkExistingFileDialog = onDemandDialog(() => import('./LinkExistingFileDialog'));

export interface ContentListProps {
  itemRef: string;
  contents: Content[];
  moreContentAvailable: boolean;
  folderId: string | null;
  /** Edit mode is on. */
  editing: boolean;
  contentCan: { manage: boolean; curate: boolean; createFolder: boolean };
  viewer: { authenticated: boolean; admin: boolean; manageUsers: boolean };
  unlinkedFiles: UnlinkedFile[] | undefined;
}

/**
 * The item's content files: each opens through /content/{ref}; in edit
 * mode, editors upload, link, edit, order and remove them, and admins create the drive folder.
 */
export default function ContentList(props: ContentListProps) {
  const { itemRef, contents, moreContentAvailable, folderId, editing, contentCan, viewer } = props;
  const [dialog, setDialog] = useState<'upload' | 'link' | null>(null);
  const managing = editing && contentCan.manage;
  if (contents.length === 0 && !moreContentAvailable && !managing) return null;

  const flags: ContentRowFlags = {
    editing: managing,
    curate: contentCan.curate,
    showSampleBadge: viewer.admin,
    showLevelBadge: viewer.admin || viewer.manageUsers,
    showUnpublishedBadge: contentCan.manage,
  };
  const fullVersions = contents.filter((content) => !content.is_sample);
  const closeDialog = () => setDialog(null);

  return (
    <section aria-labelledby="content-list-title" className="mb-3">
      <h2 id="content-list-title" className="h5">
        Content
      </h2>
      {contents.length > 0 && (
        <ul className="list-group mb-2 content-files">
          {contents.map((content, index) => (
            <ContentRow
              key={content.ref}
              content={content}
              fullVersions={fullVersions}
              first={index === 0}
              last={index === contents.length - 1}
              flags={flags}
            />
          ))}
        </ul>
      )}
      {moreContentAvailable &&
        (viewer.authenticated ? (
          <Notice variant="secondary" className="py-2">
            {CONTENT_LIST_TEXTS.moreContentForMembers}
          </Notice>
        ) : (
          // The page's one sign-in prompt is at its top (LoginPrompt); here only that there is more to see.
          <p className="text-body-secondary small">{CONTENT_LIST_TEXTS.moreContentForVisitors}</p>
        ))}
      {managing && (
        <div className="d-flex flex-wrap gap-2">
          <Button size="sm" onClick={() => setDialog('upload')}>
            <Icon name="bi-upload" className="me-1" />
            Upload Content
          </Button>
          {folderId && (
            <Button size="sm" variant="outline-primary" onClick={() => setDialog('link')}>
              <Icon name="bi-link-45deg" className="me-1" />
              Link Existing File
            </Button>
          )}
          {!folderId && contentCan.createFolder && (
            <Button size="sm" variant="outline-secondary" onClick={() => postKeepingScroll(ROUTES.itemFolder.path({ ref: itemRef }))}>
              <Icon name="bi-folder-plus" className="me-1" />
              Create drive folder
            </Button>
          )}
        </div>
      )}
      {managing && (
        <>
          <UploadContentDialog itemRef={itemRef} contents={contents} show={dialog === 'upload'} onHide={closeDialog} />
          <LinkExistingFileDialog itemRef={itemRef} files={props.unlinkedFiles} show={dialog === 'link'} onHide={closeDialog} />
        </>
      )}
    </section>
  );
}
