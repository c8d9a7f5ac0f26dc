/**
 * Following a tag, a search or a collection, the e-mail digest of what is new there, and the Atom feeds of public
 * tags and collections (docs/decisions/collections-and-follows.md "Follows, digests and feeds").
 */

export const PROFILE_DIGESTS_URL = '/profile/digests';
/** "Send my digest now": the window since the last digest, at once. */
export const PROFILE_DIGEST_NOW_URL = '/profile/digests/send';

/** How often a member's digest comes; 'none' is the profile's "no digests". */
export const DIGEST_FREQUENCIES = ['weekly', 'daily', 'none'] as const;
export type DigestFrequency = (typeof DIGEST_FREQUENCIES)[number];
export const DIGEST_FREQUENCY_LABELS: Record<DigestFrequency, string> = {
  weekly: 'Weekly',
  daily: 'Daily',
  none: 'No digests',
};

/** A digest lists at most this many items per followed thing; the rest are one link away. */
export const DIGEST_ITEMS_PER_FOLLOW = 10;
/** A feed holds the newest this many items. */
export const FEED_ENTRIES = 50;
/** The longest search text one may follow (the index's own search box takes no more). */
export const FOLLOW_SEARCH_MAX = 200;

export type FollowKind = 'tag' | 'search' | 'collection';

/** What one follows, as the profile lists it and the Follow button names it. */
export interface FollowSummary {
  ref: string;
  kind: FollowKind;
  /** The tag's label, the search's text or the collection's title. */
  label: string;
  /** Where it is shown in the library; null once the member may no longer see it. */
  url: string | null;
}

/** What a Follow button on an index or collection page follows, and whether the viewer already does (its ref). */
export interface FollowOffer {
  target: { tag: string } | { search: string } | { collection: string };
  following: string | null;
  /** Whether the viewer may follow at all (signed in); a visitor sees the feed link alone. */
  canFollow: boolean;
  /** The Atom feed of this tag or public collection, for feed readers; null where there is none. */
  feedUrl: string | null;
}

/**
 * The flash key of what a digest's unfollow link just stopped, which its page confirms: `url` only when
 * the person who pressed it may open the followed page (anyone may, or they are its follower, signed in).
 */
export const UNFOLLOWED_FLASH = 'unfollowed';
export type Unfollowed = Pick<FollowSummary, 'kind' | 'label' | 'url'>;

export const FOLLOW_TEXT = {
  follow: { tag: 'Follow this tag', search: 'Follow this search', collection: 'Follow this collection' },
  unfollow: 'Unfollow',
  following: 'Following',
  feed: 'Atom feed',
  digestsTitle: 'Digests',
  digestsIntro: 'A digest e-mail lists what is new and updated in the tags, searches and collections you follow.',
  frequencyLabel: 'How often',
  saveFrequency: 'Save',
  sendNow: 'Send my digest now',
  followingTitle: 'What you follow',
  nothingFollowed: 'You follow nothing yet. Follow a tag, a search or a collection from its page.',
  needsVerifiedEmail: 'Digests go only to a verified email address.',
  noLongerVisible: { tag: 'A tag you can no longer see', collection: 'A collection you can no longer open' },
  kindLabels: { tag: 'Tag', search: 'Search', collection: 'Collection' } satisfies Record<FollowKind, string>,
  unfollowPageTitle: 'Unfollow',
  unfollowQuestion: (label: string) => `Stop following “${label}”? Its news will no longer be in your digest.`,
  unfollowButton: 'Stop following',
  unfollowDone: (label: string) => `You no longer follow “${label}”. Its news will no longer be in your digest.`,
  unfollowDoneLink: { tag: 'Open the tag', search: 'Open the search', collection: 'Open the collection' } satisfies Record<FollowKind, string>,
  toLibrary: 'Go to the library',
} as const;

export const FOLLOW_MESSAGES = {
  followed: (label: string) => `You follow “${label}”. What is new there will be in your digest.`,
  unfollowed: (label: string) => `You no longer follow “${label}”.`,
  frequencySaved: (frequency: DigestFrequency) =>
    frequency === 'none' ? 'You will get no digests.' : `Your digest will come ${frequency === 'daily' ? 'daily' : 'weekly'}.`,
  tagMissing: 'That tag does not exist.',
  collectionMissing: 'That collection does not exist.',
  searchMissing: 'Type something to search for.',
  searchTooLong: `A followed search may be at most ${FOLLOW_SEARCH_MAX} characters.`,
  digestSent: (email: string) => `Your digest is on its way to ${email}.`,
  digestEmpty: 'Nothing new or updated in what you follow since your last digest.',
  /** Send my digest now before any digest was sent: the window began with the first follow. */
  digestEmptyFirst: 'Nothing is new or updated in what you follow yet.',
  nothingToSend: 'Follow a tag, a search or a collection first, and have a verified email address.',
  linkGone: 'This unfollow link is no longer valid: you may already have stopped following it.',
} as const;
