import { useState, type ReactNode, type RefObject } from 'react';
import { movedToPositionMessage } from '../../shared/messages';
import type { ListPlace } from '../../shared/pagination';
import MoveButtons, { DragGrip } from './MoveButtons';
import { useMoveFocus } from './move-focus';
import { useSortableList } from './useSortableList';
import { postKeepingScroll } from './visits';

interface ReorderableListProps<Row> {
  /** This page's rows, in list order. */
  rows: Row[];
  /** Where the page sits in the whole list (a paged list's later pages start further on). */
  place: ListPlace;
  refOf: (row: Row) => string;
  nameOf: (row: Row) => string;
  /** The row's reposition route (POST {position}, its new 0-based place in the whole list). */
  repositionUrl: (ref: string) => string;
  label: string;
  /** 'ul' for a list group (each row an li), 'div' for a grid of cards (role list / listitem). */
  as: 'ul' | 'div';
  className: string;
  itemClassName?: string;
  /** The row as shown, with `tools` (the drag grip and the Move buttons) placed where it wants them. */
  renderRow: (row: Row, tools: ReactNode) => ReactNode;
}

/**
 * A list whose rows are re-ordered by drag (sortablejs, the grip) or by Move up / Move down (for
 * taxonomies, characteristics, affirmation options). Each move posts the row's new place in the whole list; the
 * order comes back as props, the focus stays on the Move button used, and a polite live region says where it went.
 */
export default function ReorderableList<Row>({
  rows,
  place,
  refOf,
  nameOf,
  repositionUrl,
  label,
  as,
  className,
  itemClassName,
  renderRow,
}: ReorderableListProps<Row>) {
  const [announcement, setAnnouncement] = useState('');
  const keepFocus = useMoveFocus(rows);
  const move = (ref: string, index: number) => {
    const row = rows.find((candidate) => refOf(candidate) === ref);
    postKeepingScroll(
      repositionUrl(ref),
      { position: index },
      { preserveState: true, onSuccess: () => row && setAnnouncement(movedToPositionMessage(nameOf(row), Math.min(index, place.total - 1), place.total)) },
    );
  };
  const listRef = useSortableList<HTMLElement>(true, `order-${label}`, (ref, _list, index) => move(ref, place.offset + index));
  const Item = as === 'ul' ? 'li' : 'div';
  const items = rows.map((row, index) => {
    const ref = refOf(row);
    const name = nameOf(row);
    const tools = (
      <div className="d-flex align-items-center gap-2 position-relative z-2">
        <DragGrip name={name} />
        <MoveButtons
          name={name}
          index={place.offset + index}
          count={place.total}
          onMove={(to, direction) => {
            keepFocus(ref, direction);
            move(ref, to);
          }}
        />
      </div>
    );
    return (
      <Item key={ref} data-entry-ref={ref} aria-label={name} className={itemClassName} {...(as === 'div' ? { role: 'listitem' } : {})}>
        {renderRow(row, tools)}
      </Item>
    );
  });

  return (
    <>
      {as === 'ul' ? (
        <ul ref={listRef as RefObject<HTMLUListElement>} className={className} data-section="all" aria-label={label}>
          {items}
        </ul>
      ) : (
        <div ref={listRef as RefObject<HTMLDivElement>} className={className} data-section="all" role="list" aria-label={label}>
          {items}
        </div>
      )}
      <div className="visually-hidden" aria-live="polite" aria-atomic="true">
        {announcement}
      </div>
    </>
  );
}
