/**
 * "Ask for access" (docs/decisions/sharing.md "Sharing that tells the truth"): the 403 page of an item says which
 * level it needs and lets a signed-in person ask the people who can share it. The e-mail's one-click link only opens
 * the item page with its Share dialog filled in (`?share_to=&share_level=`, share-prefill.ts): the maintainer still
 * presses Grant Access.
 */
import { levelLabel } from './levels';

/** A person asks once per item in this many hours. */
export const ACCESS_REQUEST_REPEAT_HOURS = 24;
/** And for at most this many items in that time, so nobody fills maintainers' inboxes. */
export const ACCESS_REQUESTS_PER_WINDOW = 10;

export const ACCESS_REQUEST_TEXTS = {
  ask: 'Ask for access',
  signIn: 'Log in',
  neededLevel: (level: number) => `This page needs access ${levelLabel(level)} or above.`,
  notPublished: 'This page is not published: no access level opens it yet.',
  askHelp: 'We can ask the people who can share it to grant you access. They see your name and e-mail address.',
  signInHelp: 'If you have an account, log in and you come back to this page.',
  verifyEmail: 'Verify your e-mail address on your profile to ask for access: a grant is sent to it.',
  sent: 'Your request was sent. The people who can share this page will get an e-mail; if they grant you access, we e-mail you the link.',
  alreadySent: (hours: number) => `Your request was sent. You can ask again ${hours} hours after it, if you still need to.`,
  tooMany: (hours: number) => `You have asked for access to many pages recently. Please wait up to ${hours} hours before asking again.`,
  nobody: 'No one can grant access to this page at the moment.',
  canOpen: 'You can open this page now.',
} as const;

/** What the 403 page offers below its title and message. */
export interface ForbiddenHelp {
  /** The level the page needs, shown to visitors and signed-in people alike; null when unknown or none opens it. */
  neededLevel: number | null;
  /** The page is an item that no level opens now (not published). */
  notPublished: boolean;
  /** POST target of Ask for access, for a signed-in person who may ask; else null. */
  askUrl: string | null;
  /** The person's e-mail address is not verified yet, so they cannot ask. */
  verifyEmail: boolean;
  /** When this person last asked for this page (ISO), within the waiting time; else null. */
  askedAt: string | null;
  /** For a visitor: the login page, coming back to this page after signing in; else null. */
  signInUrl: string | null;
}
