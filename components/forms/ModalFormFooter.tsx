import Button from 'react-bootstrap/Button';
import Dialog from '../lib/Dialog';

interface ModalFormFooterProps {
  /** The id of the dialog's form, which the submit button submits from outside it. */
  formId: string;
  processing: boolean;
  onCancel: () => void;
  submitLabel?: string;
  /** Submitting makes no sense yet (e.g. nothing to choose from). */
  disabled?: boolean;
}

/** Cancel and the submit button, whose text becomes '...' while the request runs. */
export default function ModalFormFooter({ formId, processing, onCancel, submitLabel = 'OK', disabled = false }: ModalFormFooterProps) {
  return (
    <Dialog.Footer>
      <Button variant="secondary" onClick={onCancel}>
        Cancel
      </Button>
      <Button type="submit" form={formId} variant="primary" disabled={processing || disabled}>
        {processing ? '...' : submitLabel}
      </Button>
    </Dialog.Footer>
  );
}
