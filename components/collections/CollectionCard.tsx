import { COLLECTION_TEXTS, collectionItemCountText, type OwnCollectionSummary } from '../../shared/collections';
import LinkCard, { CardNote } from '../lib/LinkCard';
import { ROUTES } from '../../shared/routes';

/**
 * A card of My Collections: title and description, with a success stripe when public, and how many
 * items it holds that the viewer may open (counted by the server).
 */
export default function CollectionCard({ collection }: { collection: OwnCollectionSummary }) {
  return (
    <LinkCard
      href={ROUTES.collection.path({ ref: collection.ref })}
      title={collection.title}
      stripe={collection.public ? 'success' : null}
      state={{ 'data-public': collection.public ? 'true' : 'false' }}
    >
      {collection.public && <span className="visually-hidden">{COLLECTION_TEXTS.public}</span>}
      <p className="card-text small text-body-secondary mb-1">{collectionItemCountText(collection.itemCount)}</p>
      {collection.description && <CardNote>{collection.description}</CardNote>}
    </LinkCard>
  );
}
