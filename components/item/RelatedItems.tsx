import Badge from 'react-bootstrap/Badge';
import Button from 'react-bootstrap/Button';
import type { Relation } from '../../shared/items';
import { deleteKeepingScroll } from '../lib/visits';
import ItemLink from '../lib/ItemLink';
import VisibilityBadge from './VisibilityBadge';
import { ROUTES } from '../../shared/routes';
import { onDemand } from '../lib/on-demand';

// Editors only.
const AddRelatedItem = onDemand(() => import('./AddRelatedItem'));

interface RelatedItemsProps {
  itemRef: string;
  relations: Relation[];
  canRelate: boolean;
  /** The server's answer to the last attempt to add one (`errors.item`). */
  error: string | null;
}

export default function RelatedItems({ itemRef, relations, canRelate, error }: RelatedItemsProps) {
  if (relations.length === 0 && !canRelate) return null;
  const excludedRefs = new Set([itemRef, ...relations.map((relation) => relation.item.ref)]);
  return (
    <section aria-labelledby="related-items-title" className="mb-3">
      <h2 id="related-items-title" className="h5">
        Related Items
      </h2>
      {relations.length > 0 && (
        <ul className="list-unstyled row g-3 mb-0">
          {relations.map((relation) => (
            <li key={relation.ref} className="col-12 col-sm-6 col-xl-4">
              <RelatedItemCard relation={relation} />
            </li>
          ))}
        </ul>
      )}
      {canRelate && <AddRelatedItem itemRef={itemRef} excludedRefs={excludedRefs} error={error} />}
    </section>
  );
}

function RelatedItemCard({ relation }: { relation: Relation }) {
  const { item } = relation;
  const remove = () => deleteKeepingScroll(ROUTES.relation.path({ ref: relation.ref }), { only: ['item'] });
  return (
    <div className="card h-100">
      {item.image && <img src={item.image} alt="" className="card-img-top object-fit-cover" style={{ maxHeight: 140 }} />}
      <div className="card-body">
        <h3 className="card-title h6">
          <ItemLink itemRef={item.ref} className="stretched-link">
            {item.title}
          </ItemLink>
        </h3>
        {item.topic && <p className="card-text small text-body-secondary mb-2">{item.topic}</p>}
        <div className="d-flex flex-wrap gap-1">
          <VisibilityBadge visibility={item.visibility} />
          {!relation.admin_approved && (
            <Badge bg="light" text="dark" className="border">
              Suggested
            </Badge>
          )}
        </div>
      </div>
      {relation.can_delete && (
        <div className="card-footer bg-transparent border-0 pt-0 position-relative" style={{ zIndex: 2 }}>
          <Button size="sm" variant="outline-danger" onClick={remove} aria-label={`Remove the relation to ${item.title}`}>
            Remove
          </Button>
        </div>
      )}
    </div>
  );
}
