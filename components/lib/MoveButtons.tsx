import { DRAG_HANDLE_ATTRIBUTE } from './useSortableList';
import Icon from './Icon';
import { MOVE_CONTROL_ATTRIBUTE } from './move-focus';

type MoveDirection = 'up' | 'down';

interface MoveButtonsProps {
  /** What the row is called, in the buttons' names ('Move Youth up'). */
  name: string;
  /** The row's place in its whole list (0-based) and the list's length. */
  index: number;
  count: number;
  /** Called with the index the row should take, and the button used. */
  onMove: (index: number, direction: MoveDirection) => void;
  className?: string;
}

/** Move up / Move down: the keyboard's and a single pointer's way to do what a drag does. */
export default function MoveButtons({ name, index, count, onMove, className = '' }: MoveButtonsProps) {
  const button = (direction: MoveDirection, disabled: boolean) => (
    <button
      type="button"
      className="btn btn-outline-secondary"
      aria-label={`Move ${name} ${direction}`}
      disabled={disabled}
      {...{ [MOVE_CONTROL_ATTRIBUTE]: direction }}
      onClick={() => onMove(direction === 'up' ? index - 1 : index + 1, direction)}
    >
      <Icon name={`bi-arrow-${direction}`} />
    </button>
  );
  return (
    <div className={`btn-group btn-group-sm ${className}`} role="group" aria-label={`Move ${name}`}>
      {button('up', index === 0)}
      {button('down', index >= count - 1)}
    </div>
  );
}

/** The grip a row is dragged by (sortablejs); keyboard users have the Move buttons beside it. */
export function DragGrip({ name }: { name: string }) {
  return (
    <span {...{ [DRAG_HANDLE_ATTRIBUTE]: '' }} className="text-body-secondary" style={{ cursor: 'grab' }} role="img" aria-label={`Drag ${name}`}>
      <Icon name="bi-grip-vertical" />
    </span>
  );
}
