import { useState, type ReactNode } from 'react';
import Button from 'react-bootstrap/Button';
import type { SharingExplanation } from '../../shared/sharing';
import { SHARE_TEXTS } from '../../shared/share-texts';
import type { SharePrefill } from '../../shared/share-prefill';
import Icon from '../lib/Icon';
import { onDemandDialog } from '../lib/on-demand';

// Loaded when first opened: most readers never share.
const ShareDialog = onDemandDialog(() => import('./ShareDialog'));

export interface ShareButtonProps {
  path: string;
  title: string;
  canGrant: boolean;
  maxLevel: number;
  /** The page's `sharingExplanation` (undefined until loaded; an item's or a collection's); null where the page has none. */
  explanation: SharingExplanation | undefined | null;
  minimumLevel?: number;
  /** A small icon button (content rows) instead of the labelled one. */
  compact?: boolean;
  /** An access request's link filled the dialog in: it opens at once, until a grant is made. */
  prefill?: SharePrefill | null;
  /** Shown at the top of the dialog (a collection's who-can-open notice). */
  notice?: ReactNode;
}

/**
 * The Share button and its dialog. After a grant that came back without errors the dialog confirms it and closes 2
 * seconds later. The button stays, rather than hiding after a grant, so another grant needs no reload, and
 * closing the dialog returns focus to it; the dialog opens on a fresh form again.
 */
export default function ShareButton({
  path,
  title,
  canGrant,
  maxLevel,
  explanation,
  minimumLevel,
  compact = false,
  prefill = null,
  notice = null,
}: ShareButtonProps) {
  const [show, setShow] = useState(false);
  const [granted, setGranted] = useState(false);
  // The request a link carries is used once: after its grant the dialog opens on an empty form again.
  const [answered, setAnswered] = useState<string | null>(null);
  const prefillKey = prefill && canGrant ? `${path} ${prefill.email} ${prefill.level ?? ''}` : null;
  const activePrefill = prefillKey !== null && prefillKey !== answered ? prefill : null;

  // Opens once for each request link (state adjusted while rendering, as React advises over an effect).
  const [openedFor, setOpenedFor] = useState<string | null>(null);
  if (prefillKey !== null && openedFor !== prefillKey) {
    setOpenedFor(prefillKey);
    setShow(true);
  }

  return (
    <>
      <Button size="sm" variant="outline-primary" onClick={() => setShow(true)} aria-label={compact ? `${SHARE_TEXTS.shareButton} ${title}` : undefined}>
        <Icon name="bi-share" className={compact ? undefined : 'me-1'} />
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
        onGranted={() => {
          setGranted(true);
          setAnswered(prefillKey);
        }}
        prefill={activePrefill}
        notice={notice}
        onExited={() => setGranted(false)}
      />
    </>
  );
}
