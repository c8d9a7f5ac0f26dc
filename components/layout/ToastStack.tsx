import { useState } from 'react';
import CloseButton from 'react-bootstrap/CloseButton';
import Toast from 'react-bootstrap/Toast';
import ToastContainer from 'react-bootstrap/ToastContainer';
import { TOAST_DURATION_MS, TOAST_OFFSET_PX, TOAST_POSITION } from '../../shared/constants';
import type { FlashType } from '../../shared/enums';
import type { FlashNotification } from '../../shared/props';
import AppLink from '../lib/AppLink';
import { usePausableTimeout } from '../lib/usePausableTimeout';

/** The flash notifications being shown (FlashToasts keeps the queue); `onHidden` once one has faded out. */
export default function ToastStack({ shown, onHidden }: { shown: readonly FlashNotification[]; onHidden: (pseudoref: string) => void }) {
  return (
    // Below the sticky navbar, so a toast never covers the user menu or the search.
    <ToastContainer position={TOAST_POSITION} containerPosition="fixed" className="app-toasts" style={{ margin: TOAST_OFFSET_PX }}>
      {shown.map((notification) => (
        <FlashToast key={notification.pseudoref} notification={notification} onHidden={() => onHidden(notification.pseudoref)} />
      ))}
    </ToastContainer>
  );
}

const LIGHT_TEXT_ON: ReadonlySet<FlashType> = new Set(['success', 'danger']);

function FlashToast({ notification, onHidden }: { notification: FlashNotification; onHidden: () => void }) {
  const [show, setShow] = useState(true);
  const [hovered, setHovered] = useState(false);
  // A keyboard user tabbing to the link or the close button gets the same pause as the mouse.
  const [focused, setFocused] = useState(false);
  usePausableTimeout(TOAST_DURATION_MS, hovered || focused, () => setShow(false));
  const lightText = LIGHT_TEXT_ON.has(notification.type);

  return (
    <Toast
      show={show}
      onClose={() => setShow(false)}
      onExited={onHidden}
      bg={notification.type}
      onMouseEnter={() => setHovered(true)}
      onMouseLeave={() => setHovered(false)}
      onFocus={() => setFocused(true)}
      onBlur={(event) => setFocused(event.currentTarget.contains(event.relatedTarget))}
    >
      <div className={`d-flex align-items-start ${lightText ? 'text-white' : 'text-dark'}`}>
        <Toast.Body className="flex-grow-1">
          {notification.message}
          {notification.link && (
            <>
              {' '}
              <AppLink
                href={notification.link.href}
                className={`fw-semibold text-decoration-underline ${lightText ? 'text-white' : 'link-dark'}`}
                onClick={() => setShow(false)}
              >
                {notification.link.label}
              </AppLink>
            </>
          )}
        </Toast.Body>
        <CloseButton className="me-2 mt-2" variant={lightText ? 'white' : undefined} aria-label="Close notification" onClick={() => setShow(false)} />
      </div>
    </Toast>
  );
}
