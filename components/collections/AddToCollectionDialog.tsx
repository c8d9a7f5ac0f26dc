import { useId, useRef, type FormEvent } from 'react';
import { useForm } from '@inertiajs/react';
import Notice from '../lib/Notice';
import Form from 'react-bootstrap/Form';
import Dialog from '../lib/Dialog';
import { ADD_TO_COLLECTION_TITLE, COLLECTION_TEXTS, collectionChoiceLabel, type CollectionChoice } from '../../shared/collections';
import ModalFormFooter from '../forms/ModalFormFooter';
import { useOnDemandProp } from '../lib/useOnDemandProp';
import NewCollectionInline from './NewCollectionInline';
import EntryNoteAndSection from './EntryNoteAndSection';
import { ROUTES } from '../../shared/routes';

interface AddToCollectionDialogProps {
  show: boolean;
  onHide: () => void;
  itemRef: string;
  /** The item page's `collectionChoices` prop: undefined until the dialog has asked for it. */
  choices: CollectionChoice[] | undefined;
}

interface AddToCollectionForm {
  collection: string;
  note: string;
  section: string;
  [key: string]: string;
}

const initialValues = (): AddToCollectionForm => ({ collection: '', note: '', section: '' });

/**
 * Add to Collection: one of the viewer's collections, a note and a section; posts
 * /collection/{collection}/item/{ref}. Errors under `collection` show as a danger alert. Collections that already
 * hold the item say so and cannot be chosen; "+ New collection" creates one and chooses it.
 */
export default function AddToCollectionDialog({ show, onHide, itemRef, choices: pageChoices }: AddToCollectionDialogProps) {
  const choices = useOnDemandProp('collectionChoices', pageChoices, show);
  const form = useForm<AddToCollectionForm>(initialValues());
  const formId = useId();
  const select = useRef<HTMLSelectElement>(null);
  const chosen = choices?.find((choice) => choice.ref === form.data.collection);

  const resetForm = () => {
    form.setData(initialValues());
    form.clearErrors();
  };

  const chooseCreated = (ref: string) => {
    form.setData('collection', ref);
    form.clearErrors('collection');
    select.current?.focus();
  };

  const submit = (event: FormEvent) => {
    event.preventDefault();
    // The collection travels in the path; the body carries note and section only.
    form.transform(({ note, section }) => ({ note, section }));
    form.post(ROUTES.collectionAddItem.path({ collection: form.data.collection, ref: itemRef }), { preserveScroll: true, onSuccess: onHide });
  };

  return (
    <Dialog show={show} onHide={onHide} onEnter={resetForm} aria-labelledby={`${formId}-title`}>
      <Dialog.Header closeButton>
        <Dialog.Title id={`${formId}-title`}>{ADD_TO_COLLECTION_TITLE}</Dialog.Title>
      </Dialog.Header>
      <Dialog.Body>
        {form.errors.collection && <Notice variant="danger">{form.errors.collection}</Notice>}
        {choices?.length === 0 && <Notice variant="info">{COLLECTION_TEXTS.noCollectionsYet}</Notice>}
        <Form id={formId} onSubmit={submit} noValidate>
          <Form.Group className="mb-1" controlId={`${formId}-collection`}>
            <Form.Label>Collection</Form.Label>
            <Form.Select ref={select} name="collection" value={form.data.collection} onChange={(event) => form.setData('collection', event.target.value)}>
              <option value="">{choices === undefined ? 'Loading...' : COLLECTION_TEXTS.chooseCollection}</option>
              {choices?.map((choice) => (
                <option key={choice.ref} value={choice.ref} disabled={choice.holdsItem}>
                  {collectionChoiceLabel(choice)}
                </option>
              ))}
            </Form.Select>
          </Form.Group>
          <NewCollectionInline onCreated={chooseCreated} />
          <EntryNoteAndSection
            formId={formId}
            note={form.data.note}
            section={form.data.section}
            errors={form.errors}
            onChange={(field, value) => form.setData(field, value)}
            sections={chosen?.sections}
            noteRows={2}
          />
        </Form>
      </Dialog.Body>
      <ModalFormFooter formId={formId} processing={form.processing} onCancel={onHide} submitLabel={COLLECTION_TEXTS.addToCollection} />
    </Dialog>
  );
}
