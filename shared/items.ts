/** Item-related shapes, as pages receive them. Spelling: docs/decisions/front-end.md "How props are spelled". */
import type { Comment } from './comments';
import type { Content } from './content';
import type { Visibility, VisibilityName } from './enums';
import { ROUTES } from './routes';

export interface ItemImage {
  ref: string;
  extension: string;
  public_thumbnail_large_url: string;
  /** Full-size URL. */
  url: string;
}

export interface Tag {
  ref: string;
  label: string;
  parentLabel: string | null;
  parentRef: string | null;
  fullLabel: string;
  force_show_in_filtering: boolean;
}

export interface Taxonomy {
  ref: string;
  title: string;
  usage_note: string;
  required: boolean;
  multiselect: boolean;
  public: boolean;
  show_in_filtering: boolean;
  tags: Tag[];
}

export interface ItemCharacteristic {
  ref: string;
  title: string;
  format: string;
  /** The smallest value an integer characteristic accepts (null: none). */
  minimum: number | null;
  usage_note: string;
  public: boolean;
  value: string | null;
}

export interface AffirmationOption {
  ref: string;
  title: string;
  is_negative: boolean;
  /** Strength the viewer gave this option on this item: 0 none, 1 normal, 2 strong. */
  item_affirmations: 0 | 1 | 2;
  /** Number of people who gave it (admins only; null for others). */
  count: number | null;
}

/** A card in lists, search results, related items. Only ever built for items the viewer may open. */
export interface ItemSummary {
  ref: string;
  title: string;
  topic: string;
  blurb: string;
  image: string | null;
  visibility: Visibility;
  visibility_name: VisibilityName;
  visibility_label: string;
  badge: string | null;
  minimum_access_level: number;
  expired: boolean;
  /** The card's chips: its first tags in the public filter taxonomies, in their order (type, age group…). */
  chips: string[];
  /** How long its longest published video or audio runs, in minutes; null when it has none. */
  minutes: number | null;
  /** On the item index for a maintainer offered batch edits: whether they maintain it. */
  batch_editable?: boolean;
}

export interface Relation {
  ref: string;
  item: ItemSummary;
  admin_approved: boolean;
  can_delete: boolean;
}

export interface ItemTask {
  ref: string;
  task: string;
  notes: string;
  priority: 1 | 2 | 3;
  due_date: string | null;
  due: boolean;
  due_soon: boolean;
  completed: boolean;
  forUserName: string | null;
  byUserName: string | null;
  for_user_ref: string | null;
  item_ref: string | null;
  item_title: string | null;
  /** When it was completed (ISO time), or null while open: the client applies the cutoff rule to it (shared/tasks.ts). */
  completed_at: string | null;
}

/** The item's tags under their taxonomy, in taxonomy order, for the item page. */
export interface ItemTagGroup {
  taxonomy: { ref: string; title: string };
  tags: Tag[];
}

/** The full item. Comments arrive with their own feature. */
export interface ItemDetail extends ItemSummary {
  authors: string[];
  /** Null unless the viewer edits the item (`canSeeItemRecordKeeping`), as are `code`, `view_count` and `recent_view_count`. */
  visibility_explanation: string | null;
  all_images: ItemImage[];
  available_external_link: string | null;
  initial_publication_year_month: string | null;
  last_updated_year_month: string | null;
  google_drive_folder_id: string | null;
  expires_at: string | null;
  expiring: boolean;
  expires_note: string | null;
  review_after: string | null;
  review: string | null;
  show_created_by: boolean;
  created_by_user_ref: string | null;
  created_by_user_name: string | null;
  created_by_user_email: string | null;
  show_as_user_contributed: boolean;
  code: string | null;
  view_count: number | null;
  recent_view_count: number | null;
  affirmations: number;
  affirmation_stars: number;
  affirmation_text: string;
  tags: Tag[];
  tag_groups: ItemTagGroup[];
  characteristics: ItemCharacteristic[];
  relations: Relation[];
  tasks: ItemTask[];
  /** The content rows this viewer may see, in their order. */
  contents: Content[];
  /** Published content above the viewer's level exists (a visitor gets the login prompt). */
  more_content_available: boolean;
  /** The item's comments, oldest first, with this viewer's permissions on each. */
  comments: Comment[];
}

/** Type-ahead answer of GET /item?search=…&simplejson=true. */
/**
 * What an empty item index offers: the items whose titles come closest to the search, or the most viewed ones in the
 * chosen filters.
 */
export interface IndexSuggestions {
  kind: 'closest' | 'popular';
  items: ItemSummary[];
}

export interface SearchResult {
  ref: string;
  title: string;
  topic: string;
  blurb: string;
}

export interface ItemsPagination {
  currentPage: number;
  nextPage: number | null;
  previousPage: number | null;
  perPage: number;
}

/** Which list an index page shows; each has its own title rule. */
export const ITEM_LISTINGS = ['all', 'tag', 'popular', 'draft', 'unpublished', 'unlisted'] as const;
export type ItemListing = (typeof ITEM_LISTINGS)[number];

/** Expiring soon: within this many days of expires_at. */
export const EXPIRING_SOON_DAYS = 30;
/** recent_view_count counts views within this window. */
export const RECENT_VIEW_WINDOW_DAYS = 30;

/** URLs under which the server serves an item image (with the item's access check). */
export function itemImageUrls(imageRef: string) {
  return { url: ROUTES.image.path({ ref: imageRef }), public_thumbnail_large_url: ROUTES.imageLarge.path({ ref: imageRef }) };
}

/** One answer of GET /image/search: a stock image an editor can add to an item. */
export interface StockImageResult {
  id: string;
  preview: string;
  full: string;
}

/** One answer of GET /user/search: 'Name <email>' for pickers. */
export interface UserSearchResult {
  ref: string;
  nameAndContactForDisplay: string;
}
