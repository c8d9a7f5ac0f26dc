/**
 * Admin taxonomies and tags: routes, texts, limits and page shapes shared by the server and the admin pages.
 */
import { plural } from './messages';
import type { Tag, Taxonomy } from './items';
import type { Paginated } from './pagination';

export const ADMIN_TAXONOMIES_TITLE = 'Taxonomies';
export const NEW_TAXONOMY_TITLE = 'New Taxonomy';
export const NEW_TAG_TITLE = 'New Tag';

export const TAXONOMY_TITLE_MAX = 120;
export const TAXONOMY_USAGE_NOTE_MAX = 2000;
export const TAG_LABEL_MAX = 120;
/** Rows per page of the quick-tag matrix. */
export const QUICK_TAG_PER_PAGE = 50;
export const QUICK_TAG_SEARCH_MAX = 200;

/** The taxonomy fields an inline PATCH /admin/taxonomy/{ref} may change, one at a time. */
export const TAXONOMY_FIELDS = ['title', 'usage_note', 'required', 'multiselect', 'public', 'show_in_filtering'] as const;
export type TaxonomyField = (typeof TAXONOMY_FIELDS)[number];
export const TAXONOMY_FLAG_FIELDS = ['required', 'multiselect', 'public', 'show_in_filtering'] as const satisfies readonly TaxonomyField[];

export const TAXONOMY_FIELD_LABELS: Record<TaxonomyField, string> = {
  title: 'Title',
  usage_note: 'Usage note',
  required: 'Required',
  multiselect: 'Multiselect',
  public: 'Public',
  show_in_filtering: 'Show in filtering',
};

/** The tag fields a PATCH /admin/tag/{ref} may change, one at a time. */
export const TAG_FIELDS = ['label', 'parent_ref', 'force_show_in_filtering'] as const;
export type TagField = (typeof TAG_FIELDS)[number];

export const DELETE_TAXONOMY_CONFIRM = 'Are you sure you want to delete this taxonomy? Its tags are deleted and every item loses them.';
export const DELETE_TAG_CONFIRM = 'Are you sure you want to delete this tag? Items lose it and its child tags become top-level tags.';

export const TAXONOMY_MESSAGES = {
  titleRequired: 'The title is required.',
  titleTooLong: `The title may be at most ${TAXONOMY_TITLE_MAX} characters.`,
  titleTaken: 'A taxonomy with this title already exists.',
  usageNoteTooLong: `The usage note may be at most ${TAXONOMY_USAGE_NOTE_MAX} characters.`,
  flagInvalid: 'Choose yes or no.',
  labelRequired: 'The label is required.',
  labelTooLong: `The label may be at most ${TAG_LABEL_MAX} characters.`,
  labelTaken: 'This taxonomy already has a tag with this label.',
  parentUnknown: 'The parent must be a tag of this taxonomy.',
  parentCycle: 'A tag cannot be placed under itself or one of its own child tags.',
  taxonomyUnknown: 'Choose one of the taxonomies.',
  moveLabelTaken: (label: string, title: string) => `${title} already has a tag labelled “${label}”: rename or merge one of them first.`,
  moveOneTagOnly: (title: string, items: number) => `${title} allows one tag per item, and ${plural(items, 'item')} would have more.`,
  tagMoved: (label: string, title: string) => `Tag ${label} moved to ${title}.`,
  lastRequiredTag: (title: string) => `Required taxonomies cannot have their tag removed: some items have no other ${title} tag.`,
  created: (title: string) => `Taxonomy ${title} created.`,
  saved: 'Saved.',
  deleted: (title: string) => `Taxonomy ${title} deleted.`,
  tagCreated: (label: string) => `Tag ${label} created.`,
  tagDeleted: (label: string) => `Tag ${label} deleted.`,
} as const;

export const TAXONOMY_TEXTS = {
  createNew: 'Create New',
  tags: 'Tags',
  noTags: 'No tags yet',
  filterPlaceholder: 'Filter tags',
  parent: 'Parent tag',
  noParent: '(top level)',
  label: 'Label',
  forceShow: 'Always show in filtering',
  quickTagUntagged: 'Quick tag: untagged items',
  quickTagAll: 'Quick tag: all items',
  searchTitles: 'Search titles',
  matrixItem: 'Item',
  refreshMatrix: 'Refresh list',
  moveTo: 'Move to…',
  moveDialog: 'Move tag',
  taxonomy: 'Taxonomy',
  move: 'Move',
  loading: 'Loading...',
  matrixStaysNote: 'Rows stay in place while you tag; Refresh list shows the list as it is now.',
} as const;

/** A row of the taxonomy list: the taxonomy's fields and how many tags it has. */
export interface AdminTaxonomySummary extends Omit<Taxonomy, 'tags'> {
  tag_count: number;
}

/** A tag as the admin tree shows it, plus its place among its siblings and how many items carry it. */
export interface AdminTag extends Tag {
  position: number;
  /** Items carrying the tag, drafts and expired ones included (admins see every item). */
  itemCount: number;
}

/** Where the Move to… dialog can put a tag: each taxonomy with its tags in tree order. */
export interface TagMoveTarget {
  ref: string;
  title: string;
  tags: { ref: string; fullLabel: string }[];
}

export interface AdminTaxonomyDetail extends Omit<AdminTaxonomySummary, 'tag_count'> {
  tags: AdminTag[];
}

/** How many items a change to the taxonomy touches (its page's warnings). */
export interface TaxonomyUsage {
  /** Items with at least one tag of the taxonomy. */
  taggedItems: number;
  /** Items with none. */
  untaggedItems: number;
}

/** The delete confirmations, with what each delete takes from items. */
export function deleteTaxonomyConfirm(taggedItems: number): string {
  if (taggedItems === 0) return DELETE_TAXONOMY_CONFIRM;
  return `${DELETE_TAXONOMY_CONFIRM} ${plural(taggedItems, 'item')} ${taggedItems === 1 ? 'loses its tags' : 'lose their tags'} in it.`;
}

/** A tag's item count as the tree says it: 'no items', '1 item', '12 items'. */
export function tagItemCountText(itemCount: number): string {
  return itemCount === 0 ? 'no items' : plural(itemCount, 'item');
}

export function deleteTagConfirm(itemCount: number): string {
  return itemCount > 0 ? `${DELETE_TAG_CONFIRM} ${plural(itemCount, 'item')} ${itemCount === 1 ? 'carries' : 'carry'} it.` : DELETE_TAG_CONFIRM;
}

/** Shown by the Required field while the taxonomy is not required and some items have no tag in it. */
export function untaggedItemsWarning(untaggedItems: number): string {
  const them = untaggedItems === 1 ? 'it' : 'them';
  return `${plural(untaggedItems, 'item')} ${untaggedItems === 1 ? 'has' : 'have'} no tag in this taxonomy. Making it Required does not tag ${them}: give ${them} one with Quick tag: untagged items.`;
}

/** One item row of the quick-tag matrix: the refs of its tags in this taxonomy. */
export interface QuickTagRow {
  ref: string;
  /** The item's code (e.g. EQ-00042), which tells apart items with the same title. */
  code: string;
  title: string;
  /** The item's first picture, small, or null. */
  thumbnailUrl: string | null;
  tagRefs: string[];
}

export type QuickTagMatrix = Paginated<QuickTagRow>;
