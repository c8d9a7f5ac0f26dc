/**
 * A taxonomy's tags as CSV: one row a tag in tree order (a parent before its children), with its ref,
 * label, parent's label, place among its siblings and filtering flag, the columns an import reads back
 * (csv-import.ts). Cells go through server/lib/csv.ts, so a label a spreadsheet would take for a formula is guarded.
 */
import { TAXONOMY_CSV_COLUMNS } from '../../../shared/taxonomy-csv';
import { csvLine } from '../../lib/csv';
import { treeOrder } from '../../lib/tree-order';
import type { TagRow } from './queries';

export function taxonomyCsv(rows: readonly TagRow[]): string {
  const places = new Map<number | null, number>();
  const lines = treeOrder(rows).map(({ row, parent }) => {
    const place = places.get(row.parentId) ?? 0;
    places.set(row.parentId, place + 1);
    return csvLine([row.ref, row.label, parent?.label ?? '', place, row.forceShowInFiltering ? 'yes' : 'no']);
  });
  return csvLine(TAXONOMY_CSV_COLUMNS) + lines.join('');
}

/** {title}-tags.csv, the title reduced to letters, digits and hyphens. */
export function taxonomyCsvFileName(title: string): string {
  const slug = title
    .toLowerCase()
    .normalize('NFKD')
    .replace(/[^a-z0-9]+/g, '-')
    .replace(/^-+|-+$/g, '');
  return `${slug || 'taxonomy'}-tags.csv`;
}
