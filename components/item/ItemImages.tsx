import { useState } from 'react';
import Button from 'react-bootstrap/Button';
import type { ItemImage } from '../../shared/items';
import ItemImageCarousel from './ItemImageCarousel';
import Icon from '../lib/Icon';
import { onDemandDialog } from '../lib/on-demand';

// Editors' dialogs, loaded when first opened.
const AddImageDialog = onDemandDialog(() => import('../images/AddImageDialog'));
const RemoveImageDialog = onDemandDialog(() => import('../images/RemoveImageDialog'));

interface ItemImagesProps {
  itemRef: string;
  title: string;
  images: ItemImage[];
  /** Edit mode offers Add Image, and Remove Image when there is one to remove. */
  editing: boolean;
}

/** The item's image carousel and, in edit mode, the Add Image and Remove Image dialogs. */
export default function ItemImages({ itemRef, title, images, editing }: ItemImagesProps) {
  return (
    <>
      {/* A changed set of images starts the carousel again at the first one. */}
      <ItemImageCarousel key={images.map((image) => image.ref).join()} images={images} title={title} />
      {editing && <ImageEditing itemRef={itemRef} images={images} />}
    </>
  );
}

function ImageEditing({ itemRef, images }: { itemRef: string; images: ItemImage[] }) {
  const [dialog, setDialog] = useState<'add' | 'remove' | null>(null);
  const close = () => setDialog(null);
  return (
    <div role="group" aria-label="Images" className="d-flex flex-wrap gap-2 mb-3">
      <Button size="sm" variant="outline-primary" onClick={() => setDialog('add')}>
        <Icon name="bi-image" className="me-1" />
        Add Image
      </Button>
      {images.length > 0 && (
        <Button size="sm" variant="outline-danger" onClick={() => setDialog('remove')}>
          <Icon name="bi-x-square" className="me-1" />
          Remove Image
        </Button>
      )}
      <AddImageDialog itemRef={itemRef} show={dialog === 'add'} onHide={close} />
      <RemoveImageDialog itemRef={itemRef} images={images} show={dialog === 'remove'} onHide={close} />
    </div>
  );
}
