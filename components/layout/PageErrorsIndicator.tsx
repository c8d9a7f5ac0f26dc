import { useState } from 'react';
import { usePage } from '@inertiajs/react';
import Modal from 'react-bootstrap/Modal';
import { CURRENT_PAGE_ERRORS_TITLE } from '../../shared/messages';
import { pageErrorLines } from './page-errors';
import Icon from '../lib/Icon';

/** A warning icon, shown only while the page has errors, that opens the list of them. */
export default function PageErrorsIndicator() {
  const { errors } = usePage().props;
  const [open, setOpen] = useState(false);
  const lines = pageErrorLines(errors);
  if (lines.length === 0) return null;

  return (
    <>
      <button
        type="button"
        className="btn btn-link text-warning app-navbar-button"
        onClick={() => setOpen(true)}
        aria-label={`${CURRENT_PAGE_ERRORS_TITLE} (${lines.length})`}
        title={CURRENT_PAGE_ERRORS_TITLE}
      >
        <Icon name="bi-exclamation-triangle-fill" className="fs-5" />
      </button>
      <Modal show={open} onHide={() => setOpen(false)} aria-labelledby="current-page-errors-title">
        <Modal.Header closeButton>
          <Modal.Title id="current-page-errors-title">{CURRENT_PAGE_ERRORS_TITLE}</Modal.Title>
        </Modal.Header>
        <Modal.Body>
          <ul className="mb-0">
            {lines.map((line) => (
              <li key={line}>{line}</li>
            ))}
          </ul>
        </Modal.Body>
      </Modal>
    </>
  );
}
