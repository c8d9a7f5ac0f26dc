/**
 * The admin area's dashboard, characteristics and affirmations: routes, texts, field
 * names and limits shared by the server, the pages and the tests.
 */
import { CHARACTERISTIC_FORMATS, type CharacteristicFormat } from './enums';
import { plural } from './messages';

export const ADMIN_URL = '/admin';
export const ADMIN_LABEL = 'Admin';
export const ADMIN_DASHBOARD_TITLE = 'Admin Dashboard';
export const ADMIN_DASHBOARD_WARNING = 'This area is only for admins and superadmins.';
export const SUPERADMIN_ONLY = 'SuperAdmin Only';

/**
 * A big button of the Admin Dashboard. `browser`: a plain browser navigation (`<a href>`), not an
 * Inertia visit. `superadminOnly`: labelled SUPERADMIN_ONLY; shown to every admin, its route refuses the others.
 */
export interface AdminDashboardButton {
  label: string;
  href: string;
  icon: string;
  superadminOnly: boolean;
  browser: boolean;
}

/** The dashboard's buttons, in the order they show. */
export const ADMIN_DASHBOARD_BUTTONS: readonly AdminDashboardButton[] = [
  { label: 'Users', href: '/user', icon: 'bi-people', superadminOnly: false, browser: false },
  { label: 'Comments', href: '/admin/comment', icon: 'bi-chat-left-text', superadminOnly: false, browser: false },
  { label: 'Characteristics', href: '/admin/characteristic', icon: 'bi-list-check', superadminOnly: false, browser: false },
  { label: 'Affirmations', href: '/admin/affirmation', icon: 'bi-hand-thumbs-up', superadminOnly: false, browser: false },
  { label: 'Taxonomies & Tags', href: '/admin/taxonomy', icon: 'bi-tags', superadminOnly: false, browser: false },
  { label: 'Stats', href: '/admin/stats', icon: 'bi-bar-chart', superadminOnly: false, browser: false },
  { label: 'Advanced Settings', href: '/admin/advanced', icon: 'bi-tools', superadminOnly: true, browser: false },
  { label: 'Server Logs', href: '/admin/advanced/log-viewer', icon: 'bi-journal-code', superadminOnly: true, browser: true },
];

/* Characteristics: their list and detail pages. */

/** The list is served under both spellings; the dashboard links the singular one. */
export const ADMIN_CHARACTERISTICS_PLURAL_URL = '/admin/characteristics';
export const CHARACTERISTICS_TITLE = 'Characteristics';
export const NEW_CHARACTERISTIC_TITLE = 'New Characteristic';
export const DELETE_CHARACTERISTIC_CONFIRM = 'Are you sure you want to delete this characteristic?';
export const CHARACTERISTIC_TITLE_MAX = 120;
export const CHARACTERISTIC_USAGE_NOTE_MAX = 2000;

/** The formats a characteristic may have, key → label: the item page's value editor uses the same map. */
export const CHARACTERISTIC_FORMAT_LABELS: Readonly<Record<CharacteristicFormat, string>> = CHARACTERISTIC_FORMATS;
export const CHARACTERISTIC_FORMAT_KEYS = Object.keys(CHARACTERISTIC_FORMATS) as CharacteristicFormat[];

/** Fields a characteristic page edits in place, one at a time (PATCH /admin/characteristic/{ref}). */
export const CHARACTERISTIC_FIELDS = ['title', 'usage_note', 'format', 'minimum', 'public'] as const;
export type CharacteristicField = (typeof CHARACTERISTIC_FIELDS)[number];

/** A characteristic as the admin pages show it. */
export interface AdminCharacteristic {
  ref: string;
  title: string;
  usage_note: string;
  format: string;
  /** The smallest whole number an item may hold; only used by the integer format (null: no minimum). */
  minimum: number | null;
  public: boolean;
}

export const CHARACTERISTIC_TEXTS = {
  title: 'Title',
  usageNote: 'Usage note',
  format: 'Format',
  public: 'Public',
  publicHelp: 'Always visible with the item; otherwise admins only.',
  notPublic: 'Admins only',
  noUsageNote: 'No usage note',
  saveFormat: 'Save Format',
  convertFormat: 'Convert',
  cancelFormat: 'Cancel',
  minimum: 'Minimum',
  undoFormatChange: 'Undo format change',
  minimumHelp: 'The smallest whole number an item may hold, e.g. 0 for minutes. Leave empty for no minimum.',
  noMinimum: 'No minimum',
} as const;

