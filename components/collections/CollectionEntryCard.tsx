import Button from 'react-bootstrap/Button';
import Card from 'react-bootstrap/Card';
import { COLLECTION_TEXTS, type CollectionItemEntry } from '../../shared/collections';
import ItemLink from '../item/ItemLink';
import { DRAG_HANDLE_ATTRIBUTE } from './SortableEntryList';

interface CollectionEntryCardProps {
  entry: CollectionItemEntry;
  editing: boolean;
  onEdit: (entry: CollectionItemEntry) => void;
  onRemove: (entry: CollectionItemEntry) => void;
}

/**
 * One entry of a collection (admin-curation §3): the item's image, title (linking to /i/{ref}) and blurb, and the
 * owner's note. An item the viewer may not open is a locked placeholder. In edit mode: drag, edit note and section, remove.
 */
export default function CollectionEntryCard({ entry, editing, onEdit, onRemove }: CollectionEntryCardProps) {
  const name = entry.item?.title ?? COLLECTION_TEXTS.lockedItem;
  return (
    <div className="col" role="listitem" data-entry-ref={entry.ref} aria-label={name}>
      <Card as="article" className={`h-100 shadow-sm${entry.item ? '' : ' bg-body-tertiary'}`}>
        {editing && (
          <Card.Header className="d-flex align-items-center gap-2 py-1">
            <span {...{ [DRAG_HANDLE_ATTRIBUTE]: '' }} className="btn btn-sm btn-link p-0 me-auto" style={{ cursor: 'grab' }} role="button" tabIndex={-1} aria-label={`Drag ${name}`}>
              <i className="bi bi-grip-vertical" aria-hidden="true" />
            </span>
            <Button size="sm" variant="link" className="p-0" aria-label={`Edit note and section of ${name}`} onClick={() => onEdit(entry)}>
              <i className="bi bi-pencil" aria-hidden="true" />
            </Button>
            <Button size="sm" variant="link" className="p-0 text-danger" aria-label={`Remove ${name}`} onClick={() => onRemove(entry)}>
              <i className="bi bi-trash" aria-hidden="true" />
            </Button>
          </Card.Header>
        )}
        {entry.item?.image && <Card.Img variant="top" src={entry.item.image} alt="" loading="lazy" className="object-fit-cover" style={{ height: 140 }} />}
        <Card.Body>
          {entry.item ? (
            <>
              <Card.Title as="h3" className="h6 mb-1">
                <ItemLink itemRef={entry.item.ref} className={editing ? undefined : 'stretched-link text-decoration-none'}>
                  {entry.item.title}
                </ItemLink>
              </Card.Title>
              {entry.item.blurb && <Card.Text className="small mb-1 item-card-blurb">{entry.item.blurb}</Card.Text>}
            </>
          ) : (
            <Card.Title as="h3" className="h6 mb-1 text-body-secondary">
              <i className="bi bi-lock me-1" aria-hidden="true" />
              {COLLECTION_TEXTS.lockedItem}
            </Card.Title>
          )}
          {entry.note && (
            <Card.Text className="small fst-italic text-body-secondary mb-0" style={{ whiteSpace: 'pre-wrap' }}>
              {entry.note}
            </Card.Text>
          )}
        </Card.Body>
      </Card>
    </div>
  );
}
