import { useId, type FormEvent } from 'react';
import { useForm } from '@inertiajs/react';
import Form from 'react-bootstrap/Form';
import Modal from 'react-bootstrap/Modal';
import { COLLECTION_DESCRIPTION_MAX, COLLECTION_TEXTS, COLLECTION_TITLE_MAX, NEW_COLLECTION_TITLE } from '../../shared/collections';
import ModalFormFooter from '../forms/ModalFormFooter';
import FormTextField from '../forms/FormTextField';

interface NewCollectionModalProps {
  show: boolean;
  onHide: () => void;
}

interface NewCollectionForm {
  title: string;
  description: string;
  public: boolean;
  [key: string]: string | boolean;
}

/** Text empty and the checkbox off each time it opens (admin-curation §4 create modal). */
const initialValues = (): NewCollectionForm => ({ title: '', description: '', public: false });

/** The 'New Collection' dialog: posts /collection; the server opens the new collection, or errors show under the fields. */
export default function NewCollectionModal({ show, onHide }: NewCollectionModalProps) {
  const form = useForm<NewCollectionForm>(initialValues());
  const formId = useId();

  const resetForm = () => {
    form.setData(initialValues());
    form.clearErrors();
  };

  const submit = (event: FormEvent) => {
    event.preventDefault();
    // onSuccess runs only when the answer carries no errors: only then may the dialog close.
    form.post('/collection', { preserveScroll: true, onSuccess: onHide });
  };

  return (
    <Modal show={show} onHide={onHide} onEnter={resetForm} aria-labelledby={`${formId}-title`}>
      <Modal.Header closeButton>
        <Modal.Title id={`${formId}-title`}>{NEW_COLLECTION_TITLE}</Modal.Title>
      </Modal.Header>
      <Modal.Body>
        <Form id={formId} onSubmit={submit} noValidate>
          <FormTextField controlId={`${formId}-name`} label="Title" name="title" value={form.data.title} error={form.errors.title} onChange={(value) => form.setData('title', value)} maxLength={COLLECTION_TITLE_MAX} />
          <FormTextField controlId={`${formId}-description`} label="Description" name="description" value={form.data.description} error={form.errors.description} onChange={(value) => form.setData('description', value)} rows={3} maxLength={COLLECTION_DESCRIPTION_MAX} />
          <Form.Group controlId={`${formId}-public`}>
            <Form.Check
              type="checkbox"
              name="public"
              label={COLLECTION_TEXTS.public}
              checked={form.data.public}
              isInvalid={Boolean(form.errors.public)}
              feedback={form.errors.public}
              feedbackType="invalid"
              onChange={(event) => form.setData('public', event.target.checked)}
            />
            <Form.Text>{COLLECTION_TEXTS.publicHelp}</Form.Text>
          </Form.Group>
        </Form>
      </Modal.Body>
      <ModalFormFooter formId={formId} processing={form.processing} onCancel={onHide} />
    </Modal>
  );
}