export const CHARACTERISTIC_MESSAGES = {
  titleRequired: 'Please enter a title',
  titleTooLong: `The title can be at most ${CHARACTERISTIC_TITLE_MAX} characters`,
  titleTaken: 'A characteristic with this title already exists',
  usageNoteTooLong: `The usage note can be at most ${CHARACTERISTIC_USAGE_NOTE_MAX} characters`,
  formatInvalid: 'Choose one of the formats',
  publicInvalid: 'Choose Yes or No',
  minimumInvalid: 'Enter a whole number, or leave it empty for no minimum',
  /** A minimum that items' values already fall below, refused (field `minimum`). */
  minimumBelowValues: (below: number, minimum: number, example: string) =>
    `${plural(below, 'item value')} ${below === 1 ? 'is' : 'are'} below ${minimum} (for example “${example}”). Change ${below === 1 ? 'that item' : 'those items'} first, or choose a lower minimum.`,
  created: (title: string) => `Created the characteristic “${title}”.`,
  saved: 'Saved.',
  deleted: (title: string) => `Deleted the characteristic “${title}”.`,
  /** A format change that would lose values, refused until the admin confirms (field `format`). */
  formatLosesValues: (unconvertible: number, total: number, formatLabel: string, example: string) =>
    `${unconvertible.toLocaleString('en')} of ${plural(total, 'item value')} cannot be read as ${formatLabel} (for example “${example}”). Convert to keep the others in the new format and remove ${unconvertible === 1 ? 'this one' : 'these'}, or Cancel to keep the format.`,
  nothingToUndo: 'There is no format change to undo: it was undone already, changed again, or is more than 30 days old.',
  formatUndone: (restored: number, keptChanged: number) =>
    `Format change undone. ${plural(restored, 'value')} put back as ${restored === 1 ? 'it was' : 'they were'}${keptChanged > 0 ? `; ${keptChanged.toLocaleString('en')} changed since ${keptChanged === 1 ? 'was left as it is' : 'were left as they are'}` : ''}.`,
  formatConverted: (converted: number, removed: number) => {
    if (removed > 0) return `Saved. ${plural(converted, 'value')} converted, ${removed.toLocaleString('en')} removed.`;
    return converted > 0 ? `Saved. ${plural(converted, 'value')} converted.` : 'Saved.';
  },
} as const;

/** A format change can be undone for this many days. */
export const FORMAT_UNDO_DAYS = 30;

/** A characteristic's latest format change that can still be undone, as its page offers the undo. */
export interface FormatChangeView {
  at: string;
  from: string;
  to: string;
  converted: number;
  removed: number;
}

/** "Changed from Text to Whole number on …: 12 values converted, 3 removed." */
export function formatChangeText(change: FormatChangeView, formats: Record<string, string>, when: string): string {
  const converted = `${plural(change.converted, 'value')} converted`;
  const values = change.removed > 0 ? `${converted}, ${change.removed.toLocaleString('en')} removed` : converted;
  return `Changed from ${formats[change.from] ?? change.from} to ${formats[change.to] ?? change.to} ${when}: ${values}.`;
}

/** The field that confirms a format change that removes the values the new format cannot read. */
export const CONFIRM_FORMAT_CONVERSION_FIELD = 'remove_unconvertible';

/** Deleting a characteristic removes every item's value of it: the confirmation says how many. */
export function deleteCharacteristicConfirm(valueCount: number): string {
  return valueCount > 0 ? `${DELETE_CHARACTERISTIC_CONFIRM} It removes its value from ${plural(valueCount, 'item')}.` : DELETE_CHARACTERISTIC_CONFIRM;
}

/* Affirmations: their list and detail pages. */

export const AFFIRMATIONS_TITLE = 'Affirmations';
export const NEW_AFFIRMATION_TITLE = 'New Affirmation';
export const DELETE_AFFIRMATION_CONFIRM = 'Are you sure you want to delete this affirmation?';

/** What deleting an affirmation takes with it: every member's affirmation of it. */
export interface AffirmationImpact {
  affirmations: number;
  members: number;
  /** How long the trash keeps it (TRASH_RETENTION_DAYS). */
  restorableDays: number;
}

/** The confirmation says what goes, and that it can be taken back. */
export function deleteAffirmationConfirm({ affirmations, members, restorableDays }: AffirmationImpact): string {
  const restorable = `It can be restored from the Trash for ${restorableDays} days.`;
  if (affirmations === 0) return `${DELETE_AFFIRMATION_CONFIRM} No one has used it yet. ${restorable}`;
  const given = `${affirmations.toLocaleString('en')} ${affirmations === 1 ? 'affirmation' : 'affirmations'}`;
  const by = `${members.toLocaleString('en')} ${members === 1 ? 'member' : 'members'}`;
  return `${DELETE_AFFIRMATION_CONFIRM} ${given} by ${by} will go with it. ${restorable}`;
}
export const AFFIRMATION_TITLE_MAX = 120;

/** Fields an affirmation page edits in place, one at a time (PATCH /admin/affirmation/{ref}). */
export const AFFIRMATION_FIELDS = ['title', 'is_negative'] as const;
export type AffirmationField = (typeof AFFIRMATION_FIELDS)[number];

/** An affirmation as the admin pages show it. */
export interface AdminAffirmation {
  ref: string;
  title: string;
  is_negative: boolean;
}

export const AFFIRMATION_TEXTS = {
  title: 'Title',
  negative: 'Negative?',
  /** The checkbox's helper text. */
  negativeHelp: 'Disapproval',
  positiveHelp: 'Positive affirmation',
  /** On a negative affirmation's card. */
  disapproval: '(Disapproval)',
} as const;

export const AFFIRMATION_MESSAGES = {
  titleRequired: 'Please enter a title',
  titleTooLong: `The title can be at most ${AFFIRMATION_TITLE_MAX} characters`,
  titleTaken: 'An affirmation with this title already exists',
  negativeInvalid: 'Choose Yes or No',
  created: (title: string) => `Created the affirmation “${title}”.`,
  saved: 'Saved.',
  deleted: (title: string) => `Deleted the affirmation “${title}”.`,
} as const;

export const CREATE_NEW = 'Create New';
