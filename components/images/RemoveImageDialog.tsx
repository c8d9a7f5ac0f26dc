import { useState, type FormEvent } from 'react';
import type { Errors } from '@inertiajs/core';
import { IMAGE_MESSAGES } from '../../shared/messages';
import type { ItemImage } from '../../shared/items';
import { deleteKeepingScroll } from '../lib/visits';
import { messagesFor } from './DialogErrors';
import ImageChoices from './ImageChoices';
import ImageFormDialog from './ImageFormDialog';
import { ROUTES } from '../../shared/routes';

export interface RemoveImageDialogProps {
  /** The item these images belong to. */
  itemRef: string;
  /** The item's images (`all_images`), shown as thumbnails to choose from. */
  images: readonly ItemImage[];
  show: boolean;
  onHide: () => void;
}

/** Remove Image: choose one of the item's images and delete it (DELETE /image/{ref}), keeping the scroll position. */
export default function RemoveImageDialog({ itemRef, images, show, onHide }: RemoveImageDialogProps) {
  const [selected, setSelected] = useState<string | null>(null);
  const [errors, setErrors] = useState<string[]>([]);
  const [sending, setSending] = useState(false);

  const close = () => {
    setSelected(null);
    setErrors([]);
    onHide();
  };
  const choose = (ref: string) => {
    setSelected(ref);
    setErrors([]);
  };

  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (!selected || !images.some((image) => image.ref === selected)) {
      setErrors([IMAGE_MESSAGES.nothingToDelete]);
      return;
    }
    deleteKeepingScroll(ROUTES.image.path({ ref: selected }), {
      onStart: () => setSending(true),
      onFinish: () => setSending(false),
      onError: (serverErrors: Errors) => setErrors(messagesFor(serverErrors, ['image'])),
      onSuccess: close,
    });
  };

  const choices = images.map((image, index) => ({ key: image.ref, src: image.public_thumbnail_large_url, label: `Image ${index + 1}` }));
  return (
    <ImageFormDialog
      id="remove-image"
      title="Remove Image"
      show={show}
      onClose={close}
      onSubmit={submit}
      errors={errors}
      sending={sending}
      submitVariant="danger"
      submitDisabled={images.length === 0}
    >
      {images.length === 0 ? (
        <p className="text-body-secondary mb-0">This item has no images.</p>
      ) : (
        <>
          <p>Choose the image to remove.</p>
          <ImageChoices legend="Images of this item" name={`remove-image-${itemRef}`} choices={choices} selected={selected} onSelect={choose} />
        </>
      )}
    </ImageFormDialog>
  );
}
