import { InfiniteScroll, usePage } from '@inertiajs/react';
import Form from 'react-bootstrap/Form';
import Spinner from 'react-bootstrap/Spinner';
import { EXACT_COUNT_LIMIT, INFINITE_SCROLL_BUFFER_PX } from '../../shared/constants';
import type { ItemSummary } from '../../shared/items';
import ItemCard from './ItemCard';
import { leadPictureRefs } from '../lib/lead-pictures';
import { countLabel } from './item-index-url';
import { PagesWithoutScripts } from './IndexWithoutScripts';

export const BEST_MATCHES_NOTE = `These are the best ${EXACT_COUNT_LIMIT.toLocaleString('en-GB')} matches. Add a word or a filter to narrow the search.`;

/** Checkboxes on the cards for a batch edit, when the viewer may batch edit. */
export interface ItemSelection {
  isSelectable: (item: ItemSummary) => boolean;
  isSelected: (ref: string) => boolean;
  toggle: (ref: string) => void;
}

interface ItemListProps {
  items: ItemSummary[];
  /** How many the list holds (up to EXACT_COUNT_LIMIT + 1); undefined until the counts arrive. */
  total: number | undefined;
  selection?: ItemSelection;
  /** The index's address with its filters, for the links to its pages where scripts cannot run. */
  address: { path: string; query: Record<string, string> };
}

/**
 * The cards of an index; the next page loads when the end comes within 400 px, and the end says how many there are.
 * Without scripts, links at the end lead to the next and earlier pages.
 */
export default function ItemList({ items, total, selection, address }: ItemListProps) {
  const leadPictures = leadPictureRefs(items.map((item) => ({ ref: item.ref, picture: item.image })));
  const pages = usePage().scrollProps?.items;
  return (
    <InfiniteScroll
      data="items"
      buffer={INFINITE_SCROLL_BUFFER_PX}
      as="ul"
      className="list-unstyled row row-cols-1 row-cols-sm-2 row-cols-lg-3 g-3"
      aria-label="Items"
      next={({ hasNext, hasPrevious, loading }) => (
        <>
          <ListEnd hasNext={hasNext} loading={loading} total={total} loaded={hasPrevious ? null : items.length} />
          {pages && (
            <PagesWithoutScripts
              address={address}
              currentPage={Number(pages.currentPage) || 1}
              previousPage={typeof pages.previousPage === 'number' ? pages.previousPage : null}
              nextPage={pages.nextPage}
            />
          )}
        </>
      )}
    >
      {items.map((item) => (
        // A column: the card fills what the checkbox leaves of the row's height (at 100 % it overlapped the next checkbox).
        <li key={item.ref} className="col d-flex flex-column">
          {selection?.isSelectable(item) && (
            <Form.Check
              id={`select-${item.ref}`}
              className="mb-1"
              checked={selection.isSelected(item.ref)}
              onChange={() => selection.toggle(item.ref)}
              label={
                <>
                  Select<span className="visually-hidden"> {item.title}</span>
                </>
              }
            />
          )}
          <div className="flex-grow-1">
            <ItemCard item={item} firstInView={leadPictures.has(item.ref)} />
          </div>
        </li>
      ))}
    </InfiniteScroll>
  );
}

/**
 * At the end: how many there are. Above EXACT_COUNT_LIMIT the count stopped counting (and before it arrives there is
 * none), so the end counts the cards loaded; a search shows only its best EXACT_COUNT_LIMIT matches, and says so.
 * `loaded` is null while the list does not start at its first page (a page after the first opened by its address,
 * which is where a visitor without scripts stays): the cards shown are not all there are, so they are not counted.
 */
function ListEnd({ hasNext, loading, total, loaded }: { hasNext: boolean; loading: boolean; total: number | undefined; loaded: number | null }) {
  if (loading) {
    return (
      <div className="text-center my-3">
        <Spinner animation="border" size="sm" role="status">
          <span className="visually-hidden">Loading more items</span>
        </Spinner>
      </div>
    );
  }
  if (hasNext) return null;
  const counted = total === undefined || total > EXACT_COUNT_LIMIT ? loaded : total;
  if (counted === null) return null;
  return (
    <p className="text-center text-body-secondary my-3">
      Showing {countLabel(counted, 'item', 'items')}
      {total !== undefined && total > EXACT_COUNT_LIMIT && loaded === EXACT_COUNT_LIMIT && <span className="d-block small">{BEST_MATCHES_NOTE}</span>}
    </p>
  );
}
