/**
 * Deleting an account (docs/decisions/access.md "Deleting an account"): one's own, from the profile, and a person's by
 * an admin from their page; what either says first, and what signing in afterwards answers.
 */
import { plural } from './messages';

/** DELETE, with the typed confirmation: one's own account goes to the trash and one is signed out. */
export const DELETE_ACCOUNT_URL = '/profile/account';

/** What the person types to confirm: a word rather than their address, which not everyone has on their account. */
export const DELETE_ACCOUNT_WORD = 'DELETE';

/** The longest confirmation read: anything longer is not the word. */
export const DELETE_ACCOUNT_CONFIRMATION_MAX = 100;

/** What deleting this person changes, counted from the database (all of theirs, not only what the viewer may open). */
export interface AccountDeletionImpact {
  comments: number;
  itemsMaintained: number;
  collections: number;
  follows: number;
  affirmations: number;
  sharesGiven: number;
  sharesReceived: number;
  tasksAssigned: number;
  accessTokens: number;
  personPage: boolean;
}

/** A deletion's question: its impact and how long the trash keeps the person. */
export interface AccountDeletionSummary {
  impact: AccountDeletionImpact;
  retentionDays: number;
}

/** The profile's Delete my account section. */
export interface AccountDeletionSection extends AccountDeletionSummary {
  /** Why this person may not delete their account here (shown instead of the button), or null when they may. */
  refusal: string | null;
}

const days = (count: number) => plural(count, 'day');

/** The impact, one line a kind of thing, in the words both the profile and a user's page use. */
export function deletionImpactLines(impact: AccountDeletionImpact): string[] {
  const are = (count: number) => (count === 1 ? 'is' : 'are');
  return [
    `${plural(impact.comments, 'comment')} stay on ${impact.comments === 1 ? 'its item' : 'their items'}, signed “Former member”.`,
    `${plural(impact.itemsMaintained, 'item')} maintained stay in the library, without a maintainer until the account is deleted for good, then maintained by an administrator.`,
    `${plural(impact.collections, 'collection')} ${are(impact.collections)} deleted.`,
    `${plural(impact.follows, 'follow')} and ${plural(impact.affirmations, 'affirmation')} ${are(impact.follows + impact.affirmations)} deleted.`,
    `${plural(impact.sharesGiven, 'share')} given to others keep working until the account is deleted for good, then end.`,
    `${plural(impact.sharesReceived, 'share')} received end.`,
    `${plural(impact.tasksAssigned, 'task')} assigned stay on ${impact.tasksAssigned === 1 ? 'its item' : 'their items'}, assigned to no one.`,
    `${plural(impact.accessTokens, 'access token')} stop working.`,
    ...(impact.personPage ? ['The Person page is deleted when the account is deleted for good.'] : []),
  ];
}

export const DELETE_ACCOUNT_TEXTS = {
  title: 'Delete my account',
  intro: (retentionDays: number) =>
    `Your account goes to the trash at once and you are signed out. If you sign in again within ${days(retentionDays)}, it comes back as it was. After that it is deleted for good:`,
  afterwards: 'The history of the library keeps what was done, but no longer by whom.',
  open: 'Delete my account…',
  dialogTitle: 'Delete your account?',
  confirmLabel: `Type ${DELETE_ACCOUNT_WORD} to confirm`,
  submit: 'Delete my account',
  /** A user's page: an admin deletes this person. */
  adminTitle: (name: string) => `Delete ${name}?`,
  adminIntro: (retentionDays: number) =>
    `They go to the trash at once and are signed out. An administrator can restore them from the Trash for ${days(retentionDays)}; signing in does not bring them back. After that they are deleted for good:`,
  adminSubmit: 'Delete',
} as const;

export const DELETE_ACCOUNT_MESSAGES = {
  confirmationWrong: `Type ${DELETE_ACCOUNT_WORD} to confirm that your account should be deleted.`,
  whileImpersonating: 'While you act as someone else you cannot delete their account. Stop acting as them first.',
  lastSuperadmin: 'You are the only super administrator. Make someone else a super administrator before you delete your account.',
  lastAdmin: 'You are the only administrator. Make someone else an administrator before you delete your account.',
  deleted: (retentionDays: number) =>
    `Your account is deleted and you are signed out. If you change your mind, sign in again within ${days(retentionDays)} and it comes back as it was.`,
  restored: (name: string) => `Welcome back, ${name}. Your account is restored as it was, and will not be deleted.`,
  deletedByAdmin: 'This account was deleted by an administrator. Only an administrator can restore it.',
  notRestorable: 'This account was deleted and cannot come back by signing in. Please ask an administrator.',
} as const;

/** The demo sign-in's note on an account its person deleted: signing in brings it back. */
export const DEMO_ACCOUNT_DELETED_ROLE = 'Deleted: signing in restores it';
