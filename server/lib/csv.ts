/**
 * Writing CSV (the request log's download, a taxonomy's export): cells RFC 4180 quoted, and a text cell that a
 * spreadsheet would read as a formula (starting with = + - @, tab or carriage return) prefixed with a single quote.
 */
type CsvValue = string | number | null;

/** One CSV cell: formula guard, then quoted when it holds a comma, quote or line break. */
export function csvCell(value: CsvValue): string {
  if (value === null) return '';
  let text = String(value);
  if (typeof value === 'string' && /^[=+\-@\t\r]/.test(text)) text = `'${text}`;
  return /[",\r\n]/.test(text) ? `"${text.replace(/"/g, '""')}"` : text;
}

export function csvLine(values: readonly CsvValue[]): string {
  return `${values.map(csvCell).join(',')}\r\n`;
}
