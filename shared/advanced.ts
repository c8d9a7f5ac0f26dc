/**
 * Admin Advanced (POST /admin/advanced): the superadmin's maintenance
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

/**
 * The actions that change data or drive files: each asks first, saying what it changes and what the last
 * run of its check found, and the server runs it only when the post says it was confirmed.
 */
export const ADVANCED_CHANGES: Partial<Record<AdvancedAction, { changes: string; check: AdvancedAction | null }>> = {
  clear_running_deployment_tasks: { changes: 'marks every running deployment task as cleared', check: 'deployment_tasks' },
  clear_failed_deployment_tasks: { changes: 'marks every failed deployment task as cleared', check: 'deployment_tasks' },
  'update-search-indexes': { changes: "rebuilds every item's search index (the items themselves do not change)", check: null },
  'wrong-drive-sharing-permissions-fix': {
    changes: 'changes the sharing of every drive file and folder whose sharing is wrong',
    check: 'wrong-drive-sharing-permissions',
  },
  'wrong-drive-folder-names-fix': { changes: 'renames every item folder whose name is wrong', check: 'wrong-drive-folder-names' },
  'orphaned-drive-files-fix': { changes: "moves every drive file that no item refers to into the drive's bin", check: 'orphaned-drive-files' },
  'check-external-links': { changes: 'records which item links are broken, as Library health shows them', check: null },
};

/** The last finished run of a check, as a changing action's question quotes it. */
export interface LastCheck {
  at: string;
  /** The report's last line: its summary. */
  summary: string;
}

/** "Fix Orphaned Drive Files moves … The last Orphaned Drive Files run (28 Nov, 09:30:00) reported: …. Go on?" */
export function advancedConfirmText(action: AdvancedAction, lastCheck: LastCheck | null, when: (at: string) => string): string {
  const change = ADVANCED_CHANGES[action]!;
  const label = advancedActionLabel;
  const said = `${label(action)} ${change.changes}.`;
  if (change.check === null) return `${said} Go on?`;
  const found = lastCheck
    ? `The last ${label(change.check)} run (${when(lastCheck.at)}) reported: ${lastCheck.summary}`
    : `${label(change.check)} has not been run yet: run it first to see what this would change.`;
  return `${said} ${found} Go on?`;
}

export function isAdvancedAction(value: unknown): value is AdvancedAction {
  return typeof value === 'string' && (ADVANCED_ACTIONS as readonly string[]).includes(value);
}

/** The Hello button's greeting (it only shows an alert). */
export const ADVANCED_HELLO_GREETING = 'Hello from Equip! The server is listening; this button changes nothing.';

export const ADVANCED_MESSAGES = {
  title: 'Advanced',
  warning: 'SuperAdmin only. Some of these buttons cause an action (they change data or drive files): use them only if you are sure.',
  unknownAction: 'Choose one of the listed actions.',
  confirmFirst: 'This action changes data: confirm it from its button, which says what it changes.',
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
