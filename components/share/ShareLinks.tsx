import { useEffect, useRef, useState } from 'react';
import Button from 'react-bootstrap/Button';
import { facebookShareUrl, LINK_COPIED_MS, SHARE_MESSAGES } from '../../shared/sharing';
import { SHARE_TEXTS } from '../../shared/share-texts';
import Icon from '../lib/Icon';
import NewTabLink from '../lib/NewTabLink';

export interface ShareLinksProps {
  /** The absolute URL to share. */
  url: string;
  title: string;
  /** Replaceable in tests. */
  alert?: (message: string) => void;
}

function nativeShareAvailable(): boolean {
  return typeof navigator !== 'undefined' && typeof navigator.share === 'function';
}

/**
 * Share (native), Copy Link ('Link Copied' for 3 s), Email Link and SMS Link (only where native share is unavailable,
 * or after it failed), and a Facebook share link.
 */
export default function ShareLinks({ url, title, alert = (message) => window.alert(message) }: ShareLinksProps) {
  const [nativeFailed, setNativeFailed] = useState(false);
  const [copied, setCopied] = useState(false);
  const copiedTimer = useRef<ReturnType<typeof setTimeout> | null>(null);
  const native = nativeShareAvailable() && !nativeFailed;

  useEffect(
    () => () => {
      if (copiedTimer.current) clearTimeout(copiedTimer.current);
    },
    [],
  );

  const shareNatively = async () => {
    try {
      await navigator.share({ title, url });
    } catch (error) {
      // Closing the share sheet is not a failure.
      if (error instanceof Error && error.name === 'AbortError') return;
      alert(SHARE_MESSAGES.nativeShareFailed);
      setNativeFailed(true);
    }
  };

  const copy = async () => {
    await navigator.clipboard.writeText(url);
    setCopied(true);
    if (copiedTimer.current) clearTimeout(copiedTimer.current);
    copiedTimer.current = setTimeout(() => setCopied(false), LINK_COPIED_MS);
  };

  const text = `${title} ${url}`;
  return (
    <div className="d-flex flex-wrap gap-2" role="group" aria-label="Share links">
      {native && (
        <Button variant="outline-primary" size="sm" onClick={() => void shareNatively()}>
          <Icon name="bi-box-arrow-up" className="me-1" />
          {SHARE_TEXTS.nativeShare}
        </Button>
      )}
      <Button variant="outline-primary" size="sm" onClick={() => void copy()} aria-live="polite">
        <Icon name={copied ? 'bi-check-lg' : 'bi-link-45deg'} className="me-1" />
        {copied ? SHARE_TEXTS.linkCopied : SHARE_TEXTS.copyLink}
      </Button>
      {!native && (
        <>
          <a className="btn btn-outline-primary btn-sm" href={`mailto:?subject=${encodeURIComponent(title)}&body=${encodeURIComponent(url)}`}>
            <Icon name="bi-envelope" className="me-1" />
            {SHARE_TEXTS.emailLink}
          </a>
          <a className="btn btn-outline-primary btn-sm" href={`sms:?&body=${encodeURIComponent(text)}`}>
            <Icon name="bi-chat-text" className="me-1" />
            {SHARE_TEXTS.smsLink}
          </a>
        </>
      )}
      <NewTabLink className="btn btn-outline-primary btn-sm" href={facebookShareUrl(url)}>
        <Icon name="bi-facebook" className="me-1" />
        {SHARE_TEXTS.facebook}
      </NewTabLink>
    </div>
  );
}
