/**
 * What a batch does, checked once for the whole selection: its tags exist for the viewer (a one-tag taxonomy gets one at a time),
 * its value parses as PATCH /i/{ref} parses it, and a curation field is refused (403) to a non-admin as there.
 */
import { eq, inArray } from 'drizzle-orm';
import { BATCH_ERRORS, type BatchAction, type BatchSetField } from '../../../shared/batch-edit';
import { visibilityInfo } from '../../../shared/enums';
import { LEVEL_SHORT_NAMES, type AccessLevel } from '../../../shared/levels';
import { canCurateItem, canSeeTaxonomy, type Viewer } from '../../access/policy';
import type { Database } from '../../db/client';
import { tags, taxonomies, users } from '../../db/schema';
import { forbidden } from '../../lib/http-errors';
import { ITEM_EDIT_ERRORS, ITEM_FIELDS, MAINTAINER_FIELD, maintainerRef } from '../item-editing';

export interface BatchTag {
  id: number;
  label: string;
  taxonomyId: number;
  taxonomyTitle: string;
  required: boolean;
  multiselect: boolean;
  taxonomyPublic: boolean;
}

/** The items columns a batch sets, by the snake_case name the history records them under. */
export const BATCH_COLUMNS = {
  visibility: 'visibility',
  minimum_access_level: 'minimumAccessLevel',
  created_by_user_id: 'createdByUserId',
  expires_at: 'expiresAt',
  review_after: 'reviewAfter',
} as const;
export type BatchColumn = keyof typeof BATCH_COLUMNS;

export type ResolvedAction =
  | { kind: 'add_tags'; tags: BatchTag[] }
  | { kind: 'remove_tags'; tags: BatchTag[] }
  | { kind: 'set'; field: BatchSetField; column: BatchColumn; value: number | string | Date | null; label: string };

export type Resolution = { ok: true; action: ResolvedAction } | { ok: false; errors: Record<string, string> };

const refused = (field: string, message: string): Resolution => ({ ok: false, errors: { [field]: message } });

export async function resolveAction(db: Database, viewer: Viewer, action: BatchAction): Promise<Resolution> {
  if (action.kind === 'set') return resolveSet(db, viewer, action.field, action.value);
  // A hidden taxonomy's tag is unknown to those who may not see it, as on the item page and its tag routes.
  const found = (await tagsByRef(db, action.tags)).filter((tag) => canSeeTaxonomy(viewer, { public: tag.taxonomyPublic }));
  if (found.length !== new Set(action.tags).size) return refused('tags', BATCH_ERRORS.unknownTag);
  if (action.kind === 'add_tags') {
    const oneTag = found.filter((tag) => !tag.multiselect);
    const doubled = oneTag.find((tag) => oneTag.some((other) => other !== tag && other.taxonomyId === tag.taxonomyId));
    if (doubled) return refused('tags', BATCH_ERRORS.oneTagTaxonomy(doubled.taxonomyTitle));
  }
  return { ok: true, action: action.kind === 'add_tags' ? { kind: 'add_tags', tags: found } : { kind: 'remove_tags', tags: found } };
}

async function resolveSet(db: Database, viewer: Viewer, field: BatchSetField, value: unknown): Promise<Resolution> {
  if (field === MAINTAINER_FIELD) {
    if (!canCurateItem(viewer)) throw forbidden();
    const ref = maintainerRef.safeParse(value);
    const [user] = ref.success ? await db.select({ id: users.id, name: users.name }).from(users).where(eq(users.ref, ref.data)).limit(1) : [];
    if (!user) return refused('value', ITEM_EDIT_ERRORS.unknownUser);
    return { ok: true, action: { kind: 'set', field, column: 'created_by_user_id', value: user.id, label: user.name } };
  }
  const rule = ITEM_FIELDS[field];
  if (rule.access === 'curator' && !canCurateItem(viewer)) throw forbidden();
  const parsed = rule.parse(value);
  if (!parsed.ok) return refused('value', parsed.message);
  const [[key, stored]] = Object.entries(parsed.columns) as [string, number | string | Date | null][];
  const column = (Object.keys(BATCH_COLUMNS) as BatchColumn[]).find((name) => BATCH_COLUMNS[name] === key)!;
  return { ok: true, action: { kind: 'set', field, column, value: stored, label: valueLabel(field, stored) } };
}

/** How the preview names the value: a state's or level's name, a date, or "none". */
function valueLabel(field: BatchSetField, stored: number | string | Date | null): string {
  if (stored === null || stored === '') return 'none';
  if (field === 'visibility') return visibilityInfo(Number(stored)).label;
  if (field === 'minimum_access_level') return LEVEL_SHORT_NAMES[stored as AccessLevel];
  return stored instanceof Date ? stored.toISOString().slice(0, 10) : String(stored);
}

async function tagsByRef(db: Database, refs: string[]): Promise<BatchTag[]> {
  if (refs.length === 0) return [];
  return db
    .select({
      id: tags.id,
      label: tags.label,
      taxonomyId: taxonomies.id,
      taxonomyTitle: taxonomies.title,
      required: taxonomies.required,
      multiselect: taxonomies.multiselect,
      taxonomyPublic: taxonomies.public,
    })
    .from(tags)
    .innerJoin(taxonomies, eq(taxonomies.id, tags.taxonomyId))
    .where(inArray(tags.ref, [...new Set(refs)]));
}
