import Notice from '../lib/Notice';
import Dialog from '../lib/Dialog';
import { useEffect, useEffectEvent, type ReactNode } from 'react';
import { SHARE_TEXTS } from '../../shared/share-texts';
import type { SharePrefill } from '../../shared/share-prefill';
import { SHARE_DIALOG_CLOSE_MS, type SharingExplanation } from '../../shared/sharing';
import { useOnDemandProp } from '../lib/useOnDemandProp';
import GrantAccessForm from './GrantAccessForm';
import ShareLinks from './ShareLinks';
import SharingExplanationPanel from './SharingExplanationPanel';

export interface ShareDialogProps {
  show: boolean;
  onHide: () => void;
  /** The shared page's path (an item's /i/{ref}, a content row's /content/{ref}). */
  path: string;
  title: string;
  /** can.share and can.shareToLevel of the page. */
  canGrant: boolean;
  maxLevel: number;
  /**
   * The page's sharingExplanation prop (an item's or a collection's), loaded when the dialog opens; null where the page
   * has none: then nothing is asked for and 'Please Explain...' is left out.
   */
  explanation: SharingExplanation | undefined | null;
  /** For a content row: its minimum level, so levels below it count as showing nothing. */
  minimumLevel?: number;
  /** True once a grant succeeded: the form gives way to the confirmation until the dialog closes. */
  granted: boolean;
  onGranted: () => void;
  /** Called when the dialog has finished closing. */
  onExited?: () => void;
  /** The Grant form's starting values from an access request's link. */
  prefill?: SharePrefill | null;
  /** A collection's notice: who can open its link, and Make public for its owner. */
  notice?: ReactNode;
}

/** The Share dialog, 'How would you like to share?'. */
export default function ShareDialog(props: ShareDialogProps) {
  const { show, onHide, path, title, canGrant, maxLevel, minimumLevel = 0, granted, onGranted, onExited, prefill = null, notice = null } = props;
  const explains = props.explanation !== null;
  const explanation = useOnDemandProp('sharingExplanation', props.explanation ?? undefined, show && explains);
  const levelVisible = explanation?.levelVisible.map((visible, level) => visible && level >= minimumLevel);
  const url = typeof window === 'undefined' ? path : new URL(path, window.location.origin).toString();

  // After a grant the dialog confirms it, then closes by itself (SHARE_DIALOG_CLOSE_MS), however often the page renders meanwhile.
  const closeAfterGrant = useEffectEvent(onHide);
  useEffect(() => {
    if (!granted) return;
    const timer = setTimeout(closeAfterGrant, SHARE_DIALOG_CLOSE_MS);
    return () => clearTimeout(timer);
  }, [granted]);

  return (
    <Dialog show={show} onHide={onHide} onExited={onExited} aria-labelledby="share-dialog-title">
      <Dialog.Header closeButton>
        <Dialog.Title id="share-dialog-title">{SHARE_TEXTS.dialogTitle}</Dialog.Title>
      </Dialog.Header>
      <Dialog.Body className="d-grid gap-3">
        {notice}
        {canGrant &&
          (granted ? (
            <Notice variant="success" className="mb-0">
              {SHARE_TEXTS.granted}
            </Notice>
          ) : (
            <GrantAccessForm
              path={path}
              maxLevel={maxLevel}
              levelVisible={levelVisible}
              levelText={explanation?.levelText}
              onGranted={onGranted}
              prefill={prefill}
            />
          ))}
        <ShareLinks url={url} title={title} />
        {explains && <SharingExplanationPanel explanation={explanation} />}
      </Dialog.Body>
    </Dialog>
  );
}
