import { useState } from 'react';
import Button from 'react-bootstrap/Button';
import Dialog from '../lib/Dialog';
import { SHARE_TEXTS } from '../../shared/share-texts';
import ShareLinks from '../share/ShareLinks';
import Icon from '../lib/Icon';

interface LinkShareButtonProps {
  /** The shared page's path, e.g. /admin/characteristic/{ref}. */
  path: string;
  title: string;
}

/**
 * Share for pages nothing can be granted on (an admin's characteristic): the Share dialog with only its share links
 * (Copy Link and the others); no access grant and no sharing explanation.
 */
export default function LinkShareButton({ path, title }: LinkShareButtonProps) {
  const [show, setShow] = useState(false);
  const url = typeof window === 'undefined' ? path : new URL(path, window.location.origin).toString();
  return (
    <>
      <Button size="sm" variant="outline-primary" onClick={() => setShow(true)}>
        <Icon name="bi-share" className="me-1" />
        {SHARE_TEXTS.shareButton}
      </Button>
      <Dialog show={show} onHide={() => setShow(false)} aria-labelledby="link-share-title">
        <Dialog.Header closeButton>
          <Dialog.Title id="link-share-title">{SHARE_TEXTS.dialogTitle}</Dialog.Title>
        </Dialog.Header>
        <Dialog.Body>
          <ShareLinks url={url} title={title} />
        </Dialog.Body>
      </Dialog>
    </>
  );
}
