import { useId, type FormEvent } from 'react';
import { useForm } from '@inertiajs/react';
import Button from 'react-bootstrap/Button';
import Form from 'react-bootstrap/Form';
import Modal from 'react-bootstrap/Modal';
import { COLLECTION_NOTE_MAX, COLLECTION_SECTION_MAX, collectionItemUrl, type CollectionItemEntry } from '../../shared/collections';

interface EntryEditorModalProps {
  /** The entry being edited; null when the dialog is closed. */
  entry: CollectionItemEntry | null;
  /** Section names in use, offered as suggestions. */
  sections: string[];
  onHide: () => void;
}

interface EntryForm {
  note: string;
  section: string;
  [key: string]: string;
}

/** Edits an entry's note and section: PATCH /collection_item/{ref} with note and section (admin-curation §7). */
export default function EntryEditorModal({ entry, sections, onHide }: EntryEditorModalProps) {
  const form = useForm<EntryForm>({ note: '', section: '' });
  const formId = useId();

  const resetForm = () => {
    form.setData({ note: entry?.note ?? '', section: entry?.section ?? '' });
    form.clearErrors();
  };

  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (!entry) return;
    form.patch(collectionItemUrl(entry.ref), { preserveScroll: true, onSuccess: onHide });
  };

  return (
    <Modal show={entry !== null} onHide={onHide} onEnter={resetForm} aria-labelledby={`${formId}-title`}>
      <Modal.Header closeButton>
        <Modal.Title id={`${formId}-title`}>Note and section</Modal.Title>
      </Modal.Header>
      <Modal.Body>
        <Form id={formId} onSubmit={submit} noValidate>
          <Form.Group className="mb-3" controlId={`${formId}-note`}>
            <Form.Label>Note</Form.Label>
            <Form.Control
              as="textarea"
              rows={3}
              name="note"
              value={form.data.note}
              maxLength={COLLECTION_NOTE_MAX}
              isInvalid={Boolean(form.errors.note)}
              onChange={(event) => form.setData('note', event.target.value)}
            />
            <Form.Control.Feedback type="invalid">{form.errors.note}</Form.Control.Feedback>
          </Form.Group>
          <Form.Group controlId={`${formId}-section`}>
            <Form.Label>Section</Form.Label>
            <Form.Control
              name="section"
              value={form.data.section}
              maxLength={COLLECTION_SECTION_MAX}
              list={`${formId}-sections`}
              isInvalid={Boolean(form.errors.section)}
              onChange={(event) => form.setData('section', event.target.value)}
            />
            <datalist id={`${formId}-sections`}>
              {sections.map((name) => (
                <option key={name} value={name} />
              ))}
            </datalist>
            <Form.Control.Feedback type="invalid">{form.errors.section}</Form.Control.Feedback>
          </Form.Group>
        </Form>
      </Modal.Body>
      <Modal.Footer>
        <Button variant="secondary" onClick={onHide}>
          Cancel
        </Button>
        <Button type="submit" form={formId} variant="primary" disabled={form.processing}>
          {form.processing ? '...' : 'OK'}
        </Button>
      </Modal.Footer>
    </Modal>
  );
}
