import { COLLECTION_TEXTS, type CollectionSummary } from '../../shared/collections';
import LinkCard, { CardNote } from '../lib/LinkCard';
import { ROUTES } from '../../shared/routes';

/** A card of My Collections (admin-curation §2): title and description, with a success stripe when public. */
export default function CollectionCard({ collection }: { collection: CollectionSummary }) {
  return (
    <LinkCard
      href={ROUTES.collection.path({ ref: collection.ref })}
      title={collection.title}
      stripe={collection.public ? 'success' : null}
      state={{ 'data-public': collection.public ? 'true' : 'false' }}
    >
      {collection.public && <span className="visually-hidden">{COLLECTION_TEXTS.public}</span>}
      {collection.description && <CardNote>{collection.description}</CardNote>}
    </LinkCard>
  );
}
