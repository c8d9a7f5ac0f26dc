/**
 * The history of every change: the words and shapes the item's History and the admin activity feed
 * share (docs/decisions/curation.md "A history of every change").
 */

/** How a change can be undone from the History: the same visit an editor would make by hand. */
export interface HistoryRestore {
  method: 'patch' | 'post' | 'delete';
  url: string;
  data: Record<string, unknown>;
}

export interface HistoryChange {
  label: string;
  from: string;
  to: string;
  /** Present when the viewer may put the earlier value back. */
  restore?: HistoryRestore;
}

export interface HistoryEntry {
  id: number;
  /** ISO 8601. */
  at: string;
  /** Who made the change: a name, "Someone who has left" or "Equip" (a job, the seed). */
  who: string;
  /** The real person when `who` was being acted as (impersonation). */
  actingAs: string | null;
  summary: string;
  changes: HistoryChange[];
  route: string | null;
  /** Present when the viewer may undo the whole change (a tag added or removed, a characteristic's value). */
  restore?: HistoryRestore;
}

export interface ItemHistory {
  entries: HistoryEntry[];
  /** More entries exist than are shown (the admin activity feed has them all). */
  truncated: boolean;
}

export const ITEM_HISTORY_LIMIT = 200;

/** The kinds of change the activity feed filters on, with their names. */
export const HISTORY_KINDS = {
  item: 'Items',
  item_tag: 'Item tags',
  item_characteristic: 'Item characteristics',
  content: 'Contents',
  item_image: 'Item images',
  relation: 'Related items',
  taxonomy: 'Taxonomies',
  tag: 'Tags',
  characteristic: 'Characteristics',
  affirmation_option: 'Affirmation options',
  user: 'User types and flags',
  share: 'Shares',
  invitation: 'Invitations',
  comment: 'Comment moderation',
  impersonate: 'Acting as another user',
  stop_impersonating: 'Stopped acting as another user',
  delete_user: 'Deleted users',
  advanced: 'Advanced actions',
} as const;
export type HistoryKind = keyof typeof HISTORY_KINDS;

export const HISTORY_TEXTS = {
  itemHistoryTitle: 'History',
  itemHistoryButton: 'History',
  empty: 'No changes have been recorded yet.',
  truncated: `Only the latest ${ITEM_HISTORY_LIMIT} changes are shown here.`,
  restore: 'Restore this value',
  restored: 'The earlier value is back.',
  nobody: 'Equip',
  someoneWhoLeft: 'Someone who has left',
  activityTitle: 'Activity',
  activityEmpty: 'No changes match these filters.',
  exportCsv: 'Export as CSV',
} as const;

/** The names of an item's recorded columns, as its editor labels them. */
export const ITEM_COLUMN_LABELS: Record<string, string> = {
  code: 'Code',
  title: 'Title',
  topic: 'Topic',
  blurb: 'Blurb',
  authors: 'Authors',
  visibility: 'Visibility',
  minimum_access_level: 'Minimum access level',
  available_external_link: 'External link',
  initial_publication_year_month: 'First published',
  last_updated_year_month: 'Last updated',
  google_drive_folder_id: 'Drive folder',
  expires_at: 'Expires',
  expires_note: 'Expiry note',
  review_after: 'Review after',
  review: 'Review',
  show_created_by: 'Show the maintainer',
  show_as_user_contributed: 'Show as user contributed',
  created_by_user_id: 'Maintainer',
};

/* The activity feed (admins): every recorded change, with filters and a CSV export. */

export const ACTIVITY_URL = '/admin/history';
export const ACTIVITY_DOWNLOAD_URL = '/admin/history/download';
export const ACTIVITY_PAGE_SIZE = 50;
/** Counting stops here: "more than 10,000" is as useful as the exact figure, and cheap on a long history. */
export const ACTIVITY_COUNT_LIMIT = 10_000;
export const ACTIVITY_PERSON_MAX_LENGTH = 100;

export interface ActivityFilters {
  /** Part of the acting person's name or e-mail ('' for anyone). */
  person: string;
  kind: HistoryKind | null;
  /** Days, both included (YYYY-MM-DD, UTC), as on the stats pages. */
  from: string;
  to: string;
}

/** The filters as the feed's page links and its CSV link carry them. */
export function activityQueryOf(filters: ActivityFilters): Record<string, string> {
  return { person: filters.person, kind: filters.kind ?? '', from: filters.from, to: filters.to };
}

export interface ActivityEntry extends HistoryEntry {
  kind: string;
  /** The item the change belongs to, while it exists. */
  item: { ref: string; title: string } | null;
  /** The batch edit the change belongs to (`undo:{batch}` for an undo's), or null: the feed offers its Undo. */
  batch: string | null;
}

/** An item page's address with its History open: where an undo's skipped item is looked into. */
export const ITEM_HISTORY_PARAM = 'history';
export function itemHistoryPath(ref: string): string {
  return `/i/${encodeURIComponent(ref)}?${ITEM_HISTORY_PARAM}=1`;
}
