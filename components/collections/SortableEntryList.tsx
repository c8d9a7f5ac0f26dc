import { useEffect, useEffectEvent, useRef, type ReactNode } from 'react';
import Sortable, { type SortableEvent } from 'sortablejs';
import { DRAG_ANIMATION_MS } from '../../shared/constants';

/** Called when an entry is dropped somewhere else: its ref, the section it now belongs to, its index there. */
export type EntryMoveHandler = (entryRef: string, toSection: string, position: number) => void;

/** Marks the element a drag starts from (each entry card's grip). */
export const DRAG_HANDLE_ATTRIBUTE = 'data-drag-handle';

/**
 * Sortable's drop handler. Sortable has already moved the dragged node; React owns that DOM, so the node goes back
 * where React put it, and the new order arrives as props (optimistically, then from the server).
 */
export function sortableEndHandler(onMove: EntryMoveHandler) {
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

interface SortableEntryListProps {
  /** The section's name ('' for entries without one). */
  section: string;
  /** Lists of one group exchange entries: the sections of one collection. */
  group: string;
  /** Dragging is on only in edit mode. */
  enabled: boolean;
  onMove: EntryMoveHandler;
  label: string;
  /** The entries, each an element with `data-entry-ref`. */
  children: ReactNode;
}

/** One section's entries; in edit mode they can be dragged within it and to the collection's other sections. */
export default function SortableEntryList({ section, group, enabled, onMove, label, children }: SortableEntryListProps) {
  const listRef = useRef<HTMLDivElement>(null);
  const moved = useEffectEvent(onMove);

  useEffect(() => {
    if (!enabled || !listRef.current) return;
    const sortable = Sortable.create(listRef.current, {
      group,
      animation: DRAG_ANIMATION_MS,
      handle: `[${DRAG_HANDLE_ATTRIBUTE}]`,
      draggable: '[data-entry-ref]',
      // Mouse and touch events rather than native drag and drop: the same on every browser and device.
      forceFallback: true,
      fallbackOnBody: true,
      onEnd: sortableEndHandler((entryRef, toSection, position) => moved(entryRef, toSection, position)),
    });
    return () => sortable.destroy();
  }, [enabled, group]);

  return (
    <div ref={listRef} className="row row-cols-1 row-cols-sm-2 row-cols-lg-3 g-3 collection-section-list" data-section={section} role="list" aria-label={label}>
      {children}
    </div>
  );
}
