/**
 * A taxonomy as CSV: its export's columns, the import's limits, texts and preview, shared by the server
 * and the import page (docs/decisions/curation.md "Merging tags and taxonomies as CSV").
 */
import { plural } from './messages';

/** The export's columns, in order; an import needs `label` and may leave out the others. */
export const TAXONOMY_CSV_COLUMNS = ['ref', 'label', 'parent', 'position', 'force_show_in_filtering'] as const;
export type TaxonomyCsvColumn = (typeof TAXONOMY_CSV_COLUMNS)[number];

/** An import's size limits: a taxonomy is a short list of narrow tags. */
export const TAXONOMY_CSV_MAX_CHARS = 256 * 1024;
export const TAXONOMY_CSV_MAX_ROWS = 2000;
/** How many row errors an import lists before "and n more". */
export const TAXONOMY_CSV_ERRORS_SHOWN = 10;

export const TAXONOMY_CSV_TEXTS = {
  export: 'Export CSV',
  import: 'Import CSV',
  title: (taxonomy: string) => `Import tags into ${taxonomy}`,
  intro:
    'Choose a CSV file with a label column, and optionally ref, parent (the parent tag’s label), position and force_show_in_filtering, as Export CSV writes them. Rows with a ref of this taxonomy, or else the label of one of its tags, change that tag; other rows add tags. Nothing changes until you apply the preview.',
  file: 'CSV file',
  deleteMissing: 'Delete the tags that are not in the file (their items lose them)',
  preview: 'Preview',
  apply: 'Apply',
  cancel: 'Cancel',
  previewHeading: 'What the import changes',
  nothingChanges: 'The file matches the taxonomy: nothing would change.',
  adds: 'Adds',
  renames: 'Renames',
  moves: 'Moves',
  reorders: 'Re-orders',
  forceShow: 'Always show in filtering',
  deletes: 'Deletes',
  topLevel: '(top level)',
} as const;

export const TAXONOMY_CSV_MESSAGES = {
  fileRequired: 'Choose a CSV file.',
  tooLarge: `The file may be at most ${TAXONOMY_CSV_MAX_CHARS / 1024} KB.`,
  tooManyRows: `The file may have at most ${TAXONOMY_CSV_MAX_ROWS} rows of tags.`,
  unreadable: (reason: string) => `The file is not readable CSV: ${reason}`,
  empty: 'The file has no header row.',
  noLabelColumn: `The first row must name the columns, with a label column (${TAXONOMY_CSV_COLUMNS.join(', ')}).`,
  unknownColumn: (name: string) => `Unknown column “${name}”: the columns are ${TAXONOMY_CSV_COLUMNS.join(', ')}.`,
  repeatedColumn: (name: string) => `The column “${name}” appears twice.`,
  labelRequired: (row: number) => `Row ${row}: the label is required.`,
  labelTooLong: (row: number, max: number) => `Row ${row}: the label may be at most ${max} characters.`,
  refUnknown: (row: number, ref: string) => `Row ${row}: “${ref}” is not the ref of a tag of this taxonomy.`,
  refRepeated: (row: number, ref: string) => `Row ${row}: the ref “${ref}” is on an earlier row too.`,
  labelRepeated: (row: number, label: string) => `Row ${row}: the label “${label}” is on an earlier row too.`,
  labelTaken: (row: number, label: string) => `Row ${row}: the taxonomy keeps another tag labelled “${label}”.`,
  parentUnknown: (row: number, parent: string) => `Row ${row}: the parent “${parent}” is neither a row of the file nor a tag of the taxonomy.`,
  parentCycle: (row: number, label: string) => `Row ${row}: “${label}” would be placed under itself or one of its own child tags.`,
  positionInvalid: (row: number) => `Row ${row}: the position must be a whole number from 0.`,
  flagInvalid: (row: number) => `Row ${row}: force_show_in_filtering must be yes, no, true, false or empty.`,
  leavesUntagged: (items: number, taxonomy: string) =>
    `${taxonomy} is required, and ${plural(items, 'item')} would be left without a ${taxonomy} tag: keep one of their tags in the file.`,
  moreErrors: (count: number) => `…and ${count} more.`,
  changedSincePreview: 'The taxonomy or the file changed since the preview: look at the new preview before applying it.',
  imported: (summary: string) => `Import applied: ${summary}.`,
} as const;

/** A tag in the preview: its label and its parent's ('' at the top level). */
export interface CsvPreviewTag {
  label: string;
  parent: string;
}

/** What an import would change, and the fingerprint Apply sends back so it applies exactly this. */
export interface TaxonomyCsvPreview {
  adds: CsvPreviewTag[];
  renames: { from: string; to: string }[];
  moves: { label: string; from: string; to: string }[];
  /** Tags that change place among the same parent's children. */
  reorders: string[];
  forceShow: { label: string; value: boolean }[];
  /** Tags the import deletes (only when asked), with how many items carry each. */
  deletes: { label: string; itemCount: number }[];
  /** Rows that change nothing. */
  unchanged: number;
  deleteMissing: boolean;
  fingerprint: string;
}

export function csvPreviewIsEmpty(preview: TaxonomyCsvPreview): boolean {
  return [preview.adds, preview.renames, preview.moves, preview.reorders, preview.forceShow, preview.deletes].every((list) => list.length === 0);
}

/** "3 tags added, 1 renamed, 2 moved" for the notice after Apply. */
export function csvImportSummary(preview: TaxonomyCsvPreview): string {
  const parts = [
    preview.adds.length > 0 && `${plural(preview.adds.length, 'tag')} added`,
    preview.renames.length > 0 && `${preview.renames.length} renamed`,
    preview.moves.length > 0 && `${preview.moves.length} moved`,
    preview.reorders.length > 0 && `${preview.reorders.length} re-ordered`,
    preview.forceShow.length > 0 && `${preview.forceShow.length} with a new filtering setting`,
    preview.deletes.length > 0 && `${preview.deletes.length} deleted`,
  ].filter((part): part is string => Boolean(part));
  return parts.length === 0 ? 'nothing changed' : parts.join(', ');
}
