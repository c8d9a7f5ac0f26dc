/** Managing users (/user, /user/{ref}): the user, the user area's actions and the list's level filters. */
import type { AccessLevel, USER_LIST_LEVEL_FILTERS } from './levels';

/** A `level` query value of the user list other than All ('') (USER_LIST_LEVEL_FILTERS). */
export type UserLevelFilter = Exclude<(typeof USER_LIST_LEVEL_FILTERS)[number]['value'], ''>;

/** The levels (as users act: admins at 6) each filter group holds. */
export const USER_LEVEL_FILTER_LEVELS: Record<UserLevelFilter, readonly AccessLevel[]> = {
  '2': [2],
  '3': [3],
  '4': [4],
  '5-6': [5, 6],
};
export const USER_LEVEL_FILTER_VALUES = Object.keys(USER_LEVEL_FILTER_LEVELS) as UserLevelFilter[];

export const USER_LIST_PAGE_SIZE = 25;
export const USER_LIST_SEARCH_MAX_LENGTH = 100;

/** The routes of the user area (the list itself, USER_LIST_URL, is in navigation.ts). */
export const STOP_IMPERSONATING_URL = '/user/stop_impersonating';
/** The maintainer picker's type-ahead (GET /user/search, JSON). */
export const USER_SEARCH_URL = '/user/search';

export interface UserTypeSummary {
  id: number;
  level: number;
  title: string;
  description: string;
}

/** One row of the user list. */
export interface UserListEntry {
  ref: string;
  name: string;
  email: string | null;
  user_type: { id: number; level: number; title: string };
  /** The level the user acts at (admins at 6). */
  level: AccessLevel;
  admin: boolean;
  manage_users: boolean;
  login_using: string | null;
  /** Whether the viewer may open this user's page (never a user above the viewer's own level). */
  openable: boolean;
}

export interface UserComment {
  ref: string;
  comment: string;
  item_ref: string;
  item_title: string;
  flagged: boolean;
  approved: boolean;
}

/** A user, with the permission flags an admin may change. */
export interface UserDetail {
  ref: string;
  name: string;
  email: string | null;
  phone: string | null;
  user_type: UserTypeSummary;
  login_using: string | null;
  /** Items the user maintains that the viewer may open. */
  items_created: { ref: string; title: string }[];
  /** The user's comments on items the viewer may open, newest first. */
  comments: UserComment[];
  admin: boolean;
  superadmin: boolean;
  manager: boolean;
  manage_users: boolean;
}

/** The fields of PATCH /user/{ref}, one at a time. */
export const USER_TEXT_FIELDS = ['name', 'email', 'phone'] as const;
export const USER_FLAG_FIELDS = ['admin', 'superadmin', 'manager', 'manage_users'] as const;
export const USER_TYPE_FIELD = 'user_type_id';
export type UserTextField = (typeof USER_TEXT_FIELDS)[number];
export type UserFlagField = (typeof USER_FLAG_FIELDS)[number];
export type UserField = UserTextField | UserFlagField | typeof USER_TYPE_FIELD;

/**
 * Which of a user's fields the viewer may change, beyond the page's `can` flags (update: name, e-mail and phone;
 * delete, flag_comments, impersonate: the actions). The server checks each call again.
 */
export interface UserPermissions {
  /** The user type may change (never one's own). */
  changeUserType: boolean;
  /** Per flag: whether the viewer may change it on this user. */
  flags: Record<UserFlagField, boolean>;
}

export const USER_FIELD_LABELS: Record<UserField, string> = {
  name: 'Name',
  email: 'E-mail',
  phone: 'Phone',
  user_type_id: 'User type',
  admin: 'Admin',
  superadmin: 'Super admin',
  manager: 'Manager',
  manage_users: 'Manages users',
};

export const USER_ERRORS = {
  nameRequired: 'The name is required.',
  tooLong: (max: number) => `This may be at most ${max} characters.`,
  text: 'Enter text.',
  email: 'Enter a valid e-mail address.',
  emailTaken: 'Another user already has this e-mail address.',
  userType: 'Choose one of the user types.',
  userTypeAboveOwnLevel: 'You cannot give a user type above your own level.',
  ownUserType: 'You cannot change your own user type.',
  boolean: 'Choose yes or no.',
} as const;

export const USER_NOTICES = {
  saved: 'Saved',
  deleted: (name: string) => `Deleted ${name}`,
  commentsFlagged: (count: number) => (count === 1 ? 'Flagged 1 unapproved comment' : `Flagged ${count} unapproved comments`),
  impersonating: (name: string) => `You are now acting as ${name}`,
  returned: (name: string) => `Welcome back, ${name}`,
  actedAsDeleted: (name: string) => `The account you were acting as (${name}) was deleted, so you are back in your own account`,
} as const;

/** The banner shown while acting as another user. */
export const IMPERSONATION_BANNER = {
  actingAs: (name: string) => `You are acting as ${name}`,
  signedInAs: (name: string) => `Signed in as ${name}`,
  returnButton: 'Return to my account',
} as const;

export const NOT_IMPERSONATING = 'You are not acting as another user.';

/**
 * The contact messages, shown (as the 403 page's detail) to signed-in users who may not manage
 * this user: managers and user managers are pointed at the provider's team, everyone else also at their regional
 * field contact.
 */
export const USER_AREA_CONTACT = {
  others: (team: string) => `To manage users or change someone's access, please contact your regional field contact and the ${team} team.`,
  managers: (team: string) => `To manage users or change someone's access, please contact the ${team} team.`,
} as const;

export const FLAG_COMMENTS_CONFIRM = "Flag all of this user's unapproved comments?";
export const IMPERSONATE_CONFIRM = 'Act as this user? You can return to your own account from the banner at the top of every page.';
