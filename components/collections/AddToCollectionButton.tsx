import { useState } from 'react';
import Button from 'react-bootstrap/Button';
import { ADD_TO_COLLECTION_TITLE, type CollectionChoice } from '../../shared/collections';
import Icon from '../lib/Icon';
import { onDemandDialog } from '../lib/on-demand';

// Loaded when first opened.
const AddToCollectionDialog = onDemandDialog(() => import('./AddToCollectionDialog'));

/** The item page's Add to Collection action (for signed-in users) and its dialog. */
export default function AddToCollectionButton({ itemRef, choices }: { itemRef: string; choices: CollectionChoice[] | undefined }) {
  const [show, setShow] = useState(false);
  return (
    <>
      <Button size="sm" variant="outline-secondary" onClick={() => setShow(true)}>
        <Icon name="bi-collection" className="me-1" />
        {ADD_TO_COLLECTION_TITLE}
      </Button>
      <AddToCollectionDialog show={show} onHide={() => setShow(false)} itemRef={itemRef} choices={choices} />
    </>
  );
}
