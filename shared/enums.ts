/**
 * Global enumerations. Numbers are stored in the database;
 * the gaps leave room for states added later without renumbering.
 */
export const VISIBILITY = {
  DRAFT: 10,
  PENDING: 20,
  HIDDEN: 30,
  UNLISTED: 40,
  DISCOVERABLE: 50,
} as const;
export type VisibilityName = keyof typeof VISIBILITY;
export type Visibility = (typeof VISIBILITY)[VisibilityName];

export const VISIBILITY_INFO: Record<
  Visibility,
  { name: VisibilityName; label: string; explanation: string; badge: 'danger' | 'warning' | 'secondary' | null }
> = {
  10: { name: 'DRAFT', label: 'Draft', explanation: 'Only the maintainer and admins can see this item while it is being written.', badge: 'danger' },
  20: {
    name: 'PENDING',
    label: 'Pending',
    explanation: 'Submitted for publishing: waiting for an admin to review it. Only the maintainer and admins can see it.',
    badge: 'warning',
  },
  30: { name: 'HIDDEN', label: 'Unpublished', explanation: 'Withdrawn by an admin: only admins and the maintainer can see it.', badge: 'secondary' },
  40: {
    name: 'UNLISTED',
    label: 'Unlisted',
    explanation: 'Opens for anyone with the link who has the minimum access level, but never appears in lists or search.',
    badge: 'secondary',
  },
  50: { name: 'DISCOVERABLE', label: 'Discoverable', explanation: 'Published: listed and searchable for everyone with the minimum access level.', badge: null },
};

export const VISIBILITY_VALUES = Object.values(VISIBILITY) as Visibility[];

export function visibilityInfo(value: number) {
  return VISIBILITY_INFO[value as Visibility] ?? VISIBILITY_INFO[VISIBILITY.DRAFT];
}

export const TASK_PRIORITY = { LOW: 1, MEDIUM: 2, HIGH: 3 } as const;
export const TASK_PRIORITY_LABELS: Record<number, string> = { 1: 'Low', 2: 'Medium', 3: 'High' };

export const AFFIRMATION_STRENGTH = { NONE: 0, NORMAL: 1, STRONG: 2 } as const;

export const SHARED_TYPES = ['item', 'collection', 'item_content'] as const;
export type SharedType = (typeof SHARED_TYPES)[number];

export const EXPORT_MODES = [null, 'download', 'doc_pdf'] as const;
export type ExportMode = (typeof EXPORT_MODES)[number];
export const EXPORT_MODE_LABELS = { normal: 'Open normally', download: 'Download original', doc_pdf: 'Export PDF (docs only)' } as const;

export const CONTENT_FORMATS = [
  'pdf',
  'word',
  'powerpoint',
  'google_slides',
  'google_doc',
  'google_sheet',
  'google_folder',
  'image',
  'text',
  'video',
  'audio',
  'other',
] as const;
export type ContentFormat = (typeof CONTENT_FORMATS)[number];

export const CHARACTERISTIC_FORMATS = {
  text: 'Text',
  integer: 'Whole number',
  boolean: 'Yes / No',
  year_month: 'Year and month',
  url: 'Web link',
} as const;
export type CharacteristicFormat = keyof typeof CHARACTERISTIC_FORMATS;

export const LOGIN_PROVIDERS = ['google', 'microsoft', 'facebook'] as const;
export type LoginProvider = (typeof LOGIN_PROVIDERS)[number];
export const LOGIN_PROVIDER_LABELS: Record<LoginProvider, string> = { google: 'Google', microsoft: 'Microsoft', facebook: 'Facebook' };

export const FLASH_TYPES = ['success', 'info', 'warning', 'danger'] as const;
export type FlashType = (typeof FLASH_TYPES)[number];

/** The drive and image health actions of Admin Advanced, spelled as the page posts them. */
export const DRIVE_HEALTH_ACTIONS = [
  'storage_stats',
  'drive_stats',
  'wrongly-located-drive-folder',
  'wrongly-located-drive-file',
  'wrong-drive-sharing-permissions',
  'wrong-drive-sharing-permissions-fix',
  'wrong-drive-folder-names',
  'wrong-drive-folder-names-fix',
  'missing-drive-file-format-attributes',
  'missing-drive-file-size-attribute',
  'orphaned-drive-files',
  'orphaned-drive-files-fix',
  'missing-image-files',
  'orphaned-image-files',
] as const;
export type DriveHealthAction = (typeof DRIVE_HEALTH_ACTIONS)[number];

export function isDriveHealthAction(value: unknown): value is DriveHealthAction {
  return typeof value === 'string' && (DRIVE_HEALTH_ACTIONS as readonly string[]).includes(value);
}
