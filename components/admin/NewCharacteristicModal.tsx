import { useId, type FormEvent } from 'react';
import { useForm } from '@inertiajs/react';
import Form from 'react-bootstrap/Form';
import Modal from 'react-bootstrap/Modal';
import { ADMIN_CHARACTERISTICS_URL, CHARACTERISTIC_TEXTS, CHARACTERISTIC_TITLE_MAX, CHARACTERISTIC_USAGE_NOTE_MAX, NEW_CHARACTERISTIC_TITLE } from '../../shared/admin';
import FormTextField from '../forms/FormTextField';
import ModalFormFooter from '../forms/ModalFormFooter';

interface NewCharacteristicModalProps {
  show: boolean;
  onHide: () => void;
  /** The server's format map, key → label, in its order. */
  formats: Record<string, string>;
}

interface NewCharacteristicForm {
  title: string;
  usage_note: string;
  format: string;
  public: boolean;
  [key: string]: string | boolean;
}

/** 'New Characteristic': posts /admin/characteristic; errors show under the fields, and it closes only without them. */
export default function NewCharacteristicModal({ show, onHide, formats }: NewCharacteristicModalProps) {
  const formatKeys = Object.keys(formats);
  // Text empty, checkbox off, select on its first option each time it opens (admin-curation §4 create modal).
  const initialValues = (): NewCharacteristicForm => ({ title: '', usage_note: '', format: formatKeys[0] ?? '', public: false });
  const form = useForm<NewCharacteristicForm>(initialValues());
  const formId = useId();

  const resetForm = () => {
    form.setData(initialValues());
    form.clearErrors();
  };

  const submit = (event: FormEvent) => {
    event.preventDefault();
    form.post(ADMIN_CHARACTERISTICS_URL, { preserveScroll: true, onSuccess: onHide });
  };

  return (
    <Modal show={show} onHide={onHide} onEnter={resetForm} aria-labelledby={`${formId}-title`}>
      <Modal.Header closeButton>
        <Modal.Title id={`${formId}-title`}>{NEW_CHARACTERISTIC_TITLE}</Modal.Title>
      </Modal.Header>
      <Modal.Body>
        <Form id={formId} onSubmit={submit} noValidate>
          <FormTextField controlId={`${formId}-name`} label={CHARACTERISTIC_TEXTS.title} name="title" value={form.data.title} error={form.errors.title} onChange={(value) => form.setData('title', value)} maxLength={CHARACTERISTIC_TITLE_MAX} />
          <FormTextField
            controlId={`${formId}-usage-note`}
            label={CHARACTERISTIC_TEXTS.usageNote}
            name="usage_note"
            value={form.data.usage_note}
            error={form.errors.usage_note}
            onChange={(value) => form.setData('usage_note', value)}
            rows={3}
            maxLength={CHARACTERISTIC_USAGE_NOTE_MAX}
          />
          <Form.Group className="mb-3" controlId={`${formId}-format`}>
            <Form.Label>{CHARACTERISTIC_TEXTS.format}</Form.Label>
            <Form.Select name="format" value={form.data.format} isInvalid={Boolean(form.errors.format)} onChange={(event) => form.setData('format', event.target.value)}>
              {formatKeys.map((key) => (
                <option key={key} value={key}>
                  {formats[key]}
                </option>
              ))}
            </Form.Select>
            <Form.Control.Feedback type="invalid">{form.errors.format}</Form.Control.Feedback>
          </Form.Group>
          <Form.Group controlId={`${formId}-public`}>
            <Form.Check
              type="checkbox"
              name="public"
              label={CHARACTERISTIC_TEXTS.public}
              checked={form.data.public}
              isInvalid={Boolean(form.errors.public)}
              feedback={form.errors.public}
              feedbackType="invalid"
              onChange={(event) => form.setData('public', event.target.checked)}
            />
            <Form.Text>{CHARACTERISTIC_TEXTS.publicHelp}</Form.Text>
          </Form.Group>
        </Form>
      </Modal.Body>
      <ModalFormFooter formId={formId} processing={form.processing} onCancel={onHide} />
    </Modal>
  );
}
