/** Fixed-width text tables for the response box: readable in a monospace, pre-wrapped box. */
import { formatBytes as formatSize } from '../../../shared/content';

/** Longest listing an action answers with; the count line says when more rows exist. */
export const LISTING_ROW_CAP = 1000;
const MAX_CELL = 60;

export type Cell = string | number | boolean | Date | null | undefined;

export function cellText(value: Cell): string {
  if (value === null || value === undefined) return '-';
  if (value instanceof Date) return formatTime(value);
  if (typeof value === 'boolean') return value ? 'yes' : 'no';
  const text = String(value).replace(/\s+/g, ' ').trim();
  return text.length > MAX_CELL ? `${text.slice(0, MAX_CELL - 1)}…` : text || '-';
}

/** 2025-03-01 10:00 UTC */
export function formatTime(value: Date): string {
  return `${value.toISOString().slice(0, 16).replace('T', ' ')} UTC`;
}

export function textTable(headers: readonly string[], rows: readonly Cell[][]): string {
  const cells = rows.map((row) => row.map(cellText));
  const widths = headers.map((header, column) => Math.max(header.length, ...cells.map((row) => row[column]?.length ?? 0)));
  const line = (values: readonly string[]) =>
    values
      .map((value, column) => value.padEnd(widths[column]!))
      .join('  ')
      .trimEnd();
  return [line(headers), line(widths.map((width) => '-'.repeat(width))), ...cells.map(line)].join('\n');
}

/** The count line under a listing: '3 rows.' or 'Showing the first 1,000 of 1,234 rows.' */
export function countLine(total: number, shown: number, noun = 'rows'): string {
  if (shown < total) return `Showing the first ${shown.toLocaleString('en-GB')} of ${total.toLocaleString('en-GB')} ${noun}.`;
  return `${total.toLocaleString('en-GB')} ${total === 1 ? noun.replace(/s$/, '') : noun}.`;
}

/** A listing report: heading, the table (or a 'none' line) and the count line. */
export function listingReport(heading: string, headers: readonly string[], rows: readonly Cell[][], total: number, noun = 'rows'): string {
  const body = rows.length === 0 ? `No ${noun}.` : textTable(headers, rows);
  return `${heading}\n\n${body}\n\n${countLine(total, rows.length, noun)}`;
}

/** Readable byte sizes, as the drive and content reports write them: '512 B', '3.4 KB', '12 MB'. */
export function formatBytes(bytes: number): string {
  return formatSize(bytes) ?? '';
}
