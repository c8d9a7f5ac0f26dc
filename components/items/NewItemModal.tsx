import { useId, type FormEvent } from 'react';
import { useForm } from '@inertiajs/react';
import Form from 'react-bootstrap/Form';
import Modal from 'react-bootstrap/Modal';
import type { Taxonomy } from '../../shared/items';
import ModalFormFooter from '../forms/ModalFormFooter';

interface NewItemModalProps {
  show: boolean;
  onHide: () => void;
  requiredTaxonomies: Taxonomy[];
}

type NewItemForm = Record<string, string>;

const taxonomyField = (taxonomy: Taxonomy) => `taxonomy-${taxonomy.ref}`;

/** Empty text and each select on its first option (admin-curation §4 create modal). */
function initialValues(requiredTaxonomies: Taxonomy[]): NewItemForm {
  const values: NewItemForm = { title: '', topic: '' };
  for (const taxonomy of requiredTaxonomies) values[taxonomyField(taxonomy)] = taxonomy.tags[0]?.ref ?? '';
  return values;
}

/** The New Item form: posts /i; the server opens the new item, or its errors show under the fields. */
export default function NewItemModal({ show, onHide, requiredTaxonomies }: NewItemModalProps) {
  const form = useForm<NewItemForm>(initialValues(requiredTaxonomies));
  const formId = useId();

  const resetForm = () => {
    form.setData(initialValues(requiredTaxonomies));
    form.clearErrors();
  };

  const submit = (event: FormEvent) => {
    event.preventDefault();
    // onSuccess runs only when the answer carries no errors: only then may the dialog close.
    form.post('/i', { preserveScroll: true, onSuccess: onHide });
  };

  return (
    <Modal show={show} onHide={onHide} onEnter={resetForm} aria-labelledby={`${formId}-title`}>
      <Modal.Header closeButton>
        <Modal.Title id={`${formId}-title`}>New Item</Modal.Title>
      </Modal.Header>
      <Modal.Body>
        <Form id={formId} onSubmit={submit} noValidate>
          <TextField label="Title" name="title" form={form} required />
          <TextField label="Topic" name="topic" form={form} />
          {requiredTaxonomies.map((taxonomy) => (
            <TaxonomyField key={taxonomy.ref} taxonomy={taxonomy} form={form} />
          ))}
        </Form>
      </Modal.Body>
      <ModalFormFooter formId={formId} processing={form.processing} onCancel={onHide} />
    </Modal>
  );
}

type FormHandle = ReturnType<typeof useForm<NewItemForm>>;

function TextField({ label, name, form, required = false }: { label: string; name: string; form: FormHandle; required?: boolean }) {
  const id = useId();
  const error = form.errors[name];
  return (
    <Form.Group className="mb-3" controlId={id}>
      <Form.Label>{label}</Form.Label>
      <Form.Control
        name={name}
        value={form.data[name] ?? ''}
        required={required}
        maxLength={255}
        isInvalid={Boolean(error)}
        onChange={(event) => form.setData(name, event.target.value)}
      />
      <Form.Control.Feedback type="invalid">{error}</Form.Control.Feedback>
    </Form.Group>
  );
}

function TaxonomyField({ taxonomy, form }: { taxonomy: Taxonomy; form: FormHandle }) {
  const id = useId();
  const name = taxonomyField(taxonomy);
  const error = form.errors[name];
  return (
    <Form.Group className="mb-3" controlId={id}>
      <Form.Label>{taxonomy.title}</Form.Label>
      <Form.Select name={name} value={form.data[name] ?? ''} isInvalid={Boolean(error)} onChange={(event) => form.setData(name, event.target.value)}>
        {taxonomy.tags.map((tag) => (
          <option key={tag.ref} value={tag.ref}>
            {tag.fullLabel}
          </option>
        ))}
      </Form.Select>
      {taxonomy.usage_note && <Form.Text>{taxonomy.usage_note}</Form.Text>}
      <Form.Control.Feedback type="invalid">{error}</Form.Control.Feedback>
    </Form.Group>
  );
}
