import type { ItemTagGroup, Tag, Taxonomy } from '../../shared/items';
import AppLink from '../lib/AppLink';
import { onDemand } from '../lib/on-demand';

// Editors only, in edit mode.
const TaxonomyTagsEditor = onDemand(() => import('../item-edit/TaxonomyTagsEditor'));

interface ItemTagsProps {
  itemRef: string;
  groups: ItemTagGroup[];
  /** Edit mode: one editor per taxonomy the viewer may pick from (the page's `taxonomies`). */
  editing: boolean;
  editable: boolean;
  taxonomies: Taxonomy[];
  itemTags: Tag[];
}

/** The item's tags under their taxonomies; each leads to the items that carry it. In edit mode, the tag editors. */
export default function ItemTags({ itemRef, groups, editing, editable, taxonomies, itemTags }: ItemTagsProps) {
  const shown = editing ? taxonomies.length > 0 : groups.length > 0;
  if (!shown) return null;
  return (
    <section aria-labelledby="item-tags-title" className="mb-3">
      <h2 id="item-tags-title" className="h5">
        Tags
      </h2>
      {editing ? <TaxonomyTagsEditor itemRef={itemRef} taxonomies={taxonomies} itemTags={itemTags} editable={editable} /> : <TagGroups groups={groups} />}
    </section>
  );
}

function TagGroups({ groups }: { groups: ItemTagGroup[] }) {
  return (
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
  );
}
