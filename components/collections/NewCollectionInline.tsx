import { useId, useState, type KeyboardEvent } from 'react';
import { useForm } from '@inertiajs/react';
import Button from 'react-bootstrap/Button';
import Form from 'react-bootstrap/Form';
import { invalidIf } from '../forms/field-error';
import InputGroup from 'react-bootstrap/InputGroup';
import { COLLECTION_TEXTS, COLLECTION_TITLE_MAX, CREATED_COLLECTION_FLASH } from '../../shared/collections';
import { announceNavigationHistoryChange } from '../layout/navigation-history';

interface NewCollectionInlineProps {
  /** Called with the new collection's ref once the page's `collectionChoices` hold it. */
  onCreated: (ref: string) => void;
}

/**
 * Add to Collection's "+ New collection": a title field that creates a private collection through POST /collection
 * (its validation and messages) with `stay`, so the answer comes back to this page instead of opening the collection.
 * The post asks for `collectionChoices` by name, so the page back carries the new choice (or the title's error).
 * It sits inside the dialog's form, so Enter here creates rather than submitting Add to Collection.
 */
export default function NewCollectionInline({ onCreated }: NewCollectionInlineProps) {
  const [open, setOpen] = useState(false);
  const form = useForm({ title: '' });
  const id = useId();

  const close = () => {
    setOpen(false);
    form.reset();
    form.clearErrors();
  };

  const create = () => {
    if (form.processing) return;
    form.transform(({ title }) => ({ title, stay: true }));
    form.post('/collection', {
      only: ['collectionChoices'],
      preserveScroll: true,
      onSuccess: (page) => {
        const ref = page.flash[CREATED_COLLECTION_FLASH];
        close();
        if (typeof ref !== 'string') return;
        // The sidebar's Collections group lists the new one at once.
        announceNavigationHistoryChange();
        onCreated(ref);
      },
    });
  };

  const createOnEnter = (event: KeyboardEvent<HTMLInputElement>) => {
    if (event.key !== 'Enter') return;
    event.preventDefault();
    create();
  };

  return (
    <div className="mb-3">
      <Button variant="link" size="sm" className="px-0" aria-expanded={open} aria-controls={`${id}-panel`} onClick={() => (open ? close() : setOpen(true))}>
        {COLLECTION_TEXTS.newCollectionInline}
      </Button>
      {open && (
        <Form.Group id={`${id}-panel`} controlId={`${id}-title`}>
          <Form.Label>{COLLECTION_TEXTS.newCollectionTitle}</Form.Label>
          <InputGroup hasValidation>
            <Form.Control
              name="title"
              value={form.data.title}
              maxLength={COLLECTION_TITLE_MAX}
              {...invalidIf(form.errors.title, `${id}-error`)}
              autoFocus
              onChange={(event) => form.setData('title', event.target.value)}
              onKeyDown={createOnEnter}
            />
            <Button variant="outline-primary" disabled={form.processing} onClick={create}>
              {form.processing ? '...' : COLLECTION_TEXTS.createCollection}
            </Button>
            <Form.Control.Feedback id={`${id}-error`} type="invalid">
              {form.errors.title}
            </Form.Control.Feedback>
          </InputGroup>
        </Form.Group>
      )}
    </div>
  );
}
