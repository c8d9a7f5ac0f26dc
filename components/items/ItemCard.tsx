import Badge from 'react-bootstrap/Badge';
import type { ItemSummary } from '../../shared/items';
import ItemLink from '../lib/ItemLink';
import CardChips from './CardChips';
import './items.css';

const IMAGE_HEIGHT_PX = 160;

/**
 * A card in an item list: image, title (linking to the item, never prefetched: that would count a view), a visibility
 * badge below DISCOVERABLE, its chips, topic and blurb. `firstInView`: its picture is likely the page's largest paint.
 */
export default function ItemCard({ item, firstInView = false }: { item: ItemSummary; firstInView?: boolean }) {
  return (
    <article className="card h-100 shadow-sm item-card">
      {item.image && (
        <img
          src={item.image}
          alt=""
          height={IMAGE_HEIGHT_PX}
          loading={firstInView ? 'eager' : 'lazy'}
          fetchPriority={firstInView ? 'high' : 'auto'}
          className="card-img-top object-fit-cover"
          style={{ height: IMAGE_HEIGHT_PX }}
        />
      )}
      <div className="card-body">
        <h2 className="card-title h6 mb-1">
          <ItemLink itemRef={item.ref} className="stretched-link text-decoration-none">
            {item.title}
          </ItemLink>
        </h2>
        {(item.badge || item.expired) && (
          <div className="d-flex gap-1 mb-1">
            {item.badge && (
              // Dark text on the warning yellow: white on it fails contrast (axe), as a Pending card showed.
              <Badge bg={item.badge} text={item.badge === 'warning' ? 'dark' : undefined}>
                {item.visibility_label}
              </Badge>
            )}
            {item.expired && <Badge bg="dark">Expired</Badge>}
          </div>
        )}
        <CardChips item={item} />
        {item.topic && <div className="card-subtitle h6 small text-body-secondary mb-2">{item.topic}</div>}
        {item.blurb && <p className="card-text small mb-0 item-card-blurb">{item.blurb}</p>}
      </div>
    </article>
  );
}
