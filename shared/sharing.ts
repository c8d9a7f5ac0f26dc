/**
 * Sharing: constants, texts and shapes used by the server, the dialog and the /share and /sent pages alike.
 */
import { COLLECTION_TEXTS } from './collections';
import type { SharedType } from './enums';
import { LEVEL, levelLabel } from './levels';
import { SHARE_TEXTS } from './share-texts';

/** Grant validity options in days; null is Forever. */
export const SHARE_VALIDITY_OPTIONS = [7, 90, 365, null] as const;
export type ShareValidity = (typeof SHARE_VALIDITY_OPTIONS)[number];
export const DEFAULT_SHARE_DAYS: ShareValidity = 90;
/** The Grant form starts at this level, the lowest a grant may give. */
export const DEFAULT_SHARE_LEVEL = LEVEL.AFFILIATE;
export const MIN_SHARE_LEVEL = LEVEL.AFFILIATE;
/** The level slider shows only when the maximum shareable level is at least this. */
export const SHARE_SLIDER_FROM_MAX = LEVEL.LEADER;
/** 'Link Copied' shows this long. */
export const LINK_COPIED_MS = 3_000;
/** The dialog closes this long after a successful grant. */
export const SHARE_DIALOG_CLOSE_MS = 2_000;
/** A valid share is expiring soon within this many days of its end. */
export const SHARE_EXPIRING_SOON_DAYS = 14;
/** Shares per page on /share and /sent. */
export const SHARES_PER_PAGE = 24;
/** The query parameter that carries a share's ref on a shared link. */
export const SHARE_QUERY_PARAM = 'share';

export const SHARE_FIELDS = ['level', 'email', 'daysValidity'] as const;
export type ShareField = (typeof SHARE_FIELDS)[number];

/** What a grant of an item or a content row is called in its refusals. */
export type GrantedThing = 'item' | 'file';

export const SHARE_MESSAGES = {
  level: (max: number) => `Choose a level from ${MIN_SHARE_LEVEL} to ${max}: you cannot grant more than your own access.`,
  /** A grant below the lowest level that opens the item (or the file and its item); `max` is the sharer's own. */
  belowOpeningLevel: (lowest: number, max: number, what: GrantedThing) =>
    lowest <= max
      ? `A grant below ${levelLabel(lowest)} would not open this ${what}: choose level ${lowest} or above.`
      : `Only ${levelLabel(lowest)} or above opens this ${what}, which is more than you can grant.`,
  notPublished: (what: GrantedThing) => `This ${what} is not published, so a grant would not open it.`,
  expired: (what: GrantedThing) => `This ${what} has expired, so a grant would not open it.`,
  email: 'Please enter a valid email address.',
  daysValidity: 'Choose 7, 90 or 365 days, or Forever.',
  granted: (email: string) => `Access granted to ${email}. We have emailed them the link.`,
  /** Remove access: the grant ended, its link refused from now on. */
  removed: (email: string) => `${email} no longer has this access. The link they were sent no longer works.`,
  alreadyRemoved: 'This access was already removed.',
  /** The Grant form's question when the address looks like a slip of one the sharer knows (`confirm_email` sends it as typed). */
  didYouMean: (suggestion: string) => `Did you mean ${suggestion}?`,
  nativeShareFailed: 'Sharing did not work here. Please use one of the other share buttons.',
} as const;

export function shareValidityLabel(days: ShareValidity): string {
  return days === null ? SHARE_TEXTS.forever : `${days} days`;
}

/**
 * What /share and /sent name a resource by when the viewer may not open it now (a locked share): as a collection's
 * locked entry, with nothing of the resource itself.
 */
export const LOCKED_SHARE_TITLES: Record<SharedType, string> = {
  item: COLLECTION_TEXTS.lockedItem,
  item_content: 'Content you cannot open',
  collection: 'A collection you cannot open',
};

/**
 * One entry of /share or /sent. The share itself (date, parties, level, expiry) always shows; the shared
 * resource's title, image and page are null when the viewer may not open it now (locked: `LOCKED_SHARE_TITLES`).
 */
export interface Share {
  ref: string;
  shared_type: SharedType;
  /** The shared resource's page, with the share's ref (`?share=`); null when locked. */
  shared_url_path: string | null;
  shared_image: string | null;
  /** Null when locked. */
  shared_title: string | null;
  /** The recipient as the sharer addressed them: the e-mail address. */
  to_user: string;
  from_user: string;
  /** When the share was made (ISO). */
  date: string;
  /** When the grant ends (ISO), null for Forever. */
  expires_at: string | null;
  level: number;
  valid: boolean;
  expiring_soon: boolean;
  /** Whether the viewer may end this grant (the sharer, whoever manages what it opens, admins). */
  can_remove: boolean;
}

/** A grant that was taken back (Remove access), as the share lists show it for `REMOVED_SHARES_SHOWN_DAYS`. */
export interface RemovedShare {
  ref: string;
  shared_type: SharedType;
  /** Null when the viewer may not open the resource now (locked, as for a share). */
  shared_title: string | null;
  to_user: string;
  from_user: string;
  level: number;
  /** When the grant was made, and when it was removed (ISO). */
  date: string;
  removed_at: string;
  removed_by: string;
}

