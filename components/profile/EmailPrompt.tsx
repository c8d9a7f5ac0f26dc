import { useId, type FormEvent } from 'react';
import { useForm } from '@inertiajs/react';
import Button from 'react-bootstrap/Button';
import Form from 'react-bootstrap/Form';
import Modal from 'react-bootstrap/Modal';
import { PROFILE_EMAIL_URL, PROFILE_TEXT } from '../../shared/profile';

interface EmailPromptProps {
  show: boolean;
  onHide: () => void;
  /** The address on the profile now, to start from; null when missing. */
  current: string | null;
}

/**
 * The profile's e-mail prompt (member-library §5: required for notifications and sharing; opens when missing):
 * posts /profile/email, which sends a verification e-mail; errors show under the field and the prompt stays open.
 */
export default function EmailPrompt({ show, onHide, current }: EmailPromptProps) {
  const form = useForm({ email: current ?? '' });
  const formId = useId();

  const reset = () => {
    form.setData('email', current ?? '');
    form.clearErrors();
  };

  const submit = (event: FormEvent) => {
    event.preventDefault();
    form.post(PROFILE_EMAIL_URL, { preserveScroll: true, preserveState: true, onSuccess: onHide });
  };

  return (
    <Modal show={show} onHide={onHide} onEnter={reset} aria-labelledby={`${formId}-title`}>
      <Modal.Header closeButton>
        <Modal.Title id={`${formId}-title`}>{current ? PROFILE_TEXT.changeEmail : PROFILE_TEXT.setEmail}</Modal.Title>
      </Modal.Header>
      <Modal.Body>
        <p>{PROFILE_TEXT.emailRequired}</p>
        <Form id={formId} onSubmit={submit} noValidate>
          <Form.Group controlId={`${formId}-email`}>
            <Form.Label>{PROFILE_TEXT.emailLabel}</Form.Label>
            <Form.Control
              type="email"
              name="email"
              autoComplete="email"
              autoFocus
              required
              maxLength={320}
              value={form.data.email}
              isInvalid={Boolean(form.errors.email)}
              onChange={(event) => form.setData('email', event.target.value)}
            />
            <Form.Control.Feedback type="invalid">{form.errors.email}</Form.Control.Feedback>
          </Form.Group>
        </Form>
      </Modal.Body>
      <Modal.Footer>
        <Button variant="secondary" onClick={onHide}>
          {PROFILE_TEXT.cancel}
        </Button>
        <Button type="submit" form={formId} variant="primary" disabled={form.processing}>
          {form.processing ? '...' : PROFILE_TEXT.saveEmail}
        </Button>
      </Modal.Footer>
    </Modal>
  );
}
