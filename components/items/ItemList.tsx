import { InfiniteScroll } from '@inertiajs/react';
import Spinner from 'react-bootstrap/Spinner';
import { INFINITE_SCROLL_BUFFER_PX } from '../../shared/constants';
import type { ItemSummary } from '../../shared/items';
import ItemCard from './ItemCard';
import { countLabel } from './item-index-url';

interface ItemListProps {
  items: ItemSummary[];
  total: number;
}

/** The cards of an index; the next page loads when the end comes within 400 px, and the end says how many there are. */
export default function ItemList({ items, total }: ItemListProps) {
  return (
    <InfiniteScroll
      data="items"
      buffer={INFINITE_SCROLL_BUFFER_PX}
      as="ul"
      className="list-unstyled row row-cols-1 row-cols-sm-2 row-cols-lg-3 g-3"
      aria-label="Items"
      next={({ hasNext, loading }) => <ListEnd hasNext={hasNext} loading={loading} total={total} />}
    >
      {items.map((item) => (
        <li key={item.ref} className="col">
          <ItemCard item={item} />
        </li>
      ))}
    </InfiniteScroll>
  );
}

function ListEnd({ hasNext, loading, total }: { hasNext: boolean; loading: boolean; total: number }) {
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
  return <p className="text-center text-body-secondary my-3">Showing {countLabel(total, 'item', 'items')}</p>;
}
