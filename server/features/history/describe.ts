/**
 * How a recorded change reads (docs/decisions/curation.md "A history of every change"): a row of change_history, as the
 * record_change trigger wrote it, becomes a summary and the values before and after, in the words of the editor.
 */
import { visibilityInfo } from '../../../shared/enums';
import { ITEM_COLUMN_LABELS, HISTORY_TEXTS, type HistoryChange, type HistoryEntry } from '../../../shared/history';
import { isAccessLevel, LEVEL_SHORT_NAMES } from '../../../shared/levels';
import { ROUTES } from '../../../shared/routes';

/** A change_history row with the names of the people it names. */
export interface RecordedChange {
  id: number;
  kind: string;
  operation: string;
  changes: unknown;
  route: string | null;
  createdAt: Date;
  actorUserId: number | null;
  actorName: string | null;
  impersonatorUserId: number | null;
  impersonatorName: string | null;
}

/** Names of users a change mentions (a maintainer before and after), by id. */
export type UserNames = ReadonlyMap<number, { name: string; ref: string }>;

type Row = Record<string, unknown>;
/** An update's { column: [before, after] }. */
type Diff = Record<string, [unknown, unknown]>;

const CONTENT_COLUMN_LABELS: Record<string, string> = {
  label: 'Label',
  description: 'Description',
  format: 'Format',
  length_minutes: 'Length (minutes)',
  size_bytes: 'Size',
  copyright: 'Copyright',
  google_drive_file_id: 'Drive file',
  export_mode: 'Export mode',
  minimum_access_level: 'Minimum access level',
  published: 'Published',
  is_sample_of_id: 'Sample of',
  position: 'Order',
  item_id: 'Item',
};

const NAMED_KINDS: Record<string, { noun: string; nameColumn: string }> = {
  taxonomy: { noun: 'taxonomy', nameColumn: 'title' },
  tag: { noun: 'tag', nameColumn: 'label' },
  characteristic: { noun: 'characteristic', nameColumn: 'title' },
  affirmation_option: { noun: 'affirmation', nameColumn: 'title' },
  invitation: { noun: 'invitation', nameColumn: 'note_to_self' },
};

const LONG_VALUE = 300;

export function asRow(value: unknown): Row {
  return value !== null && typeof value === 'object' && !Array.isArray(value) ? (value as Row) : {};
}

/** An update's changed columns; anything else the trigger never writes is left out. */
export function diffOf(changes: unknown): Diff {
  const diff: Diff = {};
  for (const [column, pair] of Object.entries(asRow(changes))) {
    if (Array.isArray(pair) && pair.length === 2) diff[column] = [pair[0], pair[1]];
  }
  return diff;
}

function quoted(value: unknown): string {
  return typeof value === 'string' && value !== '' ? `“${value}”` : '';
}

/** One value as a person reads it. */
export function formatValue(column: string, value: unknown, users: UserNames): string {
  if (value === null || value === undefined || value === '' || (Array.isArray(value) && value.length === 0)) return 'None';
  if (column === 'visibility' && typeof value === 'number') return visibilityInfo(value).label;
  if ((column === 'minimum_access_level' || column === 'level') && isAccessLevel(value)) return `Level ${value} (${LEVEL_SHORT_NAMES[value]})`;
  if (column.endsWith('user_id') && typeof value === 'number') return users.get(value)?.name ?? HISTORY_TEXTS.someoneWhoLeft;
  if (typeof value === 'boolean') return value ? 'Yes' : 'No';
  if (Array.isArray(value)) return value.map(String).join(', ');
  const text = typeof value === 'string' ? value : JSON.stringify(value);
  return text.length > LONG_VALUE ? `${text.slice(0, LONG_VALUE)}…` : text;
}

function changesOf(diff: Diff, labels: Record<string, string>, users: UserNames): HistoryChange[] {
  return Object.entries(diff).map(([column, [from, to]]) => ({
    label: labels[column] ?? column,
    from: formatValue(column, from, users),
    to: formatValue(column, to, users),
  }));
}

/** The trash's restore writes an item back, and a delete moves it to the trash (docs/decisions/curation.md "A trash instead of loss"). */
const TRASH_RESTORE_ROUTE = `POST ${ROUTES.adminTrashRestore.pattern}`;

function itemSummary(operation: string, diff: Diff, route: string | null): string {
  if (operation === 'insert') return route === TRASH_RESTORE_ROUTE ? 'Restored the item from the trash' : 'Created the item';
  if (operation === 'delete') return 'Moved the item to the trash';
  return `Changed ${Object.keys(diff)
    .map((column) => (ITEM_COLUMN_LABELS[column] ?? column).toLowerCase())
    .join(', ')}`;
}

function tagSummary(operation: string, row: Row): string {
  const tag = typeof row.tag === 'string' ? `tag “${row.tag}”${typeof row.taxonomy === 'string' ? ` (${row.taxonomy})` : ''}` : 'a tag that was deleted';
  return operation === 'insert' ? `Added ${tag}` : `Removed ${tag}`;
}

function characteristicSummary(operation: string, row: Row): string {
  const name = typeof row.characteristic === 'string' ? row.characteristic : 'a characteristic that was deleted';
  if (operation === 'insert') return `Set ${name} to ${quoted(row.value) || 'a value'}`;
  if (operation === 'delete') return `Removed ${name} (was ${quoted(row.value) || 'empty'})`;
  return `Changed ${name}`;
}

