import type { ReactNode } from 'react';
import { useSortableList, type EntryMoveHandler } from '../lib/useSortableList';

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
  const listRef = useSortableList<HTMLDivElement>(enabled, group, onMove);

  return (
    <div ref={listRef} className="row row-cols-1 row-cols-sm-2 row-cols-lg-3 g-3 collection-section-list" data-section={section} role="list" aria-label={label}>
      {children}
    </div>
  );
}
