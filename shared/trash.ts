/**
 * The trash (docs/decisions/curation.md "A trash instead of loss"): deleted items, collections, comments, tags,
 * taxonomies, characteristics, affirmations (with every member's affirmation of them) and people wait here, whole, for
 * TRASH_RETENTION_DAYS before they go for good; an admin can
 * restore one, or delete it for good at once.
 */
import type { Paginated } from './pagination';

export const TRASH_KINDS = {
  item: 'Item',
  collection: 'Collection',
  comment: 'Comment',
  tag: 'Tag',
  taxonomy: 'Taxonomy',
  characteristic: 'Characteristic',
  affirmation: 'Affirmation',
  user: 'Person',
} as const;

export type TrashKind = keyof typeof TRASH_KINDS;
export const TRASH_KIND_NAMES = Object.keys(TRASH_KINDS) as TrashKind[];

/** The trash page's filter: every kind, or one. */
export type TrashFilter = TrashKind | 'all';

/** One kind of row that went with a deleted thing, as the trash page lists it ("3 files: Leader guide, …"). */
export interface TrashPart {
  /** With its count: "3 files and links". */
  label: string;
  count: number;
  /** The first few, by name (files, tags, collections, values); empty when the rows have no names worth showing. */
  names: string[];
}

export interface TrashEntryView {
  ref: string;
  kind: TrashKind;
  title: string;
  /** Where it was: an item's code, a comment's item, a tag's taxonomy, a collection's owner. */
  context: string;
  deletedAt: string;
  /** Who deleted it (null: a job, or someone since deleted), and the admin acting as them at the time. */
  deletedBy: string | null;
  impersonator: string | null;
  /** When the sweep deletes it for good. */
  purgeAt: string;
  parts: TrashPart[];
  /** Whether its drive folder waits in the drive's bin. */
  hasDriveFolder: boolean;
}

export interface TrashPageProps {
  kind: TrashFilter;
  entries: Paginated<TrashEntryView>;
  retentionDays: number;
}

/** How many names of each part the trash page shows. */
export const TRASH_PART_NAMES_SHOWN = 10;

export const TRASH_TEXTS = {
  title: 'Trash',
  /** The admin dashboard's link to it. */
  dashboardNote: 'what was deleted, by whom and with what, to restore whole.',
  intro: (days: number) =>
    `What was deleted stays here for ${days} day${days === 1 ? '' : 's'}, with everything that went with it, and can be restored whole. After that it is deleted for good.`,
  kindFilter: 'Kinds of thing',
  allKinds: 'Everything',
  empty: 'The trash is empty.',
  emptyOfKind: 'Nothing of this kind is in the trash.',
  restore: 'Restore',
  deleteForGood: 'Delete for good',
  deleteForGoodConfirm: (title: string) => `Delete “${title}” for good? It cannot be restored afterwards.`,
  deletedBy: 'Deleted by',
  deletedAs: 'as',
  unknownPerson: 'someone no longer known',
  /** A person who deleted their own account: signing in before the purge brings them back. */
  deletedByThemselves: 'themselves (signing in brings them back)',
  purgeAt: 'Deleted for good',
  driveFolder: 'Its drive folder waits in the drive’s bin.',
  wentWithIt: 'What went with it',
  nothingWithIt: 'Nothing else went with it.',
} as const;

export const TRASH_MESSAGES = {
  restored: (title: string) => `Restored “${title}”.`,
  /** Parts that could not come back, e.g. "2 tag links" whose tag was deleted since. */
  partlyRestored: (title: string, lost: string) => `Restored “${title}”, except ${lost}: what they belonged to is gone.`,
  driveNotRestored: 'Its drive folder could not be taken out of the drive’s bin; its files may be missing.',
  deletedForGood: (title: string) => `Deleted “${title}” for good.`,
} as const;

export const TRASH_ERRORS = {
  gone: 'It is no longer in the trash.',
  /** The thing it belonged to (an item, a taxonomy, a collection's owner) is gone too. */
  parentGone: (parent: string) => `It cannot come back: the ${parent} it belonged to is gone. Restore that first if it is in the trash.`,
  /** A label or title taken since it was deleted. */
  clash: 'It cannot come back: something made since it was deleted has the same name. Rename that first.',
} as const;
