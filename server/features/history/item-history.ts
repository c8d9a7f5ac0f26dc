/**
 * An item's History: its recorded changes, newest first, for its maintainer and admins, each with the
 * visit that puts an earlier value back where the viewer may make it ("Restore this value"). Restoring is an
 * ordinary edit through the item's own routes: the same checks, and a history entry of its own.
 */
import { ITEM_HISTORY_LIMIT, type HistoryEntry, type HistoryRestore, type ItemHistory } from '../../../shared/history';
import { ROUTES } from '../../../shared/routes';
import { canCurateItem, canSeeItemHistoryEntry, type ItemAccessFacts, type Viewer } from '../../access/policy';
import type { Database } from '../../db/client';
import { CHARACTERISTIC_FIELD_PREFIX, itemFieldRestore, MAINTAINER_FIELD } from '../item-editing';
import { asRow, describeChange, diffOf, userIdsNamedBy, type UserNames } from './describe';
import { characteristicPublicFlags, itemHistoryCondition, recordedChanges, taxonomyPublicFlags, userNames, type RecordedRow } from './queries';

export interface HistoryItem extends ItemAccessFacts {
  id: number;
  ref: string;
}

function patchItem(item: HistoryItem, data: Record<string, unknown>): HistoryRestore {
  return { method: 'patch', url: ROUTES.item.path({ ref: item.ref }), data };
}

/** The body that puts one column of the item back, if the viewer may. */
function columnRestore(viewer: Viewer, item: HistoryItem, column: string, before: unknown, users: UserNames): HistoryRestore | undefined {
  if (column === 'created_by_user_id') {
    const maintainer = typeof before === 'number' ? users.get(before) : undefined;
    return maintainer && canCurateItem(viewer) ? patchItem(item, { [MAINTAINER_FIELD]: maintainer.ref }) : undefined;
  }
  const body = itemFieldRestore(viewer, item, column, before);
  return body ? patchItem(item, body) : undefined;
}

/** Undoing a tag added (remove it) or removed (add it back), or a characteristic's value. */
function entryRestore(row: RecordedRow, item: HistoryItem): HistoryRestore | undefined {
  const recorded = asRow(row.changes);
  if (row.kind === 'item_tag' && typeof recorded.tag_ref === 'string') {
    return { method: row.operation === 'insert' ? 'delete' : 'post', url: ROUTES.itemTag.path({ ref: item.ref, tagRef: recorded.tag_ref }), data: {} };
  }
  if (row.kind === 'item_characteristic' && typeof recorded.characteristic_ref === 'string') {
    const before = row.operation === 'update' ? diffOf(row.changes).value?.[0] : row.operation === 'delete' ? recorded.value : '';
    return patchItem(item, { [`${CHARACTERISTIC_FIELD_PREFIX}${recorded.characteristic_ref}`]: typeof before === 'string' ? before : '' });
  }
  return undefined;
}

function withRestores(entry: HistoryEntry, row: RecordedRow, viewer: Viewer, item: HistoryItem, users: UserNames): HistoryEntry {
  if (row.kind !== 'item' || row.operation !== 'update') {
    const restore = entryRestore(row, item);
    return restore ? { ...entry, restore } : entry;
  }
  const columns = Object.entries(diffOf(row.changes));
  return {
    ...entry,
    changes: entry.changes.map((change, index) => {
      const [column, [before]] = columns[index]!;
      const restore = columnRestore(viewer, item, column, before, users);
      return restore ? { ...change, restore } : change;
    }),
  };
}

function recordedText(row: RecordedRow, key: string): string | null {
  const value = asRow(row.changes)[key];
  return typeof value === 'string' ? value : null;
}

function textsOf(rows: RecordedRow[], kind: string, key: string): string[] {
  return rows.flatMap((row) => (row.kind === kind ? (recordedText(row, key) ?? []) : []));
}

type TaxonomyFlags = Awaited<ReturnType<typeof taxonomyPublicFlags>>;

/**
 * Whether what a link row names is public now (null: none of it is known any more). A tag's entry names its taxonomy
 * as recorded and links the tag, which may since have moved: both taxonomies must be public where still known.
 */
function linkedPublicOf(row: RecordedRow, characteristics: ReadonlyMap<string, boolean>, taxonomies: TaxonomyFlags): boolean | null {
  if (row.kind === 'item_characteristic') return characteristics.get(recordedText(row, 'characteristic_ref') ?? '') ?? null;
  const known = [taxonomies.byTagRef.get(recordedText(row, 'tag_ref') ?? ''), taxonomies.byTitle.get(recordedText(row, 'taxonomy') ?? '')];
  const flags = known.filter((flag) => flag !== undefined);
  return flags.length === 0 ? null : flags.every(Boolean);
}

/** The item's History for a viewer the caller has checked with `canSeeItemHistory`. */
export async function itemHistoryOf(db: Database, viewer: Viewer, item: HistoryItem): Promise<ItemHistory> {
  const rows = await recordedChanges(db, itemHistoryCondition(item.id), ITEM_HISTORY_LIMIT + 1);
  const shown = rows.slice(0, ITEM_HISTORY_LIMIT);
  const [users, characteristicPublic, taxonomyPublic] = await Promise.all([
    userNames(db, shown.flatMap(userIdsNamedBy)),
    characteristicPublicFlags(db, textsOf(shown, 'item_characteristic', 'characteristic_ref')),
    taxonomyPublicFlags(db, textsOf(shown, 'item_tag', 'tag_ref'), textsOf(shown, 'item_tag', 'taxonomy')),
  ]);
  const visible = shown.filter((row) =>
    canSeeItemHistoryEntry(viewer, { kind: row.kind, linkedPublic: linkedPublicOf(row, characteristicPublic, taxonomyPublic) }),
  );
  return {
    entries: visible.map((row) => withRestores(describeChange(row, users), row, viewer, item, users)),
    truncated: rows.length > ITEM_HISTORY_LIMIT,
  };
}
