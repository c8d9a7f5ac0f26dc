import { useCallback, useEffect, useLayoutEffect, useRef } from 'react';
import { DRAG_HANDLE_ATTRIBUTE } from './useSortableList';
import Icon from './Icon';

/** Names each move control of a row ('up', 'down', or a list's own, e.g. 'section'), so that the focus can come back to it after the row moved. */
export const MOVE_CONTROL_ATTRIBUTE = 'data-move-control';
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

/** Move up / Move down: the keyboard's and a single pointer's way to do what a drag does (issue 15 §4). */
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

/**
 * Keeps the focus on a row moved with its move controls: React moving the row among its siblings (or into another
 * list, as a new element), or the control becoming disabled at an end, drops the focus; once `rows` (the lists as
 * drawn) change, it goes back to the moved row's control that was used, or its first other enabled one. The saves'
 * props may arrive late and out of step with the moves, so the wish lasts until the person takes the focus elsewhere
 * or uses a pointer. Returns `keepFocus(rowRef, control)`, to call when a control is used; rows carry
 * `data-entry-ref`, controls `MOVE_CONTROL_ATTRIBUTE`.
 */
export function useMoveFocus(rows: unknown): (rowRef: string, control: string) => void {
  const wanted = useRef<{ rowRef: string; control: string } | null>(null);

  useEffect(() => {
    const forget = (event: Event) => {
      const current = wanted.current;
      if (!current) return;
      const insideMovedRow = event.type === 'focusin' && event.target instanceof Element && event.target.closest(`[data-entry-ref="${current.rowRef}"]`);
      if (!insideMovedRow) wanted.current = null;
    };
    document.addEventListener('focusin', forget);
    document.addEventListener('pointerdown', forget);
    return () => {
      document.removeEventListener('focusin', forget);
      document.removeEventListener('pointerdown', forget);
    };
  }, []);

  useLayoutEffect(() => {
    const current = wanted.current;
    if (!current || !focusIsLost()) return;
    const row = document.querySelector(`[data-entry-ref="${current.rowRef}"]`);
    const enabled = ':not(:disabled)';
    const control =
      row?.querySelector<HTMLElement>(`[${MOVE_CONTROL_ATTRIBUTE}="${current.control}"]${enabled}`) ??
      row?.querySelector<HTMLElement>(`[${MOVE_CONTROL_ATTRIBUTE}]${enabled}`);
    control?.focus();
  }, [rows]);

  return useCallback((rowRef, control) => {
    wanted.current = { rowRef, control };
  }, []);
}

/** Nothing has the focus, or a button that has just been disabled still holds it. */
function focusIsLost(): boolean {
  const active = document.activeElement;
  return active === null || active === document.body || !active.isConnected || (active instanceof HTMLButtonElement && active.disabled);
}