function contentSummary(operation: string, row: Row, diff: Diff): string {
  const label = quoted(row.label) || quoted(diff.label?.[1]);
  if (operation === 'insert') return `Added content ${label}`;
  if (operation === 'delete') return `Removed content ${label}`;
  return `Changed content${label ? ` ${label}` : ''}`;
}

function shareSummary(operation: string, row: Row): string {
  const to = typeof row.to_email === 'string' ? row.to_email : 'someone';
  if (operation === 'insert') return `Shared with ${to} at level ${String(row.level)}`;
  if (operation === 'delete') return `Removed a share with ${to}`;
  return `Changed a share with ${to}`;
}

const EVENT_SUMMARIES: Record<string, string> = {
  impersonate: 'Started acting as another user',
  stop_impersonating: 'Stopped acting as another user',
  delete_user: 'Deleted a user',
};

/** A comment's moderation (migrations 0026, 0027): its approval, an edit withdrawing it, or its deletion; never a flag. */
function commentSummary(operation: string, diff: Diff): string {
  if (operation === 'delete') return 'Deleted a comment';
  return diff.approved?.[1] === true ? 'Approved a comment' : 'An edit withdrew a comment’s approval';
}

function namedSummary(kind: string, operation: string, row: Row, diff: Diff): string | null {
  const named = NAMED_KINDS[kind];
  if (!named) return null;
  const name = quoted(row[named.nameColumn]) || quoted(diff[named.nameColumn]?.[1]);
  const verb = operation === 'insert' ? 'Created' : operation === 'delete' ? 'Deleted' : 'Changed';
  return `${verb} ${named.noun}${name ? ` ${name}` : ''}`;
}

/** The one-line summary of a recorded change. */
export function summaryOf(change: Pick<RecordedChange, 'kind' | 'operation' | 'changes' | 'route'>): string {
  const row = asRow(change.changes);
  const diff = change.operation === 'update' ? diffOf(change.changes) : {};
  switch (change.kind) {
    case 'item':
      return itemSummary(change.operation, diff, change.route);
    case 'item_tag':
      return tagSummary(change.operation, row);
    case 'item_characteristic':
      return characteristicSummary(change.operation, row);
    case 'content':
      return contentSummary(change.operation, row, diff);
    case 'item_image':
      return change.operation === 'insert' ? 'Added an image' : change.operation === 'delete' ? 'Removed an image' : 'Re-ordered the images';
    case 'relation':
      return change.operation === 'insert' ? 'Added a related item' : change.operation === 'delete' ? 'Removed a related item' : 'Changed a related item';
    case 'share':
      return shareSummary(change.operation, row);
    case 'user':
      return 'Changed a user’s type or flags';
    case 'comment':
      return commentSummary(change.operation, diff);
  }
  if (change.kind.startsWith('advanced:')) return `Ran the Advanced action ${change.kind.slice('advanced:'.length)}`;
  // The activity feed is for admins: a deleted person is named there, so the trash entry that restores them is found.
  if (change.kind === 'delete_user' && typeof row.name === 'string')
    return `Deleted the user ${quoted(row.name)}${typeof row.email === 'string' ? ` (${row.email})` : ''}`;
  return EVENT_SUMMARIES[change.kind] ?? namedSummary(change.kind, change.operation, row, diff) ?? change.kind;
}

function labelsFor(kind: string): Record<string, string> {
  if (kind === 'item') return ITEM_COLUMN_LABELS;
  if (kind === 'content') return CONTENT_COLUMN_LABELS;
  return {};
}

/** The values before and after; a characteristic's update reads as its value. */
function detailedChanges(change: RecordedChange, users: UserNames): HistoryChange[] {
  if (change.operation !== 'update') return [];
  const diff = diffOf(change.changes);
  if (change.kind === 'item_characteristic' && diff.value) return changesOf({ value: diff.value }, { value: 'Value' }, users);
  return changesOf(diff, labelsFor(change.kind), users);
}

export function whoOf(change: RecordedChange): { who: string; actingAs: string | null } {
  const who = change.actorUserId === null ? HISTORY_TEXTS.nobody : (change.actorName ?? HISTORY_TEXTS.someoneWhoLeft);
  const actingAs = change.impersonatorUserId === null ? null : (change.impersonatorName ?? HISTORY_TEXTS.someoneWhoLeft);
  return { who, actingAs };
}

/** A recorded change as the History and the activity feed show it, without any way to restore it. */
export function describeChange(change: RecordedChange, users: UserNames): HistoryEntry {
  return {
    id: change.id,
    at: change.createdAt.toISOString(),
    ...whoOf(change),
    summary: summaryOf(change),
    changes: detailedChanges(change, users),
    route: change.route,
  };
}

/** The user ids a change's values name (a maintainer before and after), to look their names up at once. */
export function userIdsNamedBy(change: Pick<RecordedChange, 'changes' | 'operation'>): number[] {
  if (change.operation !== 'update') return [];
  const ids: number[] = [];
  for (const [column, [from, to]] of Object.entries(diffOf(change.changes))) {
    if (!column.endsWith('user_id')) continue;
    for (const value of [from, to]) if (typeof value === 'number') ids.push(value);
  }
  return ids;
}
