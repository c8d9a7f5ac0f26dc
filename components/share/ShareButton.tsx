import { useEffect, useState } from 'react';
import Button from 'react-bootstrap/Button';
import { SHARE_DIALOG_CLOSE_MS, SHARE_TEXTS, type SharingExplanation } from '../../shared/sharing';
import ShareDialog from './ShareDialog';

export interface ShareButtonProps {
  path: string;
  title: string;
  canGrant: boolean;
  maxLevel: number;
  /** The page's `sharingExplanation` (undefined until loaded); null where the page has none (a collection). */
  explanation: SharingExplanation | undefined | null;
  minimumLevel?: number;
  /** A small icon button (content rows) instead of the labelled one. */
  compact?: boolean;
}

/**
 * The Share button and its dialog. After a grant that came back without errors the dialog confirms it and closes 2
 * seconds later (member-library §4, §9). The button stays, so another grant needs no reload (issue 15 overrides the
 * spec's hiding it), and closing the dialog returns focus to it; the dialog opens on a fresh form again.
 */
export default function ShareButton({ path, title, canGrant, maxLevel, explanation, minimumLevel, compact = false }: ShareButtonProps) {
  const [show, setShow] = useState(false);
  const [granted, setGranted] = useState(false);

  useEffect(() => {
    if (!granted) return;
    const timer = setTimeout(() => setShow(false), SHARE_DIALOG_CLOSE_MS);
    return () => clearTimeout(timer);
  }, [granted]);

  return (
    <>
      <Button size="sm" variant="outline-primary" onClick={() => setShow(true)} aria-label={compact ? `${SHARE_TEXTS.shareButton} ${title}` : undefined}>
        <i className={`bi bi-share${compact ? '' : ' me-1'}`} aria-hidden="true" />
        {!compact && SHARE_TEXTS.shareButton}
      </Button>
      <ShareDialog
        show={show}
        onHide={() => setShow(false)}
        path={path}
        title={title}
        canGrant={canGrant}
        maxLevel={maxLevel}
        explanation={explanation}
        minimumLevel={minimumLevel}
        granted={granted}
        onGranted={() => setGranted(true)}
        onExited={() => setGranted(false)}
      />
    </>
  );
}
