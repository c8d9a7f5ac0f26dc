import type { FormEvent, ReactNode } from 'react';
import Button from 'react-bootstrap/Button';
import Form from 'react-bootstrap/Form';
import Modal from 'react-bootstrap/Modal';
import DialogErrors from './DialogErrors';

export interface ImageFormDialogProps {
  /** Prefix of the title's element id, which names the dialog. */
  id: string;
  /** The dialog's title, which is also its submit button's label. */
  title: string;
  show: boolean;
  /** Closes the dialog: its close button, Cancel, Escape and a click outside. */
  onClose: () => void;
  onSubmit: (event: FormEvent) => void;
  /** Shown as danger alerts above the body. */
  errors: readonly string[];
  /** While a request runs, both buttons are disabled. */
  sending: boolean;
  submitVariant: 'primary' | 'danger';
  submitDisabled?: boolean;
  children: ReactNode;
}

/** The frame of the image dialogs: a large centred modal around a form, its errors, and Cancel and submit buttons. */
export default function ImageFormDialog({
  id,
  title,
  show,
  onClose,
  onSubmit,
  errors,
  sending,
  submitVariant,
  submitDisabled = false,
  children,
}: ImageFormDialogProps) {
  const titleId = `${id}-title`;
  return (
    <Modal show={show} onHide={onClose} size="lg" centered aria-labelledby={titleId}>
      <Form onSubmit={onSubmit} noValidate>
        <Modal.Header closeButton>
          <Modal.Title id={titleId}>{title}</Modal.Title>
        </Modal.Header>
        <Modal.Body>
          <DialogErrors messages={errors} />
          {children}
        </Modal.Body>
        <Modal.Footer>
          <Button variant="secondary" onClick={onClose} disabled={sending}>
            Cancel
          </Button>
          <Button type="submit" variant={submitVariant} disabled={sending || submitDisabled}>
            {title}
          </Button>
        </Modal.Footer>
      </Form>
    </Modal>
  );
}
