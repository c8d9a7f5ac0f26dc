import { useEffect, useRef, useState } from 'react';
import Button from 'react-bootstrap/Button';
import { facebookShareUrl, LINK_COPIED_MS, SHARE_MESSAGES, SHARE_TEXTS } from '../../shared/sharing';

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
 * or after it failed), and a Facebook share link (member-library §2, §8, §9).
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
          <i className="bi bi-box-arrow-up me-1" aria-hidden="true" />
          {SHARE_TEXTS.nativeShare}
        </Button>
      )}
      <Button variant="outline-primary" size="sm" onClick={() => void copy()} aria-live="polite">
        <i className={`bi ${copied ? 'bi-check-lg' : 'bi-link-45deg'} me-1`} aria-hidden="true" />
        {copied ? SHARE_TEXTS.linkCopied : SHARE_TEXTS.copyLink}
      </Button>
      {!native && (
        <>
          <a className="btn btn-outline-primary btn-sm" href={`mailto:?subject=${encodeURIComponent(title)}&body=${encodeURIComponent(url)}`}>
            <i className="bi bi-envelope me-1" aria-hidden="true" />
            {SHARE_TEXTS.emailLink}
          </a>
          <a className="btn btn-outline-primary btn-sm" href={`sms:?&body=${encodeURIComponent(text)}`}>
            <i className="bi bi-chat-text me-1" aria-hidden="true" />
            {SHARE_TEXTS.smsLink}
          </a>
        </>
      )}
      <a className="btn btn-outline-primary btn-sm" href={facebookShareUrl(url)} target="_blank" rel="noopener noreferrer">
        <i className="bi bi-facebook me-1" aria-hidden="true" />
        {SHARE_TEXTS.facebook}
      </a>
    </div>
  );
}
