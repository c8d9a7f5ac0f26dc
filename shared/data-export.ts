/**
 * "Download my data" on the profile (docs/decisions/access.md "Download my data"): a person asks for an archive of
 * their own data, a periodic job prepares it and e-mails them a link that works for them alone, for a week. The
 * section's texts and types, and what the request and the link answer.
 */

/** The download link works this many days after the archive is ready; then the archive is deleted. */
export const DATA_EXPORT_LINK_VALID_DAYS = 7;
/** How many requests a person may make in a day (a day's worth of requests, counted back from now). */
export const DATA_EXPORT_REQUESTS_PER_DAY = 3;
/** The profile lists this many of the person's latest requests. */
export const DATA_EXPORTS_LISTED = 5;

export type DataExportState = 'preparing' | 'ready' | 'expired' | 'failed';

/** One of the person's requests, as the profile lists it: never its link, which only the e-mail carries. */
export interface DataExportSummary {
  ref: string;
  requestedAt: string;
  state: DataExportState;
  /** While ready: when the link stops working. */
  expiresAt: string | null;
}

/** The profile's "Download my data" section. */
export interface DataExportSection {
  /** Newest first, at most DATA_EXPORTS_LISTED. */
  exports: DataExportSummary[];
  canRequest: boolean;
  /** Why the viewer may not ask now (an address to verify, acting as someone, one already being prepared). */
  cannotRequestBecause: string | null;
}

export const DATA_EXPORT_TEXT = {
  title: 'Download my data',
  intro:
    'Get a copy of what this library holds about you: your profile, sign-ins, comments, affirmations, collections, follows, shares, invitations, access requests, access tokens and the history of your changes, in one ZIP file.',
  request: 'Prepare my data',
  listLabel: 'Your data downloads',
  none: 'You have not asked for your data yet.',
  requested: 'Asked',
  states: { preparing: 'Preparing', ready: 'Ready', expired: 'Expired', failed: 'Could not be prepared' } satisfies Record<DataExportState, string>,
  readyUntil: (day: string) => `Ready until ${day}: use the link in the email we sent you.`,
  preparing: 'We are preparing your data; we will e-mail you a link.',
} as const;

export const DATA_EXPORT_MESSAGES = {
  requested: 'We are preparing your data; we will e-mail you a link.',
  alreadyPreparing: 'We are already preparing your data: we will e-mail you a link when it is ready.',
  tooMany: `You can ask for your data ${DATA_EXPORT_REQUESTS_PER_DAY} times a day. Please try again tomorrow.`,
  needsVerifiedEmail: 'Verify your email address first: we send the link to your data there.',
  whileImpersonating: 'While you act as someone else you cannot ask for their data.',
  signInFirst: 'Sign in to download your data.',
  linkExpired: `This link to your data has expired: links work for ${DATA_EXPORT_LINK_VALID_DAYS} days. Ask for your data again on your profile.`,
} as const;
