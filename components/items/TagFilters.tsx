import { useId } from 'react';
import Form from 'react-bootstrap/Form';
import type { Tag, Taxonomy } from '../../shared/items';
import { replaceTaxonomyTag, withoutTag, withTag } from './item-index-url';

interface TagFiltersProps {
  taxonomies: Taxonomy[];
  selectedTags: Tag[];
  onChange: (tags: string[]) => void;
}

/** One control per filter taxonomy, and removable chips for selected tags that no control offers. */
export default function TagFilters({ taxonomies, selectedTags, onChange }: TagFiltersProps) {
  const selectedRefs = selectedTags.map((tag) => tag.ref);
  const offeredRefs = new Set(taxonomies.flatMap((taxonomy) => taxonomy.tags.map((tag) => tag.ref)));
  const otherSelected = selectedTags.filter((tag) => !offeredRefs.has(tag.ref));
  return (
    <div className="row g-2 align-items-start">
      {taxonomies.map((taxonomy) => (
        <div key={taxonomy.ref} className="col-12 col-md-6 col-lg-3">
          {taxonomy.multiselect ? (
            <MultiTagFilter taxonomy={taxonomy} selected={selectedRefs} onChange={onChange} />
          ) : (
            <SingleTagFilter taxonomy={taxonomy} selected={selectedRefs} onChange={onChange} />
          )}
        </div>
      ))}
      {otherSelected.length > 0 && (
        <div className="col-12">
          <TagChips tags={otherSelected} onRemove={(ref) => onChange(withoutTag(selectedRefs, ref))} />
        </div>
      )}
    </div>
  );
}

interface TaxonomyFilterProps {
  taxonomy: Taxonomy;
  selected: string[];
  onChange: (tags: string[]) => void;
}

function SingleTagFilter({ taxonomy, selected, onChange }: TaxonomyFilterProps) {
  const id = useId();
  const taxonomyRefs = taxonomy.tags.map((tag) => tag.ref);
  const current = selected.find((ref) => taxonomyRefs.includes(ref)) ?? '';
  return (
    <Form.Group controlId={id}>
      <Form.Label className="small mb-1">{taxonomy.title}</Form.Label>
      <Form.Select size="sm" value={current} onChange={(event) => onChange(replaceTaxonomyTag(selected, taxonomyRefs, event.target.value))}>
        <option value="">Any</option>
        <TagOptions tags={taxonomy.tags} />
      </Form.Select>
    </Form.Group>
  );
}

/** Several tags may be chosen: each is a chip, and the select adds one more. */
function MultiTagFilter({ taxonomy, selected, onChange }: TaxonomyFilterProps) {
  const id = useId();
  const chosen = taxonomy.tags.filter((tag) => selected.includes(tag.ref));
  const available = taxonomy.tags.filter((tag) => !selected.includes(tag.ref));
  return (
    <Form.Group controlId={id}>
      <Form.Label className="small mb-1">{taxonomy.title}</Form.Label>
      <Form.Select size="sm" value="" onChange={(event) => event.target.value && onChange(withTag(selected, event.target.value))}>
        <option value="">{chosen.length > 0 ? 'Add another…' : 'Any'}</option>
        <TagOptions tags={available} />
      </Form.Select>
      {chosen.length > 0 && <TagChips tags={chosen} onRemove={(ref) => onChange(withoutTag(selected, ref))} />}
    </Form.Group>
  );
}

function TagOptions({ tags }: { tags: Tag[] }) {
  return tags.map((tag) => (
    <option key={tag.ref} value={tag.ref}>
      {tag.fullLabel}
    </option>
  ));
}

function TagChips({ tags, onRemove }: { tags: Tag[]; onRemove: (ref: string) => void }) {
  return (
    <ul className="list-inline mb-0 mt-1">
      {tags.map((tag) => (
        <li key={tag.ref} className="list-inline-item">
          <button type="button" className="btn btn-sm btn-outline-primary rounded-pill py-0" aria-label={`Remove filter ${tag.fullLabel}`} onClick={() => onRemove(tag.ref)}>
            {tag.fullLabel} <i className="bi bi-x" aria-hidden="true" />
          </button>
        </li>
      ))}
    </ul>
  );
}
