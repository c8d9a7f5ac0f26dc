import Dialog from '../lib/Dialog';
import { CURRENT_PAGE_ERRORS_TITLE } from '../../shared/messages';

interface PageErrorsDialogProps {
  show: boolean;
  onHide: () => void;
  lines: string[];
}

/** The list of the page's errors, opened from the navbar's warning icon (PageErrorsIndicator). */
export default function PageErrorsDialog({ show, onHide, lines }: PageErrorsDialogProps) {
  return (
    <Dialog show={show} onHide={onHide} aria-labelledby="current-page-errors-title">
      <Dialog.Header closeButton>
        <Dialog.Title id="current-page-errors-title">{CURRENT_PAGE_ERRORS_TITLE}</Dialog.Title>
      </Dialog.Header>
      <Dialog.Body>
        <ul className="mb-0">
          {lines.map((line) => (
            <li key={line}>{line}</li>
          ))}
        </ul>
      </Dialog.Body>
    </Dialog>
  );
}