/** The grants of an item or a collection, for those who may take them back (the access panel). */
export interface ResourceGrants {
  shares: Share[];
  removed: RemovedShare[];
}

/** The Grant form's two answers to "Did you mean …?". */
export const SHARE_SLIP_TEXTS = {
  accept: (suggestion: string) => `Use ${suggestion}`,
  keep: (typed: string) => `No, share with ${typed}`,
} as const;

/** The words of taking a grant back (Remove access), on the share lists and the access panels. */
export const SHARE_REMOVAL_TEXTS = {
  remove: 'Remove access',
  removeLabel: (email: string) => `Remove access for ${email}`,
  confirm: (email: string, what: string) => `Remove ${email}'s access to ${what}? The link they were sent stops working at once, and they lose what it opened.`,
  removedHeading: 'Removed access',
  removedBy: (name: string) => `removed by ${name}`,
  panelOpen: 'Who has been given access',
  panelClose: 'Hide who has been given access',
  panelHeading: 'Given access',
  nobody: 'No one has been given access to this.',
  loading: 'Loading…',
} as const;

/** A person's grants on their user page (admins): made by them, made to them, and those they made that were removed. */
export interface PersonGrants {
  sent: Share[];
  received: Share[];
  removed: RemovedShare[];
}

/** How long, and how many, removed grants the share lists and access panels show. */
export const REMOVED_SHARES_SHOWN_DAYS = 90;
export const REMOVED_SHARES_SHOWN = 20;
/** The access panel lists at most this many live grants of one item or collection, newest first. */
export const RESOURCE_GRANTS_SHOWN = 50;
/** The Grant form's field that sends an address as typed after the form asked whether it was a slip. */
export const CONFIRM_EMAIL_FIELD = 'confirm_email';
/** With "Did you mean …?" under `email`, the errors carry the address offered instead under this key. */
export const EMAIL_SUGGESTION_FIELD = 'email_suggestion';

/** The sharing explanation the server computes for a resource and its viewer. */
export interface SharingExplanation {
  /** Who can see this resource now. */
  availabilityText: string;
  /** What a person at each level 0..6 sees of it (for a grant at that level). */
  levelText: string[];
  /** Whether a person at each level 0..6 sees anything of it: the Grant form's danger colour and opening level. */
  levelVisible: boolean[];
  contentText: string;
  shareText: string;
  /** Only for viewers who may invite (elevate) users. */
  inviteText: string | null;
  /** The address asked about (checkAccessEmail), normalised, or null. */
  checkAccessEmail: string | null;
  /** What the person with that address can see, or null when nothing was asked. */
  checkAccessText: string | null;
}

/** The query parameter of a check-access visit. */
export const CHECK_ACCESS_PARAM = 'checkAccessEmail';

/**
 * The level the Grant form opens at: at the default level, unless nothing is visible there, then the lowest
 * level up to `max` where something is; back at the default when nothing is ever visible.
 */
export function openingShareLevel(max: number, visible: readonly boolean[] | undefined): number {
  if (!visible || visible[DEFAULT_SHARE_LEVEL]) return DEFAULT_SHARE_LEVEL;
  for (let level = DEFAULT_SHARE_LEVEL + 1; level <= max; level += 1) if (visible[level]) return level;
  return DEFAULT_SHARE_LEVEL;
}

/** POST target of the Grant form: `{current page path}/share`. */
export function shareActionUrl(pagePath: string): string {
  return `${pagePath.replace(/\/$/, '')}/share`;
}

/** A Facebook sharer link for the page (the Share dialog's social-network link). */
export function facebookShareUrl(absoluteUrl: string): string {
  return `https://www.facebook.com/sharer/sharer.php?u=${encodeURIComponent(absoluteUrl)}`;
}

/** Who can open a collection's link, in its Share dialog and its sharing explanation. */
export const COLLECTION_SHARING_TEXTS = {
  public: 'This collection is public: anyone who has the link can open it, signed in or not.',
  privateOwner: 'This collection is private: only you, admins and the people you grant access to can open its link. Anyone else sees a Forbidden page.',
  privateOther:
    'This collection is private: only its owner, admins and the people its owner grants access to can open its link. Anyone else sees a Forbidden page.',
  noItems: 'This collection has no items you can open.',
  itemsOwnLevel: 'Each item in it opens at the access level of the person who follows the link, whether the collection is public or not.',
  grant:
    'You can grant one person access to this collection: when they sign in with the address you enter, they can open it; the items in it still open at their own access level.',
  makePublic: 'Make it public',
  makePublicHelp: 'Anyone with the link could then open it, signed in or not.',
  ownerGrants: 'Only its owner can grant someone access to this collection.',
  /** To its owner, who may not grant access (below the lowest grant level): nothing tells them to grant it. */
  privateOwnerNoGrant: 'This collection is private: only you and admins can open its link. Anyone else sees a Forbidden page.',
  ownerNoGrant: 'You cannot grant people access to this collection. To let others open its link, make it public.',
  ownerNoGrantPublic: 'Anyone who has the link can open it, so there is no access to grant: share the link.',
} as const;
