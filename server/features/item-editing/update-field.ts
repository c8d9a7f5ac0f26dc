/**
 * PATCH /i/{ref}: one field at a time. Validation failures come back as field errors and
 * change nothing; refusals by the policy module throw 403.
 */
import { eq } from 'drizzle-orm';
import { VISIBILITY } from '../../../shared/enums';
import {
  canCurateItem,
  canEditCharacteristicValue,
  canRevertToDraft,
  canSetAnyVisibility,
  canSetMinimumAccessLevel,
  canSubmitForPublishing,
  type ItemAccessFacts,
  type Viewer,
} from '../../access/policy';
import type { Database } from '../../db/client';
import { items } from '../../db/schema';
import { forbidden, notFound } from '../../lib/http-errors';
import { fieldRefused, singleField, type FieldSaveResult } from '../../lib/single-field';
import { parseCharacteristicValue } from './characteristic-values';
import {
  characteristicRefOf,
  ITEM_FIELDS,
  isItemFieldName,
  MAINTAINER_FIELD,
  maintainerRef,
  type CHARACTERISTIC_FIELD_PREFIX,
  type ItemColumns,
  type ItemFieldName,
} from './fields';
import { BAD_EDIT_REQUEST, ITEM_EDIT_ERRORS } from './messages';
import { findCharacteristic, setCharacteristicValue, touchItem, userIdByRef, type EditableItem } from './queries';

/** A name PATCH /i/{ref} takes: an item field, the maintainer's, or a characteristic's (`characteristic-{ref}`). */
type ItemEditName = ItemFieldName | typeof MAINTAINER_FIELD | `${typeof CHARACTERISTIC_FIELD_PREFIX}${string}`;
const isItemEditName = (name: string): name is ItemEditName => isItemFieldName(name) || name === MAINTAINER_FIELD || characteristicRefOf(name) !== null;

/** The one field a PATCH body names; a body naming none, several or an unknown one is a malformed request (400). */
export const itemFieldOf = (body: unknown): [name: ItemEditName, value: unknown] => singleField(body, isItemEditName, BAD_EDIT_REQUEST);

/** Saves the field `itemFieldOf` found, on an item the viewer may edit (the caller has checked `canEditItem`). */
export async function updateItemField(db: Database, viewer: Viewer, item: EditableItem, name: ItemEditName, input: unknown): Promise<FieldSaveResult> {
  if (name === MAINTAINER_FIELD) return reassignMaintainer(db, viewer, item, input);
  if (!isItemFieldName(name)) return updateCharacteristic(db, viewer, item, name, characteristicRefOf(name)!, input);

  const rule = ITEM_FIELDS[name];
  if (rule.access === 'curator' && !canCurateItem(viewer)) throw forbidden();
  const parsed = rule.parse(input);
  if (!parsed.ok) return fieldRefused(name, parsed.message);
  if (parsed.columns.visibility !== undefined) assertMayChangeVisibility(viewer, item, parsed.columns.visibility);
  if (parsed.columns.minimumAccessLevel !== undefined && !canSetMinimumAccessLevel(viewer, item, parsed.columns.minimumAccessLevel)) {
    return fieldRefused(name, ITEM_EDIT_ERRORS.accessLevelNotAllowed);
  }
  await writeColumns(db, item, parsed.columns);
  return { ok: true };
}

/** Admins set any state; a maintainer only submits a draft or takes a pending item back. */
function mayChangeVisibility(viewer: Viewer, item: ItemAccessFacts, target: number): boolean {
  if (canSetAnyVisibility(viewer)) return true;
  if (target === VISIBILITY.PENDING && canSubmitForPublishing(viewer, item)) return true;
  return target === VISIBILITY.DRAFT && canRevertToDraft(viewer, item);
}

function assertMayChangeVisibility(viewer: Viewer, item: EditableItem, target: number): void {
  if (!mayChangeVisibility(viewer, item, target)) throw forbidden();
}

/**
 * The PATCH /i/{ref} body that puts a column's recorded value back (the History's "Restore this value"): for the
 * fields edited one at a time, when the field takes the value as it was stored and the viewer may write it there, as
 * `updateItemField` would decide. The route decides again when it is sent.
 */
export function itemFieldRestore(viewer: Viewer, item: ItemAccessFacts, column: string, stored: unknown): Record<string, unknown> | null {
  if (!isItemFieldName(column)) return null;
  const rule = ITEM_FIELDS[column];
  const parsed = rule.parse(stored);
  if (!parsed.ok || (rule.access === 'curator' && !canCurateItem(viewer))) return null;
  if (parsed.columns.visibility !== undefined && !mayChangeVisibility(viewer, item, parsed.columns.visibility)) return null;
  if (parsed.columns.minimumAccessLevel !== undefined && !canSetMinimumAccessLevel(viewer, item, parsed.columns.minimumAccessLevel)) return null;
  return { [column]: stored };
}

async function reassignMaintainer(db: Database, viewer: Viewer, item: EditableItem, input: unknown): Promise<FieldSaveResult> {
  if (!canCurateItem(viewer)) throw forbidden();
  const ref = maintainerRef.safeParse(input);
  const userId = ref.success ? await userIdByRef(db, ref.data) : null;
  if (userId === null) return fieldRefused(MAINTAINER_FIELD, ITEM_EDIT_ERRORS.unknownUser);
  await writeColumns(db, item, { createdByUserId: userId });
  return { ok: true };
}

async function updateCharacteristic(
  db: Database,
  viewer: Viewer,
  item: EditableItem,
  name: string,
  characteristicRef: string,
  input: unknown,
): Promise<FieldSaveResult> {
  const characteristic = await findCharacteristic(db, characteristicRef);
  if (!characteristic) throw notFound();
  if (!canEditCharacteristicValue(viewer, item, characteristic)) throw forbidden();
  const parsed = parseCharacteristicValue(characteristic, input);
  if (!parsed.ok) return fieldRefused(name, parsed.message);
  await db.transaction(async (tx) => {
    await setCharacteristicValue(tx, item.id, characteristic.id, parsed.value);
    await touchItem(tx, item.id);
  });
  return { ok: true };
}

async function writeColumns(db: Database, item: EditableItem, columns: ItemColumns): Promise<void> {
  // updated_at is set by the column's $onUpdate.
  await db.transaction((tx) => tx.update(items).set(columns).where(eq(items.id, item.id)));
}
