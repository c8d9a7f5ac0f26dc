import { useId, type FormEvent } from 'react';
import { useForm } from '@inertiajs/react';
import Form from 'react-bootstrap/Form';
import Modal from 'react-bootstrap/Modal';
import { ADMIN_TAXONOMIES_URL, NEW_TAXONOMY_TITLE, TAXONOMY_FIELD_LABELS, TAXONOMY_FLAG_FIELDS, TAXONOMY_TITLE_MAX, TAXONOMY_USAGE_NOTE_MAX } from '../../shared/taxonomies-admin';
import FormTextField from '../forms/FormTextField';
import ModalFormFooter from '../forms/ModalFormFooter';

interface NewTaxonomyModalProps {
  show: boolean;
  onHide: () => void;
}

interface NewTaxonomyForm {
  title: string;
  usage_note: string;
  required: boolean;
  multiselect: boolean;
  public: boolean;
  show_in_filtering: boolean;
  [key: string]: string | boolean;
}

/** Text empty and every checkbox off each time it opens (admin-curation §4 create modal). */
const initialValues = (): NewTaxonomyForm => ({ title: '', usage_note: '', required: false, multiselect: false, public: false, show_in_filtering: false });

/** The 'New Taxonomy' dialog (admin-curation §5 taxonomy form): posts /admin/taxonomy; the server opens the new taxonomy. */
export default function NewTaxonomyModal({ show, onHide }: NewTaxonomyModalProps) {
  const form = useForm<NewTaxonomyForm>(initialValues());
  const formId = useId();

  const resetForm = () => {
    form.setData(initialValues());
    form.clearErrors();
  };

  const submit = (event: FormEvent) => {
    event.preventDefault();
    form.post(ADMIN_TAXONOMIES_URL, { preserveScroll: true, onSuccess: onHide });
  };

  return (
    <Modal show={show} onHide={onHide} onEnter={resetForm} aria-labelledby={`${formId}-title`}>
      <Modal.Header closeButton>
        <Modal.Title id={`${formId}-title`}>{NEW_TAXONOMY_TITLE}</Modal.Title>
      </Modal.Header>
      <Modal.Body>
        <Form id={formId} onSubmit={submit} noValidate>
          <FormTextField controlId={`${formId}-name`} label={TAXONOMY_FIELD_LABELS.title} name="title" value={form.data.title} error={form.errors.title} onChange={(value) => form.setData('title', value)} maxLength={TAXONOMY_TITLE_MAX} />
          <FormTextField controlId={`${formId}-usage`} label={TAXONOMY_FIELD_LABELS.usage_note} name="usage_note" value={form.data.usage_note} error={form.errors.usage_note} onChange={(value) => form.setData('usage_note', value)} rows={3} maxLength={TAXONOMY_USAGE_NOTE_MAX} />
          {TAXONOMY_FLAG_FIELDS.map((field) => (
            <Form.Group controlId={`${formId}-${field}`} key={field}>
              <Form.Check
                type="checkbox"
                name={field}
                label={TAXONOMY_FIELD_LABELS[field]}
                checked={form.data[field]}
                isInvalid={Boolean(form.errors[field])}
                feedback={form.errors[field]}
                feedbackType="invalid"
                onChange={(event) => form.setData(field, event.target.checked)}
              />
            </Form.Group>
          ))}
        </Form>
      </Modal.Body>
      <ModalFormFooter formId={formId} processing={form.processing} onCancel={onHide} />
    </Modal>
  );
}
