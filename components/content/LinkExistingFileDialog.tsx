import { useState, type FormEvent } from 'react';
import { router } from '@inertiajs/react';
import type { Errors } from '@inertiajs/core';
import Form from 'react-bootstrap/Form';
import ListGroup from 'react-bootstrap/ListGroup';
import { CONTENT_FIELDS, CONTENT_MESSAGES, type UnlinkedFile } from '../../shared/content';
import { messagesFor } from '../images/DialogErrors';
import { useOnDemandProp } from '../lib/useOnDemandProp';
import ImageFormDialog from '../images/ImageFormDialog';
import ContentFormatIcon from './ContentFormatIcon';
import { ROUTES } from '../../shared/routes';

export interface LinkExistingFileDialogProps {
  itemRef: string;
  /** The files of the item's folder no content row uses; undefined until the page has loaded them. */
  files: UnlinkedFile[] | undefined;
  show: boolean;
  onHide: () => void;
}

/**
 * Link Existing File: choose a file of the item's drive folder that no content row uses, and
 * optionally a label (by default the file name, shortened as the server does). The list loads when the dialog opens.
 */
export default function LinkExistingFileDialog({ itemRef, files: pageFiles, show, onHide }: LinkExistingFileDialogProps) {
  const files = useOnDemandProp('unlinkedFiles', pageFiles, show);
  const [chosen, setChosen] = useState<string | null>(null);
  const [label, setLabel] = useState('');
  const [errors, setErrors] = useState<string[]>([]);
  const [sending, setSending] = useState(false);

  const close = () => {
    setChosen(null);
    setLabel('');
    setErrors([]);
    onHide();
  };

  const choose = (file: UnlinkedFile) => {
    setChosen(file.id);
    setLabel(file.default_label);
    setErrors([]);
  };

  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (!chosen) return setErrors([CONTENT_MESSAGES.selectFile]);
    router.post(
      ROUTES.itemContent.path({ ref: itemRef }),
      { [CONTENT_FIELDS.driveFile]: chosen, label },
      {
        preserveScroll: true,
        onStart: () => setSending(true),
        onFinish: () => setSending(false),
        onError: (serverErrors: Errors) => setErrors(messagesFor(serverErrors, [CONTENT_FIELDS.driveFile, 'label'])),
        onSuccess: close,
      },
    );
  };

  return (
    <ImageFormDialog
      id="link-file"
      title="Link Existing File"
      show={show}
      onClose={close}
      onSubmit={submit}
      errors={errors}
      sending={sending}
      submitVariant="primary"
    >
      {files === undefined && <p className="text-body-secondary">Loading...</p>}
      {files?.length === 0 && <p className="text-body-secondary">{CONTENT_MESSAGES.noUnlinkedFiles}</p>}
      {files && files.length > 0 && (
        <ListGroup as="fieldset" className="mb-3" aria-label="Unlinked files">
          {files.map((file) => (
            <ListGroup.Item key={file.id} as="label" action className="d-flex align-items-center gap-2" active={chosen === file.id}>
              <Form.Check.Input type="radio" name="link-file-choice" checked={chosen === file.id} onChange={() => choose(file)} aria-label={file.name} />
              <ContentFormatIcon format={file.format} />
              <span className="flex-grow-1">{file.name}</span>
              {file.size && <small>{file.size}</small>}
            </ListGroup.Item>
          ))}
        </ListGroup>
      )}
      <Form.Group controlId="link-file-label">
        <Form.Label>Label</Form.Label>
        <Form.Control value={label} maxLength={255} onChange={(event) => setLabel(event.target.value)} disabled={sending} />
      </Form.Group>
    </ImageFormDialog>
  );
}
