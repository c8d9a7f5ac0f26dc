/**
 * The one map from Inertia page name to its own props. The server's
 * `reply.inertia(name, props)` is type-checked against it, and each page in
 * `pages/` declares its props as `PageProps<'name'>`.
 */
import type { AccessLevel } from './levels';
import type { ErrorStatus } from './messages';
import type { AffirmationOption, ItemDetail, ItemListing, ItemSummary, ItemsPagination, Tag, Taxonomy } from './items';
import type { Breadcrumb, LoginProviderOption, SharedProps, SidebarEntry } from './props';

export interface PagePropsMap {
  Home: {
    intro: string;
    contactHref: string;
    bannerUrl: string | null;
  };
  'auth/Login': {
    providers: LoginProviderOption[];
    organisationDomains: string[];
    demoLoginAvailable: boolean;
  };
  'dev/Login': {
    accounts: { email: string; name: string; level: number; roles: string[] }[];
  };
  'items/Index': {
    listing: ItemListing;
    /** Page heading: the listing's title, the search text, the selected tags, or 'All Items'. */
    heading: string;
    items: { data: ItemSummary[] };
    itemsPagination: ItemsPagination;
    filters: { search: string; tags: string[] };
    /** The selected tags (refs in `filters.tags`), with their labels, also those outside the filter taxonomies. */
    selectedTags: Tag[];
    /** Taxonomies offered as filters (show_in_filtering), with only the tags to show. */
    filterTaxonomies: Taxonomy[];
    /** Count of matches when filtered or searched, else null. */
    matchCount: number | null;
    /** Required taxonomies for the New Item form (one select each). */
    requiredTaxonomies: Taxonomy[];
  };
  'items/Show': {
    item: ItemDetail;
    affirmationOptions: AffirmationOption[];
    /** Taxonomies with the tags an editor may pick (editors only; [] otherwise). */
    taxonomies: Taxonomy[];
    /** Whether the viewer may edit fields, change visibility, reassign the maintainer. */
    editable: { fields: boolean; visibility: boolean; maintainer: boolean; submitForPublishing: boolean; revertToDraft: boolean };
    /** The minimum access levels the viewer may give this item, by the policy (editors only; [] otherwise). */
    accessLevelChoices: AccessLevel[];
    /** Whether the viewer may relate this item to another one (member-library §7 POST /i/{ref}/relation/{itemRef}). */
    canRelate: boolean;
  };
  'errors/Error': {
    /** One of the catalogue's statuses (503, 500, 410, 404, 403) or another 4xx such as 429. */
    status: ErrorStatus | number;
    title: string;
    message: string;
    /** Optional extra text, e.g. a hint to sign in on a 403 for anonymous users. */
    detail: string | null;
  };
}

export type PageName = keyof PagePropsMap;

/** Props a page component receives: its own, the shared ones, and optional layout extras. */
export type PageProps<N extends PageName> = PagePropsMap[N] & SharedProps & LayoutExtras;

/** Optional props any page may carry to shape the layout. */
export interface LayoutExtras {
  title?: string;
  breadcrumbs?: Breadcrumb[];
  sidebarEntries?: SidebarEntry[];
}
