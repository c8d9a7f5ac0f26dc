/**
 * The one map from Inertia page name to its own props. The server's
 * `reply.inertia(name, props)` is type-checked against it, and each page in
 * `pages/` declares its props as `PageProps<'name'>`.
 */
import type { ActivityEntry, ActivityFilters, ItemHistory } from './history';
import type { LibraryHealthPageProps } from './library-health';
import type { TrashPageProps } from './trash';
import type { AccessLevel } from './levels';
import type { ErrorStatus } from './messages';
import type { FolderEntry, UnlinkedFile } from './content';
import type { AffirmationOption, IndexSuggestions, ItemDetail, ItemListing, ItemSummary, ItemsPagination, Tag, Taxonomy } from './items';
import type { Breadcrumb, LoginProviderOption, SharedProps, SidebarEntry } from './props';
import type { PersonGrants, RemovedShare, ResourceGrants, Share, SharingExplanation } from './sharing';
import type { ForbiddenHelp } from './access-requests';
import type { UserDetail, UserLevelFilter, UserListEntry, UserPermissions, UserTypeSummary } from './users';
import type { InvitationToSignIn, InvitationUserType, ReceivedInvitation, UserInvitation } from './invitations';
import type { ProfileUser } from './profile';
import type { AccessTokensSection } from './access-tokens';
import type { DataExportSection } from './data-export';
import type { AccountDeletionSection, AccountDeletionSummary } from './account-deletion';
import type { DigestFrequency, FollowOffer, FollowSummary } from './follows';
import type { ListPlace, Paginated } from './pagination';
import type { ItemTask } from './items';
import type { TaskCan } from './tasks';
import type { AffirmedItem } from './my-affirmations';
import type { ModerationEntry, RepeatFlagger } from './comments';
import type { CollectionChoice, CollectionDetail, CollectionSection, OwnCollectionSummary } from './collections';
import type { AdminAffirmation, AffirmationImpact, AdminCharacteristic, AdminDashboardButton, FormatChangeView } from './admin';
import type { AdminTaxonomyDetail, AdminTaxonomySummary, QuickTagMatrix, TagMoveTarget, TaxonomyUsage } from './taxonomies-admin';
import type { StatsOpenedGroup, StatsOverTimeResult, StatsRange, StatsTopResult, UnmatchedSearchResult } from './stats';
import type { DocumentationPage, DocumentationPageLink } from './documentation';
import type { AdvancedAction, AdvancedRunView, LastCheck } from './advanced';
import type { TagMergePreview, TagMergeTarget } from './tag-merge';
import type { TaxonomyCsvPreview } from './taxonomy-csv';
import type { ApiReferencePage } from './api';

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
    /** The checked same-site page signing in comes back to (also through the demo sign-in), or null. */
    returnTo?: string | null;
    /**
     * Signing in from an invitation link (/invite/{token}) that can still be accepted: who invites, and to what; said
     * above the sign-in buttons. Absent on /login, and for a link that is unknown, used or expired.
     */
    invitation?: InvitationToSignIn | null;
  };
  'dev/Login': {
    accounts: { email: string; name: string; level: number; roles: string[] }[];
    /** The checked same-site page a demo sign-in comes back to, or null (home). */
    returnTo?: string | null;
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
    /**
     * Deferred (results first, counts after): how many items the list holds, up to EXACT_COUNT_LIMIT + 1
     * (shown as "1,000+"); undefined until it arrives.
     */
    matchCount?: number;
    /** Deferred with `matchCount`: for each offered filter tag (by ref), the items of the current result carrying it (discovery/queries.ts listingCounts). */
    tagCounts?: Record<string, number>;
    /** On an empty filtered or searched result, what to look at instead; else null. */
    suggestions: IndexSuggestions | null;
    /** Required taxonomies for the New Item form (one select each). */
    requiredTaxonomies: Taxonomy[];
    /** For those offered batch edits (admins): every taxonomy with its tags, for the dialog's tag choice; else null. */
    /** Batch edits: the tags one may choose; `allMatching`: every item (admins), else the cards marked `batch_editable`. */
    batchEdit: { taxonomies: Taxonomy[]; allMatching: boolean } | null;
    /**
     * A tag's page (with or without other filters) or a search (no other filter): its Follow button and feed; else null.
     */
    follow: FollowOffer | null;
    /**
     * On /tag/{label}: the page's own tag, which stays applied, and the page's address, where other filters are added
     * as query parameters; null on the other listings.
     */
    tagPage: { ref: string; path: string } | null;
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
    /** Whether the viewer may relate this item to another one (POST /i/{ref}/relation/{itemRef}). */
    canRelate: boolean;
    /** The content calls this viewer may make: manage (upload, link, edit, order, remove), curate (admins), create the folder. */
    contentCan: { manage: boolean; curate: boolean; createFolder: boolean };
    /** Files of the item's folder no content row uses: sent only when asked for (Link Existing File), to editors. */
    unlinkedFiles?: UnlinkedFile[];
    /** The sharing explanation: sent only when asked for (the Share dialog, a checkAccessEmail visit). */
    sharingExplanation?: SharingExplanation;
    /** Who has been given access, and grants lately removed: sent only when asked for (the access panel), to its managers. */
    grants?: ResourceGrants;
    /** The task calls this viewer may make on the item's Tasks section. */
    taskCan: TaskCan;
    /** The viewer's collections for Add to Collection: sent only when asked for (the dialog opens), to signed-in viewers. */
    collectionChoices?: CollectionChoice[];
    /** Whether the viewer sees the item's History (its maintainer and admins). */
    canSeeHistory: boolean;
    /** The item's History: sent only when asked for (the History dialog opens), to those who see it; empty to others. */
    history?: ItemHistory;
  };
  /** /admin/history: the activity feed, newest first. */
  'admin/history/Index': {
    entries: Paginated<ActivityEntry>;
    /** How many changes match, up to ACTIVITY_COUNT_LIMIT + 1 (shown as "more than"). */
    total: number;
    filters: ActivityFilters;
  };
  /** /admin/health: the library's problems, a page of one kind, and the checks' schedules. */
  'admin/health/Index': LibraryHealthPageProps;
  /** /admin/trash: what was deleted, by whom and with what, to restore or delete for good. */
  'admin/trash/Index': TrashPageProps;
  'drive/Folder': {
    item: { ref: string; title: string };
    folder: { name: string; isItemFolder: boolean };
    /** The entries this viewer may see (editors: all; others: files of content they may open). */
    entries: FolderEntry[];
  };
  /** /share (Shared With Me) and /sent (Shared By Me). */
  'shares/Index': {
    direction: 'received' | 'sent';
    heading: string;
    shares: Paginated<Share>;
    /** Shared By Me: the grants taken back lately, with who removed them and when (empty for Shared With Me). */
    removed: RemovedShare[];
    emptyText: string;
  };
  'errors/Error': {
    /** One of the catalogue's statuses (503, 500, 410, 404, 403) or another 4xx such as 429. */
    status: ErrorStatus | number;
    title: string;
    message: string;
    /** Optional extra text, e.g. a hint to sign in on a 403 for anonymous users. */
    detail: string | null;
    /** A 403's help: the level an item needs, Ask for access, signing in and coming back (shared/sharing.ts). */
    help?: ForbiddenHelp | null;
  };
  'user_invitation/Index': {
    /** The viewer's own invitations (admins: everyone's), newest first. */
    invitations: UserInvitation[];
    /** The user types the viewer may invite to (at or below their own level). */
    userTypes: InvitationUserType[];
    /** /user_invitation/create: the list with the 'Elevate user(s)' dialog open. */
    createOpen: boolean;
  };
  'user_invitation/Show': {
    invitation: UserInvitation;
    /** Whether the invitation can still be e-mailed (active) and regenerated (expired, unaccepted). */
    canSend: boolean;
    canRegenerate: boolean;
  };
  'invite/Show': {
    invitation: ReceivedInvitation;
    /** POST here to accept; null on /invite, which does not know the link's secret. */
    accept_link: string | null;
    /** The user type the viewer has now. */
    current_user_type: string;
  };
  'invite/Redundant': {
    invitation: ReceivedInvitation;
    /** 'The invitation from {name} will not grant you a higher level of access than you already have, so cannot be accepted.' */
    message: string;
  };
  'user/Index': {
    users: Paginated<UserListEntry>;
    /** How many users match the filters, over all pages. */
    total: number;
    /** The search text and level group (null for All). */
    filters: { search: string; level: UserLevelFilter | null };
  };
  'user/Show': {
    user: UserDetail;
    permissions: UserPermissions;
    /** The user types the viewer may give (at or below their own level), and the user's own. */
    userTypeChoices: UserTypeSummary[];
    /** Admins: the grants the user made and received, each with Remove access; null for others. */
    grants: PersonGrants | null;
    /** For those who may delete the user: what deleting them changes (their Delete's dialog says so first). */
    deletion: AccountDeletionSummary | null;
  };
  /** /collection, My Collections. */
  'collection/Index': {
    collections: OwnCollectionSummary[];
  };
  /** /collection/{ref}: entries the viewer may not open are locked placeholders. */
  'collection/Show': {
    collection: CollectionDetail;
    sections: CollectionSection[];
    /** Its Follow button, and its feed when public. */
    follow: FollowOffer;
    /** Only when asked for (the Share dialog): who can open the link, what each level sees inside. */
    sharingExplanation?: SharingExplanation;
    /** Only when asked for (the access panel), to its owner and admins: who has been given access. */
    grants?: ResourceGrants;
  };
  /** /task, My Tasks: the tasks assigned to the viewer, open first. */
  'task/Index': {
    /** The item fields of a task are null when the viewer may no longer open its item. */
    tasks: Paginated<ItemTask>;
    /** /task?reopen=1: every completed task shows, with its Re-Open button. */
    reopenMode: boolean;
    emptyText: string;
  };
  /** /affirmation, My Affirmations: the items the viewer affirmed and may still open, newest first. */
  'affirmation/Index': {
    items: Paginated<AffirmedItem>;
    emptyText: string;
  };
  /** /unfollow/{token}: a digest's unfollow link asks before it stops the follow; null when the link names none. */
  'follow/Unfollow': {
    follow: Pick<FollowSummary, 'kind' | 'label' | 'url'> | null;
    token: string;
  };
  'profile/Show': {
    user: ProfileUser;
    /** The user's own Person page, or null: then `can.create_self_item` offers to create it. */
    personItem: { ref: string; title: string } | null;
    /** The e-mail prompt starts open: when the address is missing, or on /profile?email=1 (the banner's link). */
    emailPromptOpen: boolean;
    /** How often the digest comes, and what it covers. */
    digests: { frequency: DigestFrequency; follows: FollowSummary[] };
    /** The person's personal access tokens, and a new one's secret on the one visit that shows it. */
    accessTokens: AccessTokensSection;
    /** "Download my data": the person's latest requests and whether they may ask now. */
    dataExports: DataExportSection;
    /** Delete my account: what it changes, and why it is refused, if it is. */
    accountDeletion: AccountDeletionSection;
  };
  /**
   * /admin/comment, the moderation queue: every comment, those waiting for an admin
   * first (most flags, then longest waiting), then the newest; each with its flags, neighbours and author's history.
   */
  'admin/comment/Index': {
    comments: Paginated<ModerationEntry>;
    /** How many comments wait for an admin, on every page. */
    waitingCount: number;
    repeatFlaggers: RepeatFlagger[];
  };
  /** /admin, Admin Dashboard: all eight buttons for every admin, the superadmin ones labelled. */
  'admin/Dashboard': {
    buttons: AdminDashboardButton[];
  };
  /** /admin/characteristic and /admin/characteristics: every characteristic, paged. */
  'admin/characteristic/Index': {
    characteristics: Paginated<AdminCharacteristic>;
    order: ListPlace;
    /** The formats a characteristic may have, key → label. */
    formats: Record<string, string>;
  };
  /** /admin/characteristic/{ref}. */
  'admin/characteristic/Show': {
    characteristic: AdminCharacteristic;
    formats: Record<string, string>;
    /** How many items hold a value of it (what a delete removes). */
    valueCount: number;
    /** Its latest format change while it can be undone, else null. */
    formatChange: FormatChangeView | null;
  };
  /** /admin/affirmation: every affirmation, paged. */
  'admin/affirmation/Index': {
    affirmations: Paginated<AdminAffirmation>;
    order: ListPlace;
  };
  /** /admin/affirmation/{ref}. */
  'admin/affirmation/Show': {
    affirmation: AdminAffirmation;
    /** What deleting it takes with it, for its confirmation. */
    impact: AffirmationImpact;
  };
  /** /admin/taxonomy: every taxonomy with its flags and tag count. */
  'admin/taxonomy/Index': {
    taxonomies: AdminTaxonomySummary[];
  };
  /** /admin/taxonomy/{ref}: the taxonomy's fields and its tags in tree order. */
  'admin/taxonomy/Show': {
    taxonomy: AdminTaxonomyDetail;
    usage: TaxonomyUsage;
    /** On demand, for the Move to… dialog: every taxonomy with its tags. */
    moveTargets?: TagMoveTarget[];
  };
  /** /admin/taxonomy/{ref}/item (items without a tag in it) and /admin/taxonomy/{ref}/item/all: the quick-tag matrix. */
  'admin/taxonomy/Items': {
    taxonomy: AdminTaxonomyDetail;
    matrix: QuickTagMatrix;
    /** Items matching (all pages). */
    total: number;
    all: boolean;
    filters: { search: string };
  };
  /** /admin/tag/{ref}/merge: the tag, the tags it may be merged into, and the preview of `?into=`'s merge. */
  'admin/taxonomy/Merge': {
    tag: { ref: string; label: string };
    taxonomy: { ref: string; title: string };
    targets: TagMergeTarget[];
    /** The chosen target's ref, when it is one of `targets`. */
    into: string | null;
    preview: TagMergePreview | null;
  };
  /** /admin/taxonomy/{ref}/import: the import form, and after a POST of a file the preview of what it changes. */
  'admin/taxonomy/Import': {
    taxonomy: { ref: string; title: string };
    preview: TaxonomyCsvPreview | null;
    /** The largest file, in characters. */
    maxChars: number;
  };
  /**
   * /admin/stats and its lists: /admin/stats/{parameter} gives topByParameter
   * and topResults, /admin/stats/time[/month|/year] gives overTimeResults, /admin/stats/opened mostOpened and
   * /admin/stats/unmatched_searches unmatchedSearches; the others are empty.
   */
  'admin/stats/Index': {
    topByParameter: string | null;
    topResults: StatsTopResult[];
    overTimeResults: StatsOverTimeResult[];
    /** One group per user type that opened something in the range. */
    mostOpened: StatsOpenedGroup[];
    /** Largest count first. */
    unmatchedSearches: UnmatchedSearchResult[];
    /** The date range shown, kept in the query string of every stats link. */
    range: StatsRange;
    /** This page's path, for the range form. */
    path: string;
  };
  /** /admin/advanced: `response` is the text report of the last action, '' when none. */
  'admin/advanced/Index': {
    response: string;
    /** The action this admin started that is still running (the page polls it), else null. */
    run: AdvancedRunView | null;
    /** The latest runs of any action, newest first; `?run={id}` shows one's report. */
    recentRuns: AdvancedRunView[];
    /** The last finished run of each check a changing action's question quotes (ADVANCED_CHANGES). */
    lastChecks: Partial<Record<AdvancedAction, LastCheck>>;
  };
  /** /documentation: the list of handbook pages. */
  'documentation/Index': {
    pages: DocumentationPageLink[];
  };
  /** /documentation/{slug}: one handbook page, with the list for navigation. */
  'documentation/Show': {
    pages: DocumentationPageLink[];
    page: DocumentationPage;
  };
  /** /api: the JSON API's reference, read from its OpenAPI document. */
  'api/Index': {
    reference: ApiReferencePage;
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
