import type { Tag, Taxonomy } from '../../shared/items';
import InlineEditableField from '../inline-edit/InlineEditableField';
import type { InlineValue, SelectOption } from '../inline-edit/inline-values';
import { postPayload } from '../inline-edit/save';
import { taxonomyField } from './item-fields';
import { ROUTES } from '../../shared/routes';

export interface TaxonomyTagsEditorProps {
  itemRef: string;
  /** The taxonomies an editor may pick from (the page's `taxonomies`). */
  taxonomies: Taxonomy[];
  /** The item's tags, of all taxonomies. */
  itemTags: Tag[];
  editable: boolean;
}

/** Tag refs as POST /i/{ref}/taxonomy/{taxonomyRef} takes them; an empty single select means none. */
export function tagRefsOf(value: InlineValue): string[] {
  if (Array.isArray(value)) return value;
  return value === null || value === '' ? [] : [String(value)];
}

/**
 * The item's tags, one editor per taxonomy: a select, or a multiselect where the taxonomy allows
 * several. Saving sends the whole choice for that taxonomy; a required taxonomy keeps a tag.
 */
export default function TaxonomyTagsEditor({ itemRef, taxonomies, itemTags, editable }: TaxonomyTagsEditorProps) {
  return (
    <dl className="mb-0">
      {taxonomies.map((taxonomy) => (
        <TaxonomyTags key={taxonomy.ref} itemRef={itemRef} taxonomy={taxonomy} itemTags={itemTags} editable={editable} />
      ))}
    </dl>
  );
}

function TaxonomyTags({ itemRef, taxonomy, itemTags, editable }: { itemRef: string; taxonomy: Taxonomy; itemTags: Tag[]; editable: boolean }) {
  const options: SelectOption[] = taxonomy.tags.map((tag) => ({ value: tag.ref, label: tag.fullLabel }));
  const chosen = taxonomy.tags.filter((tag) => itemTags.some((itemTag) => itemTag.ref === tag.ref)).map((tag) => tag.ref);
  const field = taxonomyField(taxonomy.ref);
  return (
    <>
      <dt>
        {taxonomy.title}
        {taxonomy.required && (
          <span className="text-danger" aria-label="required">
            {' '}
            *
          </span>
        )}
      </dt>
      <dd>
        <InlineEditableField
          field={field}
          label={taxonomy.title}
          mode={taxonomy.multiselect ? 'multiselect' : 'select'}
          options={options}
          required={taxonomy.required}
          value={taxonomy.multiselect ? chosen : (chosen[0] ?? '')}
          editable={editable}
          save={postPayload(ROUTES.itemTaxonomy.path({ ref: itemRef, taxonomyRef: taxonomy.ref }), (value) => ({ tags: tagRefsOf(value) }))}
          emptyText="None"
        />
        {taxonomy.usage_note && <div className="form-text">{taxonomy.usage_note}</div>}
      </dd>
    </>
  );
}
