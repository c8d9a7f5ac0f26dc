/**
 * The one way Equip makes a list draggable (sortablejs): collection sections and the tag tree. Every drag has a
 * keyboard alternative next to it (Move up / down / to section buttons), which the lists' own components provide.
 */
import { useEffect, useEffectEvent, useRef, type RefObject } from 'react';
import type { default as Sortable, SortableEvent } from 'sortablejs';
import { DRAG_ANIMATION_MS } from '../../shared/constants';

/** Called when an entry is dropped somewhere else: its ref, the list (`data-section`) it now belongs to, its index there. */
export type EntryMoveHandler = (entryRef: string, toSection: string, position: number) => void;

/** Marks the element a drag starts from (each entry's grip). */
export const DRAG_HANDLE_ATTRIBUTE = 'data-drag-handle';

/**
 * Sortable's drop handler. Sortable has already moved the dragged node; React owns that DOM, so the node goes back
 * where React put it, and the new order arrives as props (optimistically, then from the server).
 */
function sortableEndHandler(onMove: EntryMoveHandler) {
  return (event: SortableEvent) => {
    const { item, from, to, oldIndex, newIndex } = event;
    item.remove();
    from.insertBefore(item, from.children[oldIndex ?? from.children.length] ?? null);
    const entryRef = item.dataset.entryRef;
    const toSection = to.dataset.section;
    if (entryRef === undefined || toSection === undefined || newIndex === undefined) return;
    if (from === to && oldIndex === newIndex) return;
    onMove(entryRef, toSection, newIndex);
  };
}

/**
 * A ref for the list element: while `enabled`, its children with `data-entry-ref` can be dragged by their
 * `DRAG_HANDLE_ATTRIBUTE` grip within it and to the other lists of `group`; the list carries `data-section`.
 */
export function useSortableList<T extends HTMLElement>(enabled: boolean, group: string, onMove: EntryMoveHandler): RefObject<T | null> {
  const listRef = useRef<T>(null);
  const moved = useEffectEvent(onMove);

  useEffect(() => {
    const list = listRef.current;
    if (!enabled || !list) return;
    // sortablejs (13 kB compressed) loads when a list first becomes draggable, so reading pages never download it.
    let sortable: Sortable | undefined;
    let cleanedUp = false;
    void import('sortablejs')
      .then(({ default: SortableList }) => {
        if (cleanedUp) return;
        sortable = SortableList.create(list, {
          group,
          animation: DRAG_ANIMATION_MS,
          handle: `[${DRAG_HANDLE_ATTRIBUTE}]`,
          draggable: '[data-entry-ref]',
          // Mouse and touch events rather than native drag and drop: the same on every browser and device.
          forceFallback: true,
          fallbackOnBody: true,
          onEnd: sortableEndHandler((entryRef, toSection, position) => moved(entryRef, toSection, position)),
        });
      })
      // Without the library (no network) the list stays as it is; the Move buttons still move entries.
      .catch(() => undefined);
    return () => {
      cleanedUp = true;
      sortable?.destroy();
    };
  }, [enabled, group]);

  return listRef;
}
