/**
 * Where the focus goes after a keyboard move of a row (Move up / Move down, MoveButtons.tsx): back to the control used,
 * wherever the row went. Apart from the buttons, which only edit modes show, so a reading page need not load them.
 */
import { useCallback, useEffect, useLayoutEffect, useRef } from 'react';

/** Names each move control of a row ('up', 'down', or a list's own, e.g. 'section'), so that the focus can come back to it after the row moved. */
export const MOVE_CONTROL_ATTRIBUTE = 'data-move-control';

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
