import Notice from '../lib/Notice';
import { OFFLINE_TEXT, SAVED_LIST_URL } from '../../shared/offline';
import Icon from '../lib/Icon';

/** Said at the top of every page while the browser has no network. */
export default function OfflineBanner({ online }: { online: boolean }) {
  return (
    <div aria-live="polite" aria-atomic="true">
      {!online && (
        <Notice variant="warning" className="d-flex align-items-center gap-2 py-2">
          <Icon name="bi-wifi-off" />
          <span>
            {OFFLINE_TEXT.banner} {/* A page the service worker answers itself: a whole-page visit, not the app's. */}
            <a href={SAVED_LIST_URL} className="alert-link">
              {OFFLINE_TEXT.seeSaved}
            </a>
          </span>
        </Notice>
      )}
    </div>
  );
}
