import { useRef, useState, type ChangeEvent, type FormEvent } from 'react';
import { router } from '@inertiajs/react';
import type { Errors, HttpProgressEvent } from '@inertiajs/core';
import Form from 'react-bootstrap/Form';
import { IMAGE_UPLOAD_TYPES } from '../../shared/constants';
import { IMAGE_MESSAGES } from '../../shared/messages';
import type { StockImageResult } from '../../shared/items';
import { messagesFor } from './DialogErrors';
import ImageChoices from './ImageChoices';
import ImageFormDialog from './ImageFormDialog';
import { stockImageLabel, useStockImageSearch } from './useStockImageSearch';
import ProgressMeter from '../lib/ProgressMeter';
import { ROUTES } from '../../shared/routes';

export interface AddImageDialogProps {
  /** The item the image is added to. */
  itemRef: string;
  show: boolean;
  onHide: () => void;
}

/** jpg and png only; .jpeg is the same type under another name. */
const ACCEPTED_FILES = [...IMAGE_UPLOAD_TYPES.map((type) => `.${type}`), '.jpeg', 'image/jpeg', 'image/png'].join(',');
const SERVER_ERROR_FIELDS = ['image', 'imageUpload'] as const;

/**
 * Add Image: upload one or more jpg/png files, or pick a stock image found by search. The dialog
 * closes once the server accepted the image; its refusals show as danger alerts.
 */
export default function AddImageDialog({ itemRef, show, onHide }: AddImageDialogProps) {
  const fileInput = useRef<HTMLInputElement>(null);
  const [files, setFiles] = useState<File[]>([]);
  const [stockImage, setStockImage] = useState<StockImageResult | null>(null);
  const [query, setQuery] = useState('');
  const [errors, setErrors] = useState<string[]>([]);
  const [sending, setSending] = useState(false);
  const [progress, setProgress] = useState<number | null>(null);
  const stockImages = useStockImageSearch(query, show);

  const reset = () => {
    setFiles([]);
    setStockImage(null);
    setQuery('');
    setErrors([]);
    setProgress(null);
  };
  const close = () => {
    reset();
    onHide();
  };

  const chooseFiles = (event: ChangeEvent<HTMLInputElement>) => {
    setFiles(Array.from(event.target.files ?? []));
    // One way of adding at a time: choosing files drops a picked stock image.
    setStockImage(null);
    setErrors([]);
  };
  const chooseStockImage = (id: string) => {
    setStockImage(stockImages?.find((image) => image.id === id) ?? null);
    setFiles([]);
    if (fileInput.current) fileInput.current.value = '';
    setErrors([]);
  };

  const callbacks = {
    preserveScroll: true,
    onStart: () => setSending(true),
    onFinish: () => {
      setSending(false);
      setProgress(null);
    },
    onError: (serverErrors: Errors) => setErrors(messagesFor(serverErrors, SERVER_ERROR_FIELDS)),
    onSuccess: close,
  };

  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (files.length > 0) {
      router.post(
        ROUTES.itemImageUpload.path({ ref: itemRef }),
        { imageUpload: files },
        {
          ...callbacks,
          forceFormData: true,
          onProgress: (event?: HttpProgressEvent) => setProgress(event?.percentage ?? null),
        },
      );
    } else if (stockImage) {
      router.post(ROUTES.itemImageExternal.path({ ref: itemRef }), { image: stockImage.full }, callbacks);
    } else {
      setErrors([IMAGE_MESSAGES.nothingChosen]);
    }
  };

  return (
    <ImageFormDialog id="add-image" title="Add Image" show={show} onClose={close} onSubmit={submit} errors={errors} sending={sending} submitVariant="primary">
      <Form.Group controlId="add-image-upload" className="mb-3">
        <Form.Label>Upload an image (JPG or PNG)</Form.Label>
        <Form.Control ref={fileInput} type="file" accept={ACCEPTED_FILES} multiple onChange={chooseFiles} disabled={sending} />
        <Form.Text>{IMAGE_MESSAGES.permissionNote}</Form.Text>
      </Form.Group>
      {progress !== null && <ProgressMeter label="Upload progress" now={progress} />}
      <StockImageSearch query={query} onQueryChange={setQuery} results={stockImages} selected={stockImage?.id ?? null} onSelect={chooseStockImage} />
    </ImageFormDialog>
  );
}

interface StockImageSearchProps {
  query: string;
  onQueryChange: (query: string) => void;
  results: StockImageResult[] | null;
  selected: string | null;
  onSelect: (id: string) => void;
}

function StockImageSearch({ query, onQueryChange, results, selected, onSelect }: StockImageSearchProps) {
  const choices = (results ?? []).map((image) => ({ key: image.id, src: image.preview, label: stockImageLabel(image.id) }));
  return (
    <>
      <Form.Group controlId="add-image-stock-search" className="mb-2">
        <Form.Label>Or choose a stock image</Form.Label>
        <Form.Control type="search" placeholder="Search stock images" value={query} onChange={(event) => onQueryChange(event.target.value)} />
      </Form.Group>
      {results !== null && choices.length === 0 && <p className="text-body-secondary">No stock images match your search.</p>}
      <ImageChoices legend="Stock images" name="add-image-stock" choices={choices} selected={selected} onSelect={onSelect} />
    </>
  );
}
