/** Fixed user-facing texts. */
export const ERROR_PAGES = {
  503: { title: '503: Service Unavailable', message: 'Sorry, we are doing some maintenance. Please check back soon.' },
  500: { title: 'Server Error', message: 'Whoops, something went wrong on our end. Please let us know the details of what you tried to do.' },
  410: {
    title: 'Resource No Longer Available',
    message: 'This destination has permanently expired. Please get an updated link from wherever you got this one.',
  },
  404: { title: '404: Page Not Found', message: 'Sorry, the page you are looking for could not be found.' },
  403: { title: 'Forbidden', message: 'Sorry, you are forbidden from accessing this page. Make sure you are logged in.' },
} as const;
export type ErrorStatus = keyof typeof ERROR_PAGES;

export const EMAIL_BANNER = {
  missing: 'We need to know your email address for notifications and sharing',
  unverified: 'Please check your inbox for an email to verify your email address.',
  resend: 'Resend verification email',
} as const;

export const CURRENT_PAGE_ERRORS_TITLE = 'Current Page Errors';

export const EMPTY_STATES = {
  items: 'No items matched your request. Try removing some filters',
  users: 'No users matched your request. Try removing some filters',
  tasks: 'No tasks',
  sent: 'You have not shared anything with others',
  shared: 'No one has shared anything in particular with you yet',
  taxonomies: 'You have not created any taxonomies',
  invitations: 'You have not created any invitations',
  unlinkedFiles: 'No unlinked files found',
  affirmations: 'You have not created any affirmations',
  characteristics: 'You have not created any characteristics',
  collections: 'You have not created any collections',
  comments: 'You have not created any comments',
  treeFilter: 'No matching nodes found',
} as const;

/**
 * An item list that is empty with no filter or search chosen ("Try removing some filters" is for a filtered
 * one): there is nothing to remove, so it says only that the list is empty.
 */
export const NO_ITEMS_HERE = 'There are no items to show here.';

/** A paged list asked for a page past its end (`?page=` from an old link or a hand-edited address). */
export function pastLastPageText(page: number, lastPage: number): string {
  return `There is no page ${page.toLocaleString('en')}; the last page is ${lastPage.toLocaleString('en')}.`;
}

/** Re-ordering a list by drag or Move up / down: taxonomies, characteristics, affirmation options, a tag among its siblings. */
export const POSITION_INVALID = 'The position must be a whole number from 0.';

/** What a list's polite live region says after a keyboard move (`index` counted from 0, said from 1). */
export function movedToPositionMessage(name: string, index: number, count: number): string {
  return `Moved '${name}' to position ${index + 1} of ${count}.`;
}

/** The one refusal of input that cannot be used (docs/decisions/access.md "Hostile input"). */
export const INPUT_REFUSED = {
  unstorable: 'This contains characters that cannot be saved (an invisible control character or a broken symbol). Please remove them and try again.',
  invalid: 'Some of what was sent could not be understood. Please check what you entered and try again.',
  badUrl: 'This address could not be understood.',
} as const;

export const CSRF_REFUSED = 'Your session has expired or the form is out of date. Please reload the page and try again.';
export const SIGN_IN_FAILED = 'Sign-in did not complete. Please try again.';
export const SIGN_IN_CANCELLED = 'Sign-in was cancelled.';

/** What a link that opens a new tab adds to its name, for screen readers (components/lib/NewTabLink). */
export const OPENS_IN_NEW_TAB = '(opens in a new tab)';

/** Item page (docs/decisions/items.md "Items"). */
export const SIGN_IN_HINT = 'Sign in to see more of the library.';
export const STRONG_AFFIRMATION_CONFIRM = 'Please reserve these for particularly strong feelings (generally just use the thumbs). Continue?';
export const DELETE_ITEM_CONFIRM = 'Are you sure you want to delete this item?';
export const AFFIRMATION_LOGIN_PROMPT = 'Log in to affirm the items that helped you.';

/** Add Image / Remove Image dialogs and the image routes' form errors. */
export const IMAGE_MESSAGES = {
  nothingChosen: 'Please upload or select an image',
  nothingToDelete: 'Please select an image to delete',
  permissionNote: 'Please only upload images you have permission to use.',
} as const;

/** A count with its noun, which takes an s unless the count is 1: '1 affirmation', '3 items'. */
export function plural(count: number, noun: string): string {
  return `${count.toLocaleString('en')} ${noun}${count === 1 ? '' : 's'}`;
}
