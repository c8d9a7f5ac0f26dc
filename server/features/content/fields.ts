/**
 * PATCH /content/{ref}, one field at a time: how each field is validated, the
 * column it writes, and who may change it. Editors of the item manage the descriptive fields; who sees a row
 * (published, minimum access level) and what it is a sample of are for admins (`canCurateContent`).
 */
import { z } from 'zod';
import { CONTENT_MESSAGES } from '../../../shared/content';
import { CONTENT_FORMATS, EXPORT_MODES } from '../../../shared/enums';
import { ACCESS_LEVELS } from '../../../shared/levels';
import type { Database } from '../../db/client';
import type { DrivePort } from '../../drive/port';
import { fieldRefused, fieldRules, type FieldSaveResult } from '../../lib/single-field';
import { ITEM_EDIT_ERRORS, optionalText, requiredText, text, wholeNumber, yesNo } from '../item-editing';
import { driveEntryOrNull } from './folder';
import type { ContentRecord } from '../../items';
import { findFullVersion, hasSamples, updateContentColumns, type NewContentRow } from './queries';

const MAX_LABEL = 255;
const MAX_DESCRIPTION = 10_000;
const MAX_COPYRIGHT = 1000;
const MAX_MINUTES = 100_000;

export const CONTENT_FIELD_ERRORS = {
  format: 'Choose one of the formats.',
  exportMode: 'Choose how the file opens: normally, as a download, or as a PDF.',
  minutes: `Enter the length in whole minutes (0 to ${MAX_MINUTES}).`,
  labelRequired: 'The label is required.',
  sampleOfItself: 'A content file cannot be a sample of itself.',
  sampleHasSamples: 'This content has samples of its own, so it cannot be a sample.',
  noDriveFile: 'This content has no drive file to export.',
} as const;

type Columns = Partial<NewContentRow>;
type FieldAccess = 'editor' | 'curator';

interface FieldRule {
  access: FieldAccess;
  schema: z.ZodType;
  columns(parsed: never): Columns;
}

const rule = <S extends z.ZodType>(access: FieldAccess, schema: S, columns: (parsed: z.output<S>) => Columns): FieldRule => ({
  access,
  schema,
  columns: columns as (parsed: never) => Columns,
});

const optionalMinutes = z.union([z.null(), z.literal(''), wholeNumber(CONTENT_FIELD_ERRORS.minutes)]).transform((minutes, context) => {
  if (minutes === null || minutes === '') return null;
  if (minutes >= 0 && minutes <= MAX_MINUTES) return minutes;
  context.addIssue({ code: 'custom', message: CONTENT_FIELD_ERRORS.minutes });
  return z.NEVER;
});
const exportMode = z
  .union([z.null(), z.enum(['', 'normal']), z.enum(EXPORT_MODES.filter((mode) => mode !== null))], { error: CONTENT_FIELD_ERRORS.exportMode })
  .transform((mode) => (mode === '' || mode === 'normal' ? null : mode));
const accessLevel = wholeNumber(ITEM_EDIT_ERRORS.accessLevel).refine(
  (level) => (ACCESS_LEVELS as readonly number[]).includes(level),
  ITEM_EDIT_ERRORS.accessLevel,
);
const optionalRef = z
  .string({ error: ITEM_EDIT_ERRORS.text })
  .max(24)
  .nullable()
  .transform((ref) => (ref?.trim() ? ref.trim() : null));

const CONTENT_FIELDS = {
  label: rule('editor', requiredText(MAX_LABEL, CONTENT_FIELD_ERRORS.labelRequired), (label) => ({ label })),
  description: rule('editor', text(MAX_DESCRIPTION), (description) => ({ description })),
  format: rule('editor', z.enum(CONTENT_FORMATS, { error: CONTENT_FIELD_ERRORS.format }), (format) => ({ format })),
  length_minutes: rule('editor', optionalMinutes, (minutes) => ({ lengthMinutes: minutes })),
  copyright: rule('editor', optionalText(MAX_COPYRIGHT), (copyright) => ({ copyright })),
  export_mode: rule('editor', exportMode, (mode) => ({ exportMode: mode })),
  published: rule('curator', yesNo(), (published) => ({ published })),
  minimum_access_level: rule('curator', accessLevel, (level) => ({ minimumAccessLevel: level })),
  is_sample_of_ref: rule('curator', optionalRef, () => ({})),
} satisfies Record<string, FieldRule>;

export type ContentFieldName = keyof typeof CONTENT_FIELDS;
/** A PATCH body as its field's rule read it. */
type ContentFieldChange = Partial<Record<ContentFieldName, unknown>>;

/**
 * PATCH /content/{ref}'s one field: the route picks it in `preValidation` (400 for any other body; 403 for a curators'
 * field the viewer may not change), and its schema (`.body`) checks the value by the field's rule.
 */
export const CONTENT_FIELD_RULES = fieldRules(
  Object.fromEntries(Object.entries(CONTENT_FIELDS).map(([name, fieldRule]) => [name, fieldRule.schema])) as Record<ContentFieldName, z.ZodType>,
  'Send one content field to change.',
);

/** Whether only curators (`canCurateContent`) may change the field. */
export function isCuratorField(name: ContentFieldName): boolean {
  return CONTENT_FIELDS[name].access === 'curator';
}

/**
 * Saves the field a PATCH body named, on a row whose item the viewer manages (the route has checked `canManageContent`
 * and, for the curators' fields, `canCurateContent`). Export PDF and a full version are checked against the drive and
 * the item's rows first.
 */
export async function updateContentField(db: Database, drive: DrivePort, content: ContentRecord, change: ContentFieldChange): Promise<FieldSaveResult> {
  const [name, parsed] = Object.entries(change)[0] as [ContentFieldName, unknown];
  let columns = CONTENT_FIELDS[name].columns(parsed as never);
  if (name === 'export_mode' && parsed === 'doc_pdf') {
    const refusal = await pdfExportRefusal(drive, content);
    if (refusal) return fieldRefused(name, refusal);
  }
  if (name === 'is_sample_of_ref') {
    const sample = await sampleColumns(db, content, parsed as string | null);
    if (typeof sample === 'string') return fieldRefused(name, sample);
    columns = sample;
  }
  await updateContentColumns(db, content.id, columns);
  return { ok: true };
}

/** Export PDF is for documents only: the drive says which of its files it can convert. */
async function pdfExportRefusal(drive: DrivePort, content: ContentRecord): Promise<string | null> {
  const entry = content.googleDriveFileId ? await driveEntryOrNull(drive, content.googleDriveFileId) : null;
  if (!entry) return CONTENT_FIELD_ERRORS.noDriveFile;
  return drive.canExportPdf(entry) ? null : CONTENT_MESSAGES.pdfExportUnavailable;
}

async function sampleColumns(db: Database, content: ContentRecord, fullVersionRef: string | null): Promise<Columns | string> {
  if (fullVersionRef === null) return { isSampleOfId: null };
  if (fullVersionRef === content.ref) return CONTENT_FIELD_ERRORS.sampleOfItself;
  const full = await findFullVersion(db, content.itemId, fullVersionRef);
  if (!full) return CONTENT_MESSAGES.chooseFullVersion;
  if (await hasSamples(db, content.id)) return CONTENT_FIELD_ERRORS.sampleHasSamples;
  return { isSampleOfId: full.id };
}
