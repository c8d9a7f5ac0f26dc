import Button from 'react-bootstrap/Button';
import Dropdown from 'react-bootstrap/Dropdown';
import type { CollectionItemEntry } from '../../shared/collections';
import type { EntryStep } from './sections';
import { DRAG_HANDLE_ATTRIBUTE } from '../lib/useSortableList';
import { MOVE_CONTROL_ATTRIBUTE } from '../lib/move-focus';
import Icon from '../lib/Icon';

export type MoveControl = 'up' | 'down' | 'section';

/** Which moves a card offers: up and down within its section, and the collection's other sections. */
export interface EntryMoves {
  up: boolean;
  down: boolean;
  sections: { section: string; heading: string }[];
}

interface CollectionEntryToolsProps {
  entry: CollectionItemEntry;
  /** The entry's name as its card shows it. */
  name: string;
  moves: EntryMoves;
  onStep: (entry: CollectionItemEntry, step: EntryStep, control: MoveControl) => void;
  onEdit: (entry: CollectionItemEntry) => void;
  onRemove: (entry: CollectionItemEntry) => void;
}

/** An entry card's edit-mode tools (CollectionEntryCard): drag grip, move up, down or to a section, edit, remove. */
export default function CollectionEntryTools({ entry, name, moves, onStep, onEdit, onRemove }: CollectionEntryToolsProps) {
  return (
    <div className="card-header d-flex flex-wrap align-items-center gap-1 py-1">
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
    </div>
  );
}
