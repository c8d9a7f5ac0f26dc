/**
 * Collections, their entries and sections, and Add to Collection: shapes, texts and limits shared by the server,
 * pages and tests.
 */
import { plural } from './messages';

export const COLLECTIONS_TITLE = 'My Collections';
export const NEW_COLLECTION_TITLE = 'New Collection';
export const ADD_TO_COLLECTION_TITLE = 'Add to Collection';

/** Confirmation prompts. */
export const DELETE_COLLECTION_CONFIRM = 'Are you sure you want to delete this collection?';
export const REMOVE_COLLECTION_ITEM_CONFIRM = 'Are you sure you want to remove this item?';

/**
 * The flash key that opens a collection page in edit mode: creating a collection redirects to it with
 * `flash.editMode = true`.
 */
export const COLLECTION_EDIT_MODE_FLASH = 'editMode';

/**
 * POST /collection with `stay: true` (the "+ New collection" of Add to Collection) answers back on the page it came
 * from instead of opening the new collection, with the new collection's ref under this flash key, so the dialog can
 * choose it.
 */
export const CREATED_COLLECTION_FLASH = 'createdCollection';

export const COLLECTION_TITLE_MAX = 255;
export const COLLECTION_DESCRIPTION_MAX = 5000;
export const COLLECTION_NOTE_MAX = 2000;
export const COLLECTION_SECTION_MAX = 255;

/** Fields a collection page edits in place, one at a time (PATCH /collection/{ref}). */
export const COLLECTION_FIELDS = ['title', 'description', 'public'] as const;

export const COLLECTION_MESSAGES = {
  titleRequired: 'Please enter a title',
  titleTooLong: `The title can be at most ${COLLECTION_TITLE_MAX} characters`,
  descriptionTooLong: `The description can be at most ${COLLECTION_DESCRIPTION_MAX} characters`,
  publicInvalid: 'Choose Yes or No',
  noteTooLong: `The note can be at most ${COLLECTION_NOTE_MAX} characters`,
  sectionTooLong: `The section can be at most ${COLLECTION_SECTION_MAX} characters`,
  positionInvalid: 'The position must be a whole number from 0',
  /** Add to Collection must choose one. */
  collectionRequired: 'Please select a collection to add to',
  alreadyInCollection: 'This item is already in that collection',
  created: (title: string) => `Created the collection “${title}”.`,
  saved: 'Saved.',
  deleted: (title: string) => `Deleted the collection “${title}”.`,
  added: (title: string) => `Added to “${title}”.`,
  removed: 'Removed the item from the collection.',
  itemSaved: 'Saved the item’s note and section.',
  moved: 'Moved.',
} as const;

export const COLLECTION_TEXTS = {
  createNew: 'Create New',
  public: 'Public',
  publicHelp: 'Anyone with the link can view it; otherwise only people you share it with.',
  owner: 'Owner',
  noSection: 'Unsectioned',
  lockedItem: 'An item you cannot open',
  emptyCollection: 'No items yet. Add items from their pages with Add to Collection.',
  chooseCollection: 'Choose a collection…',
  noCollectionsYet: 'You have no collections yet: create one with “+ New collection”.',
  /** Add to Collection's inline creation. */
  newCollectionInline: '+ New collection',
  newCollectionTitle: 'New collection title',
  createCollection: 'Create',
  /** Add to Collection's confirm button: what it does, not 'OK'. */
  addToCollection: 'Add',
  /** The toast after Add to Collection links to the collection. */
  openCollection: 'Open the collection',
} as const;

/** How Add to Collection names a choice: one that already holds the item says so (and cannot be chosen). */
export function collectionChoiceLabel(choice: Pick<CollectionChoice, 'title' | 'holdsItem'>): string {
  return choice.holdsItem ? `${choice.title} (already has this item)` : choice.title;
}

/**
 * What a screen reader hears after an entry moved (a polite live region on the collection page):
 * its title, its place in the section counted from 1, the section's size and name.
 */
export function entryMovedAnnouncement(title: string, position: number, count: number, section: string): string {
  return `Moved '${title}' to position ${position} of ${count} in '${section}'`;
}

/** A card of My Collections. */
export interface CollectionSummary {
  ref: string;
  title: string;
  description: string;
  public: boolean;
}

/** What a card of My Collections says of its items: how many the viewer may open. */
export function collectionItemCountText(count: number): string {
  return count === 0 ? 'No items' : plural(count, 'item');
}

/** A card of My Collections: the collection and how many of its items the viewer may open. */
export interface OwnCollectionSummary extends CollectionSummary {
  /** Counted on the server over the items the viewer may open (`openableCollectedItemsCondition`), never the others. */
  itemCount: number;
}

/** The collection a detail page shows. */
export interface CollectionDetail extends CollectionSummary {
  ownerDisplayName: string;
}

/** The item a collection entry points at, when the viewer may open it (shown with ref, title, image and blurb). */
export interface CollectedItem {
  ref: string;
  title: string;
  image: string | null;
  blurb: string;
}

/**
 * One entry of a collection. `item` is null when the viewer may not open the
 * item: the entry is a locked placeholder, with no title, blurb, image or link.
 */
export interface CollectionItemEntry {
  ref: string;
  note: string;
  section: string;
  position: number;
  item: CollectedItem | null;
}

/** A group of entries with one section name (items, idx and refs). */
export interface CollectionSection {
  /** The section's name; '' for entries without one. */
  section: string;
  idx: number;
  items: CollectionItemEntry[];
  /** The entries' refs in order. */
  refs: string[];
}

/** One of the viewer's collections offered by Add to Collection, with its section names to pick from. */
export interface CollectionChoice {
  ref: string;
  title: string;
  sections: string[];
  /** The item of the page is already in it. */
  holdsItem: boolean;
}
