/**
 * The fixed addresses, and one menu name, that code beyond their own feature names: the route table (routes.ts) builds
 * its routes on them, and the layout links to them. Strings only, so that the first page's script, which holds the
 * layout and the route table, carries none of a feature's messages with them (docs/decisions/front-end.md "What a first page downloads").
 */

export const ADMIN_AFFIRMATIONS_URL = '/admin/affirmation';
export const ADMIN_CHARACTERISTICS_URL = '/admin/characteristic';
export const ADMIN_TAXONOMIES_URL = '/admin/taxonomy';
export const STATS_URL = '/admin/stats';
export const TRASH_URL = '/admin/trash';

export const DOCUMENTATION_URL = '/documentation';
export const FOLLOW_URL = '/follow';
export const PROFILE_VERIFY_URL = '/profile/verify';
/** The profile's personal access tokens: POST creates one, DELETE …/{ref} revokes it. */
export const PROFILE_TOKENS_URL = '/profile/tokens';
/** "Download my data": POST asks for an archive, GET …/{token} downloads it by the e-mailed link. */
export const PROFILE_DATA_EXPORT_URL = '/profile/data-export';
/** The profile with the e-mail prompt open: where the layout's "email missing" banner leads. */
export const PROFILE_EMAIL_PROMPT_URL = '/profile?email=1';

export const USER_LIST_URL = '/user';
export const USER_INVITATIONS_URL = '/user_invitation';
export const USER_INVITATIONS_TITLE = 'User Invitations';
