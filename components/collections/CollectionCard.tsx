import Card from 'react-bootstrap/Card';
import { collectionUrl, COLLECTION_TEXTS, type CollectionSummary } from '../../shared/collections';
import AppLink from '../lib/AppLink';

/** A card of My Collections (admin-curation §2): title and description, with a success stripe when public. */
export default function CollectionCard({ collection }: { collection: CollectionSummary }) {
  return (
    <Card
      as="article"
      className={`h-100 shadow-sm collection-card${collection.public ? ' border-start border-4 border-success' : ''}`}
      data-public={collection.public ? 'true' : 'false'}
    >
      <Card.Body>
        <Card.Title as="h2" className="h6 mb-1">
          <AppLink href={collectionUrl(collection.ref)} className="stretched-link text-decoration-none">
            {collection.title}
          </AppLink>
        </Card.Title>
        {collection.public && <span className="visually-hidden">{COLLECTION_TEXTS.public}</span>}
        {collection.description && <Card.Text className="small mb-0 text-body-secondary" style={{ whiteSpace: 'pre-wrap' }}>{collection.description}</Card.Text>}
      </Card.Body>
    </Card>
  );
}
