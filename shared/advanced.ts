/**
 * Admin Advanced (admin-curation §2 "Admin Advanced", §7 POST /admin/advanced): the superadmin's maintenance
 * actions, by their exact `action` values, with the labels of their buttons. Hidden actions have no button but
 * can still be posted.
 */
import { DRIVE_HEALTH_ACTIONS, type DriveHealthAction } from './enums';

export const ADVANCED_URL = '/admin/advanced';
export const LOG_VIEWER_URL = '/admin/advanced/log-viewer';

/** The all-* actions: readable tables of one kind of record, with a count. */
export const LISTING_ACTIONS = [
  'all-items',
  'all-content',
  'all-shares',
  'all-tasks',
  'all-taxonomies',
  'all-tags',
  'all-users',
  'all-potential-users',
  'all-broken-external-link-alerts',
] as const;
export type ListingAction = (typeof LISTING_ACTIONS)[number];

/** Actions Admin Advanced runs itself (the drive and image checks are DRIVE_HEALTH_ACTIONS). */
export const OWN_ADVANCED_ACTIONS = [
  'about',
  'php',
  'deployment_tasks',
  'clear_running_deployment_tasks',
  'clear_failed_deployment_tasks',
  'database_stats',
  'notion_seeder',
  'update-search-indexes',
  'check-external-links',
  ...LISTING_ACTIONS,
] as const;
export type OwnAdvancedAction = (typeof OWN_ADVANCED_ACTIONS)[number];

export const ADVANCED_ACTIONS = [...OWN_ADVANCED_ACTIONS, ...DRIVE_HEALTH_ACTIONS] as const;
export type AdvancedAction = OwnAdvancedAction | DriveHealthAction;

export interface AdvancedActionButton {
  action: AdvancedAction;
  label: string;
  /** Hidden actions are reachable by a post but have no button. */
  hidden: boolean;
}

const button = (action: AdvancedAction, label: string, hidden = false): AdvancedActionButton => ({ action, label, hidden });

/** Every action in the order of the page's buttons. */
export const ADVANCED_ACTION_BUTTONS: readonly AdvancedActionButton[] = [
  button('about', 'About'),
  button('php', 'Runtime (php)'),
  button('deployment_tasks', 'Deployment Tasks'),
  button('clear_running_deployment_tasks', 'Clear Running Deployment Tasks'),
  button('clear_failed_deployment_tasks', 'Clear Failed Deployment Tasks', true),
  button('storage_stats', 'Storage Stats'),
  button('drive_stats', 'Drive Stats'),
  button('database_stats', 'Database Stats'),
  button('notion_seeder', 'Notion Seeder', true),
  button('update-search-indexes', 'Update Search Indexes'),
  button('wrongly-located-drive-folder', 'Wrongly Located Drive Folders'),
  button('wrongly-located-drive-file', 'Wrongly Located Drive Files'),
  button('wrong-drive-sharing-permissions', 'Wrong Drive Sharing Permissions'),
  button('wrong-drive-sharing-permissions-fix', 'Fix Wrong Drive Sharing Permissions'),
  button('wrong-drive-folder-names', 'Wrong Drive Folder Names'),
  button('wrong-drive-folder-names-fix', 'Fix Wrong Drive Folder Names'),
  button('missing-drive-file-format-attributes', 'Missing Drive File Format Attributes'),
  button('missing-drive-file-size-attribute', 'Missing Drive File Size Attribute'),
  button('orphaned-drive-files', 'Orphaned Drive Files'),
  button('orphaned-drive-files-fix', 'Fix Orphaned Drive Files'),
  button('check-external-links', 'Check External Links'),
  button('missing-image-files', 'Missing Image Files'),
  button('orphaned-image-files', 'Orphaned Image Files'),
  button('all-items', 'All Items'),
  button('all-content', 'All Content'),
  button('all-shares', 'All Shares'),
  button('all-tasks', 'All Tasks'),
  button('all-taxonomies', 'All Taxonomies'),
  button('all-tags', 'All Tags'),
  button('all-users', 'All Users'),
  button('all-potential-users', 'All Potential Users'),
  button('all-broken-external-link-alerts', 'All Broken External Link Alerts'),
];

export function isAdvancedAction(value: unknown): value is AdvancedAction {
  return typeof value === 'string' && (ADVANCED_ACTIONS as readonly string[]).includes(value);
}

/** The Hello button's greeting (admin-curation §2: it only shows an alert). */
export const ADVANCED_HELLO_GREETING = 'Hello from Equip! The server is listening; this button changes nothing.';

export const ADVANCED_MESSAGES = {
  title: 'Advanced',
  warning: 'SuperAdmin only. Some of these buttons cause an action (they change data or drive files): use them only if you are sure.',
  unknownAction: 'Choose one of the listed actions.',
} as const;

/** The states of one run of an action: 'interrupted' means the server stopped before the run finished. */
export const ADVANCED_RUN_STATUSES = ['running', 'done', 'failed', 'interrupted'] as const;
export type AdvancedRunStatus = (typeof ADVANCED_RUN_STATUSES)[number];

/** One run of an action as the page shows it (times are ISO strings). */
export interface AdvancedRunView {
  id: number;
  action: AdvancedAction;
  /** The action's button label. */
  label: string;
  status: AdvancedRunStatus;
  /** The latest progress line of a running action ('' before its first). */
  progress: string;
  startedAt: string;
  finishedAt: string | null;
  /** Who started it ('' when that account is gone). */
  startedBy: string;
}

/** How often the page asks for a running action's progress. */
export const ADVANCED_RUN_POLL_MS = 1000;
/** How many earlier runs the page lists. */
export const ADVANCED_RECENT_RUNS = 10;

export function advancedActionLabel(action: AdvancedAction): string {
  return ADVANCED_ACTION_BUTTONS.find((entry) => entry.action === action)?.label ?? action;
}

export const ADVANCED_RUN_STATUS_LABELS: Record<AdvancedRunStatus, string> = {
  running: 'Running',
  done: 'Done',
  failed: 'Failed',
  interrupted: 'Interrupted',
};
