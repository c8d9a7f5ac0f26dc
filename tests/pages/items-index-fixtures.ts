/** The item index's props and filter taxonomies, shared by its page tests (with and without scripts). */
import type { ItemSummary, Tag, Taxonomy } from '../../shared/items';
import type { PagePropsMap } from '../../shared/pages';

export type IndexProps = PagePropsMap['items/Index'];

export const aTag = (ref: string, label: string, parent?: { ref: string; label: string }): Tag => ({
  ref,
  label,
  parentLabel: parent?.label ?? null,
  parentRef: parent?.ref ?? null,
  fullLabel: parent ? `${parent.label} > ${label}` : label,
  force_show_in_filtering: false,
});

export const RESOURCE = aTag('tagresource', 'Resource');
export const CHILDREN = aTag('tagchildren', 'Children');
export const PRIMARY = aTag('tagprimary', 'Primary', { ref: 'tagchildren', label: 'Children' });

export const TYPE: Taxonomy = {
  ref: 'taxtype',
  title: 'Type',
  usage_note: 'What kind of thing the item is.',
  required: true,
  multiselect: false,
  public: true,
  show_in_filtering: true,
  tags: [RESOURCE, aTag('tagtraining', 'Training')],
};
export const AGE: Taxonomy = {
  ...TYPE,
  ref: 'taxage',
  title: 'Age Group',
  required: false,
  multiselect: true,
  tags: [CHILDREN, PRIMARY, aTag('tagyouth', 'Youth')],
};

/** An index of `items` with the Type and Age Group filters, nothing chosen; `overrides` replace any prop. */
export function indexProps(items: ItemSummary[], overrides: Partial<IndexProps> = {}): IndexProps {
  return {
    listing: 'all',
    heading: 'All Items',
    items: { data: items },
    itemsPagination: { currentPage: 1, nextPage: null, previousPage: null, perPage: 24 },
    follow: null,
    tagPage: null,
    filters: { search: '', tags: [] },
    selectedTags: [],
    filterTaxonomies: [TYPE, AGE],
    matchCount: undefined,
    tagCounts: {},
    suggestions: null,
    requiredTaxonomies: [],
    batchEdit: null,
    ...overrides,
  };
}
