import { useState, type ChangeEvent, type FormEvent } from 'react';
import { router } from '@inertiajs/react';
import type { Errors, HttpProgressEvent } from '@inertiajs/core';
import Form from 'react-bootstrap/Form';
import { CONTENT_FIELDS, CONTENT_MESSAGES, type Content } from '../../shared/content';
import { UPLOAD_TYPES } from '../../shared/constants';
import { messagesFor } from '../images/DialogErrors';
import ImageFormDialog from '../images/ImageFormDialog';
import ProgressMeter from '../lib/ProgressMeter';
import { ROUTES } from '../../shared/routes';

export interface UploadContentDialogProps {
  itemRef: string;
  /** The item's content, of which the non-samples may be a sample's full version. */
  contents: Content[];
  show: boolean;
  onHide: () => void;
}

const ACCEPTED_FILES = [...UPLOAD_TYPES.map((type) => `.${type}`), '.jpeg'].join(',');

/** The upload's errors: the general one, then one per refused file in order, then the sample's. */
export function uploadErrors(errors: Errors): string[] {
  const perFile = Object.keys(errors)
    .filter((key) => key.startsWith(`${CONTENT_FIELDS.upload}.`))
    .sort((a, b) => Number(a.split('.')[1]) - Number(b.split('.')[1]));
  return messagesFor(errors, [CONTENT_FIELDS.upload, ...perFile, CONTENT_FIELDS.sampleOf]);
}

/**
 * Upload Content: one or more files of the accepted types, optionally as a sample of a chosen
 * full version. A progress bar follows the upload; the server's refusals show as danger alerts.
 */
export default function UploadContentDialog({ itemRef, contents, show, onHide }: UploadContentDialogProps) {
  const [files, setFiles] = useState<File[]>([]);
  const [sample, setSample] = useState(false);
  const [sampleOfRef, setSampleOfRef] = useState('');
  const [errors, setErrors] = useState<string[]>([]);
  const [sending, setSending] = useState(false);
  const [progress, setProgress] = useState<number | null>(null);
  const fullVersions = contents.filter((content) => !content.is_sample);

  const close = () => {
    setFiles([]);
    setSample(false);
    setSampleOfRef('');
    setErrors([]);
    setProgress(null);
    onHide();
  };

  const chooseFiles = (event: ChangeEvent<HTMLInputElement>) => {
    setFiles(Array.from(event.target.files ?? []));
    setErrors([]);
  };

  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (files.length === 0) return setErrors([CONTENT_MESSAGES.nothingUploaded]);
    if (sample && sampleOfRef === '') return setErrors([CONTENT_MESSAGES.chooseFullVersion]);
    router.post(
      ROUTES.itemContentUpload.path({ ref: itemRef }),
      { [CONTENT_FIELDS.upload]: files, sample: sample ? 'true' : 'false', [CONTENT_FIELDS.sampleOf]: sample ? sampleOfRef : '' },
      {
        forceFormData: true,
        preserveScroll: true,
        onStart: () => setSending(true),
        onProgress: (progressEvent?: HttpProgressEvent) => setProgress(progressEvent?.percentage ?? null),
        onFinish: () => {
          setSending(false);
          setProgress(null);
        },
        onError: (serverErrors: Errors) => setErrors(uploadErrors(serverErrors)),
        onSuccess: close,
      },
    );
  };

  return (
    <ImageFormDialog
      id="upload-content"
      title="Upload Content"
      show={show}
      onClose={close}
      onSubmit={submit}
      errors={errors}
      sending={sending}
      submitVariant="primary"
    >
      <Form.Group controlId="upload-content-files" className="mb-3">
        <Form.Label>Files</Form.Label>
        <Form.Control type="file" accept={ACCEPTED_FILES} multiple onChange={chooseFiles} disabled={sending} />
        <Form.Text>Accepted: {UPLOAD_TYPES.join(', ')}.</Form.Text>
      </Form.Group>
      {progress !== null && <ProgressMeter label="Upload progress" now={progress} />}
      <Form.Check
        id="upload-content-sample"
        className="mb-2"
        label="This is a sample of another content file"
        checked={sample}
        disabled={sending || fullVersions.length === 0}
        onChange={(event) => setSample(event.target.checked)}
      />
      {sample && (
        <Form.Group controlId="upload-content-full-version">
          <Form.Label>Full version</Form.Label>
          <Form.Select value={sampleOfRef} onChange={(event) => setSampleOfRef(event.target.value)} disabled={sending}>
            <option value="">Choose the full version…</option>
            {fullVersions.map((content) => (
              <option key={content.ref} value={content.ref}>
                {content.label}
              </option>
            ))}
          </Form.Select>
        </Form.Group>
      )}
    </ImageFormDialog>
  );
}
