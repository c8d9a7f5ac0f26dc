import Button from 'react-bootstrap/Button';
import Card from 'react-bootstrap/Card';
import Dropdown from 'react-bootstrap/Dropdown';
import { COLLECTION_TEXTS, type CollectionItemEntry } from '../../shared/collections';
import ItemLink from '../lib/ItemLink';
import type { EntryStep } from './sections';
import { DRAG_HANDLE_ATTRIBUTE } from '../lib/useSortableList';
import { MOVE_CONTROL_ATTRIBUTE } from '../lib/MoveButtons';
import Icon from '../lib/Icon';

export type MoveControl = 'up' | 'down' | 'section';

/** Which moves a card offers: up and down within its section, and the collection's other sections. */
export interface EntryMoves {
  up: boolean;
  down: boolean;
  sections: { section: string; heading: string }[];
}

interface CollectionEntryCardProps {
  entry: CollectionItemEntry;
  editing: boolean;
  onEdit: (entry: CollectionItemEntry) => void;
  onRemove: (entry: CollectionItemEntry) => void;
  moves: EntryMoves;
  onStep: (entry: CollectionItemEntry, step: EntryStep, control: MoveControl) => void;
}

/**
 * One entry of a collection (admin-curation §3): the item's image, title (linking to /i/{ref}) and blurb, and the
 * owner's note. An item the viewer may not open is a locked placeholder. In edit mode: drag, or move up, down or to
 * another section with buttons (the keyboard's and a single pointer's way, issue 15 §4), edit note and section, remove.
 */
export default function CollectionEntryCard({ entry, editing, onEdit, onRemove, moves, onStep }: CollectionEntryCardProps) {
  const name = entry.item?.title ?? COLLECTION_TEXTS.lockedItem;
  return (
    <div className="col" role="listitem" data-entry-ref={entry.ref} aria-label={name}>
      <Card as="article" className={`h-100 shadow-sm${entry.item ? '' : ' bg-body-tertiary'}`}>
        {editing && (
          <Card.Header className="d-flex flex-wrap align-items-center gap-1 py-1">
            <span
              {...{ [DRAG_HANDLE_ATTRIBUTE]: '' }}
              className="btn btn-sm btn-link collection-entry-tool me-auto"
              style={{ cursor: 'grab' }}
              role="button"
              tabIndex={-1}
              aria-label={`Drag ${name}`}
            >
              <Icon name="bi-grip-vertical" />
            </span>
            {(['up', 'down'] as const).map((direction) => (
              <Button
                key={direction}
                size="sm"
                variant="link"
                className="collection-entry-tool"
                aria-label={`Move ${name} ${direction}`}
                disabled={!moves[direction]}
                {...{ [MOVE_CONTROL_ATTRIBUTE]: direction }}
                onClick={() => onStep(entry, { to: direction }, direction)}
              >
                <Icon name={`bi-arrow-${direction}`} />
              </Button>
            ))}
            {moves.sections.length > 0 && (
              <Dropdown focusFirstItemOnShow>
                <Dropdown.Toggle
                  size="sm"
                  variant="link"
                  className="collection-entry-tool app-no-caret"
                  aria-label={`Move ${name} to section…`}
                  {...{ [MOVE_CONTROL_ATTRIBUTE]: 'section' }}
                >
                  <Icon name="bi-box-arrow-in-right" />
                </Dropdown.Toggle>
                <Dropdown.Menu>
                  <Dropdown.Header>Move to section</Dropdown.Header>
                  {moves.sections.map((choice) => (
                    <Dropdown.Item key={choice.section} as="button" onClick={() => onStep(entry, { to: 'section', section: choice.section }, 'section')}>
                      {choice.heading}
                    </Dropdown.Item>
                  ))}
                </Dropdown.Menu>
              </Dropdown>
            )}
            <Button size="sm" variant="link" className="collection-entry-tool" aria-label={`Edit note and section of ${name}`} onClick={() => onEdit(entry)}>
              <Icon name="bi-pencil" />
            </Button>
            <Button size="sm" variant="link" className="collection-entry-tool text-danger" aria-label={`Remove ${name}`} onClick={() => onRemove(entry)}>
              <Icon name="bi-trash" />
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
              <Icon name="bi-lock" className="me-1" />
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
