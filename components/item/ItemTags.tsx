import type { ItemTagGroup } from '../../shared/items';
import AppLink from '../lib/AppLink';

/** The item's tags under their taxonomies; each leads to the items that carry it. */
export default function ItemTags({ groups }: { groups: ItemTagGroup[] }) {
  if (groups.length === 0) return null;
  return (
    <section aria-labelledby="item-tags-title" className="mb-3">
      <h2 id="item-tags-title" className="h5">
        Tags
      </h2>
      <dl className="mb-0">
        {groups.map((group) => (
          <div key={group.taxonomy.ref} className="d-flex flex-wrap align-items-baseline gap-2 mb-1">
            <dt className="fw-semibold">{group.taxonomy.title}</dt>
            {group.tags.map((tag) => (
              <dd key={tag.ref} className="mb-0">
                <AppLink href={`/item?tags=${tag.ref}`} className="badge rounded-pill text-bg-light border text-decoration-none">
                  {tag.fullLabel}
                </AppLink>
              </dd>
            ))}
          </div>
        ))}
      </dl>
    </section>
  );
}
