import { useId, type FormEvent } from 'react';
import { useForm } from '@inertiajs/react';
import Form from 'react-bootstrap/Form';
import Dialog from '../lib/Dialog';
import { type CollectionItemEntry } from '../../shared/collections';
import ModalFormFooter from '../forms/ModalFormFooter';
import EntryNoteAndSection from './EntryNoteAndSection';
import { ROUTES } from '../../shared/routes';

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

/** Edits an entry's note and section: PATCH /collection_item/{ref} with note and section. */
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
    form.patch(ROUTES.collectionEntry.path({ ref: entry.ref }), { preserveScroll: true, onSuccess: onHide });
  };

  return (
    <Dialog show={entry !== null} onHide={onHide} onEnter={resetForm} aria-labelledby={`${formId}-title`}>
      <Dialog.Header closeButton>
        <Dialog.Title id={`${formId}-title`}>Note and section</Dialog.Title>
      </Dialog.Header>
      <Dialog.Body>
        <Form id={formId} onSubmit={submit} noValidate>
          <EntryNoteAndSection
            formId={formId}
            note={form.data.note}
            section={form.data.section}
            errors={form.errors}
            onChange={(field, value) => form.setData(field, value)}
            sections={sections}
            noteRows={3}
          />
        </Form>
      </Dialog.Body>
      <ModalFormFooter formId={formId} processing={form.processing} onCancel={onHide} />
    </Dialog>
  );
}
