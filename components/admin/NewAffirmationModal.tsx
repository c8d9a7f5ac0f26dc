import { useId, type FormEvent } from 'react';
import { useForm } from '@inertiajs/react';
import Form from 'react-bootstrap/Form';
import Modal from 'react-bootstrap/Modal';
import { ADMIN_AFFIRMATIONS_URL, AFFIRMATION_TEXTS, AFFIRMATION_TITLE_MAX, NEW_AFFIRMATION_TITLE } from '../../shared/admin';
import FormTextField from '../forms/FormTextField';
import ModalFormFooter from '../forms/ModalFormFooter';
import NegativeHelp from './NegativeHelp';

interface NewAffirmationModalProps {
  show: boolean;
  onHide: () => void;
}

interface NewAffirmationForm {
  title: string;
  is_negative: boolean;
  [key: string]: string | boolean;
}

/** Text empty and the checkbox off each time it opens (admin-curation §4 create modal). */
const initialValues = (): NewAffirmationForm => ({ title: '', is_negative: false });

/** 'New Affirmation' (admin-curation §2, §5): title and 'Negative?'; posts /admin/affirmation. */
export default function NewAffirmationModal({ show, onHide }: NewAffirmationModalProps) {
  const form = useForm<NewAffirmationForm>(initialValues());
  const formId = useId();

  const resetForm = () => {
    form.setData(initialValues());
    form.clearErrors();
  };

  const submit = (event: FormEvent) => {
    event.preventDefault();
    // onSuccess runs only when the answer carries no errors: only then may the dialog close.
    form.post(ADMIN_AFFIRMATIONS_URL, { preserveScroll: true, onSuccess: onHide });
  };

  return (
    <Modal show={show} onHide={onHide} onEnter={resetForm} aria-labelledby={`${formId}-title`}>
      <Modal.Header closeButton>
        <Modal.Title id={`${formId}-title`}>{NEW_AFFIRMATION_TITLE}</Modal.Title>
      </Modal.Header>
      <Modal.Body>
        <Form id={formId} onSubmit={submit} noValidate>
          <FormTextField controlId={`${formId}-name`} label={AFFIRMATION_TEXTS.title} name="title" value={form.data.title} error={form.errors.title} onChange={(value) => form.setData('title', value)} maxLength={AFFIRMATION_TITLE_MAX} />
          <Form.Group controlId={`${formId}-negative`}>
            <Form.Check
              type="checkbox"
              name="is_negative"
              label={AFFIRMATION_TEXTS.negative}
              checked={form.data.is_negative}
              isInvalid={Boolean(form.errors.is_negative)}
              feedback={form.errors.is_negative}
              feedbackType="invalid"
              onChange={(event) => form.setData('is_negative', event.target.checked)}
            />
            <Form.Text>
              <NegativeHelp negative={form.data.is_negative} />
            </Form.Text>
          </Form.Group>
        </Form>
      </Modal.Body>
      <ModalFormFooter formId={formId} processing={form.processing} onCancel={onHide} />
    </Modal>
  );
}
