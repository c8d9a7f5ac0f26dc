/**
 * Sharing (member-library §2 Share dialog, §3 Share / Share form / Sharing explanation, §4 Grant form, §5 Share form,
 * §9): constants, texts and shapes used by the server, the dialog and the /share and /sent pages alike.
 */
import { COLLECTION_TEXTS } from './collections';
import type { SharedType } from './enums';
import { LEVEL, levelLabel } from './levels';
import { SHARE_TEXTS } from './share-texts';

/** Grant validity options in days; null is Forever (§5, §9). */
export const SHARE_VALIDITY_OPTIONS = [7, 90, 365, null] as const;
export type ShareValidity = (typeof SHARE_VALIDITY_OPTIONS)[number];
export const DEFAULT_SHARE_DAYS: ShareValidity = 90;
/** The Grant form starts at this level, the lowest a grant may give (§3, §4, §9). */
export const DEFAULT_SHARE_LEVEL = LEVEL.AFFILIATE;
export const MIN_SHARE_LEVEL = LEVEL.AFFILIATE;
/** The level slider shows only when the maximum shareable level is at least this (§5). */
export const SHARE_SLIDER_FROM_MAX = LEVEL.LEADER;
/** 'Link Copied' shows this long (§9). */
export const LINK_COPIED_MS = 3_000;
/** The dialog closes this long after a successful grant (§4, §9). */
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
 * One entry of /share or /sent (§3 Share). The share itself (date, parties, level, expiry) always shows; the shared
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
}

/** The sharing explanation the server computes for a resource and its viewer (§3). */
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

/** The query parameter of a check-access visit (§7). */
export const CHECK_ACCESS_PARAM = 'checkAccessEmail';

/**
 * The level the Grant form opens at (§4): at the default level, unless nothing is visible there, then the lowest
 * level up to `max` where something is; back at the default when nothing is ever visible.
 */
export function openingShareLevel(max: number, visible: readonly boolean[] | undefined): number {
  if (!visible || visible[DEFAULT_SHARE_LEVEL]) return DEFAULT_SHARE_LEVEL;
  for (let level = DEFAULT_SHARE_LEVEL + 1; level <= max; level += 1) if (visible[level]) return level;
  return DEFAULT_SHARE_LEVEL;
}

/** POST target of the Grant form: `{current page path}/share` (§7). */
export function shareActionUrl(pagePath: string): string {
  return `${pagePath.replace(/\/$/, '')}/share`;
}

/** A Facebook sharer link for the page (the social-network share link of §2). */
export function facebookShareUrl(absoluteUrl: string): string {
  return `https://www.facebook.com/sharer/sharer.php?u=${encodeURIComponent(absoluteUrl)}`;
}

/** Who can open a collection's link, in its Share dialog and its sharing explanation (issue 15 §2). */
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
} as const;
