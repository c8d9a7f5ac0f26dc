import type { FormEvent, ReactNode } from 'react';
import Button from 'react-bootstrap/Button';
import Form from 'react-bootstrap/Form';
import Dialog from '../lib/Dialog';
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
    <Dialog show={show} onHide={onClose} size="lg" centered aria-labelledby={titleId}>
      <Form onSubmit={onSubmit} noValidate>
        <Dialog.Header closeButton>
          <Dialog.Title id={titleId}>{title}</Dialog.Title>
        </Dialog.Header>
        <Dialog.Body>
          <DialogErrors messages={errors} />
          {children}
        </Dialog.Body>
        <Dialog.Footer>
          <Button variant="secondary" onClick={onClose} disabled={sending}>
            Cancel
          </Button>
          <Button type="submit" variant={submitVariant} disabled={sending || submitDisabled}>
            {title}
          </Button>
        </Dialog.Footer>
      </Form>
    </Dialog>
  );
}
