import { useEffect, useRef, type KeyboardEvent } from 'react';
// eslint-disable-next-line no-restricted-imports -- the one place that wraps Modal
import Modal, { type ModalProps } from 'react-bootstrap/Modal';
import { focusFirstField, focusFirstInvalidField, keepTabInside } from './focus-cycle';

/** What react-bootstrap's Modal hands its ref: the modal manager's entry, whose `dialog` is the `.modal` element. */
interface ModalHandle {
  dialog: HTMLElement | null;
}

/**
 * Every dialog of the app: react-bootstrap's Modal, which keeps the focus inside and gives it back on
 * close, and beyond it:
 * - it opens with the focus on its first field (a dialog without fields keeps it on the dialog, whose title is read);
 * - Tab on its last control goes to the first and Shift+Tab on the first to the last;
 * - when an answer marks fields invalid (`aria-invalid="true"`, components/forms/field-error.tsx), the focus goes to
 *   the first of them, instead of staying on the page, where it fell when the submit button was disabled while the
 *   form was sent (so a second answer with the same errors moves it too, once the button is enabled again).
 */
function Dialog({ onShow, onKeyDown, show, ...props }: ModalProps) {
  const modal = useRef<ModalHandle | null>(null);
  const invalidFields = useRef<MutationObserver | null>(null);
  useEffect(() => () => invalidFields.current?.disconnect(), []);
  useEffect(() => {
    if (!show) invalidFields.current?.disconnect();
  }, [show]);

  const whenShown = () => {
    onShow?.();
    // After the Modal's own focus on the dialog, which records the opener to give the focus back to.
    queueMicrotask(() => {
      const dialog = modal.current?.dialog;
      if (!dialog) return;
      if (!dialog.contains(document.activeElement) || document.activeElement === dialog) focusFirstField(dialog);
      invalidFields.current?.disconnect();
      invalidFields.current = new MutationObserver((changes) => {
        const marked = changes.some((change) => change.attributeName === 'aria-invalid' && (change.target as Element).getAttribute('aria-invalid') === 'true');
        const focusLost = !dialog.contains(document.activeElement) || document.activeElement === dialog;
        if (marked || focusLost) focusFirstInvalidField(dialog);
      });
      invalidFields.current.observe(dialog, { subtree: true, attributes: true, attributeFilter: ['aria-invalid', 'disabled'] });
    });
  };
  const cycleTab = (event: KeyboardEvent<HTMLElement>) => {
    onKeyDown?.(event);
    if (!event.defaultPrevented) keepTabInside(event, event.currentTarget);
  };
  return <Modal ref={modal} show={show} onShow={whenShown} onKeyDown={cycleTab} {...props} />;
}

export default Object.assign(Dialog, { Header: Modal.Header, Title: Modal.Title, Body: Modal.Body, Footer: Modal.Footer });
