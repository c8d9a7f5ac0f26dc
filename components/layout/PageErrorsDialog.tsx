import Modal from 'react-bootstrap/Modal';
import { CURRENT_PAGE_ERRORS_TITLE } from '../../shared/messages';

interface PageErrorsDialogProps {
  show: boolean;
  onHide: () => void;
  lines: string[];
}

/** The list of the page's errors, opened from the navbar's warning icon (PageErrorsIndicator). */
export default function PageErrorsDialog({ show, onHide, lines }: PageErrorsDialogProps) {
  return (
    <Modal show={show} onHide={onHide} aria-labelledby="current-page-errors-title">
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
  );
}
