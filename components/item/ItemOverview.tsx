import type { ItemDetail } from '../../shared/items';
import Icon from '../lib/Icon';

/** Topic, blurb and authors. */
export default function ItemOverview({ item }: { item: Pick<ItemDetail, 'topic' | 'blurb' | 'authors'> }) {
  return (
    <section aria-label="Overview" className="mb-3">
      {item.topic && <p className="lead mb-2">{item.topic}</p>}
      {item.blurb && (
        <p className="item-blurb" style={{ whiteSpace: 'pre-line' }}>
          {item.blurb}
        </p>
      )}
      {item.authors.length > 0 && (
        <p className="text-body-secondary">
          <span className="visually-hidden">Authors: </span>
          <Icon name="bi-person" className="me-1" />
          {item.authors.join(', ')}
        </p>
      )}
    </section>
  );
}
