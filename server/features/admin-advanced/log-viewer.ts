/**
 * Server Logs (admin-curation §2, §7 GET /admin/advanced/log-viewer): a plain HTML page, opened as a browser
 * navigation, with the last lines of the log file (newest last), HTML-escaped, filtered by a minimum level.
 */
import { escapeHtml } from '../../mail/templates/layout';
import { ADVANCED_URL, LOG_VIEWER_URL } from '../../../shared/advanced';
import type { LogTail } from './log-file';

export const LOG_LEVELS = { trace: 10, debug: 20, info: 30, warn: 40, error: 50, fatal: 60 } as const;
export type LogLevelName = keyof typeof LOG_LEVELS;
export const LOG_VIEWER_DEFAULT_LINES = 500;
export const LOG_VIEWER_MAX_LINES = 5000;

export interface LogViewerQuery {
  level: LogLevelName;
  lines: number;
}

export interface LogEntry {
  time: string;
  level: LogLevelName | null;
  message: string;
  details: string;
}

const LEVEL_NAMES = new Map<number, LogLevelName>(Object.entries(LOG_LEVELS).map(([name, value]) => [value, name as LogLevelName]));

/** One JSON line of pino; lines that are not JSON are kept as they are, with no level. */
export function parseLogLine(line: string): LogEntry {
  let record: Record<string, unknown>;
  try {
    record = JSON.parse(line) as Record<string, unknown>;
  } catch {
    return { time: '', level: null, message: line, details: '' };
  }
  if (record === null || typeof record !== 'object') return { time: '', level: null, message: line, details: '' };
  const time = typeof record.time === 'number' ? new Date(record.time).toISOString().replace('T', ' ').slice(0, 23) : '';
  return { time, level: LEVEL_NAMES.get(Number(record.level)) ?? null, message: String(record.msg ?? ''), details: detailsOf(record) };
}

function detailsOf(record: Record<string, unknown>): string {
  const parts: string[] = [];
  const request = record.req as { method?: string; url?: string } | undefined;
  const response = record.res as { statusCode?: number } | undefined;
  const error = record.err as { message?: string; type?: string } | undefined;
  if (request?.method) parts.push(`${request.method} ${request.url ?? ''}`);
  if (response?.statusCode) parts.push(`status ${response.statusCode}`);
  if (typeof record.responseTime === 'number') parts.push(`${Math.round(record.responseTime)} ms`);
  if (record.reqId) parts.push(`request ${String(record.reqId)}`);
  if (error?.message) parts.push(`${error.type ?? 'Error'}: ${error.message}`);
  return parts.join(' · ');
}

/** The entries at or above the level, the last `lines` of them. */
export function selectEntries(tail: LogTail, query: LogViewerQuery): LogEntry[] {
  const minimum = LOG_LEVELS[query.level];
  const entries = tail.lines.map(parseLogLine).filter((entry) => (entry.level === null ? minimum <= LOG_LEVELS.trace : LOG_LEVELS[entry.level] >= minimum));
  return entries.slice(-query.lines);
}

const STYLE = `
body { font-family: system-ui, sans-serif; margin: 1rem; color: #212529; }
h1 { font-size: 1.5rem; margin: 0 0 .5rem; }
form { margin: .75rem 0; display: flex; gap: .75rem; align-items: center; flex-wrap: wrap; }
table { border-collapse: collapse; width: 100%; font-family: ui-monospace, monospace; font-size: .8rem; }
th, td { text-align: left; vertical-align: top; padding: .15rem .5rem; border-bottom: 1px solid #dee2e6; white-space: pre-wrap; word-break: break-word; }
th { background: #f8f9fa; position: sticky; top: 0; }
.level-warn { background: #fff3cd; } .level-error, .level-fatal { background: #f8d7da; }
.note { color: #6c757d; }
`;

function levelOptions(selected: LogLevelName): string {
  return Object.keys(LOG_LEVELS)
    .map((name) => `<option value="${name}"${name === selected ? ' selected' : ''}>${name} and above</option>`)
    .join('');
}

function entryRow(entry: LogEntry): string {
  const level = entry.level ?? '';
  return `<tr class="level-${level}"><td>${escapeHtml(entry.time)}</td><td>${escapeHtml(level)}</td><td>${escapeHtml(entry.message)}</td><td>${escapeHtml(entry.details)}</td></tr>`;
}

export interface LogViewerPage {
  appName: string;
  file: string | null;
  tail: LogTail | null;
  query: LogViewerQuery;
}

export function renderLogViewer({ appName, file, tail, query }: LogViewerPage): string {
  const head = `<!doctype html><html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1"><title>Server Logs - ${escapeHtml(appName)}</title><style>${STYLE}</style></head><body>`;
  const heading = `<h1>Server Logs</h1><p><a href="${ADVANCED_URL}">Back to Advanced</a></p>`;
  const form = `<form method="get" action="${LOG_VIEWER_URL}"><label>Level <select name="level">${levelOptions(query.level)}</select></label><label>Lines <input type="number" name="lines" min="1" max="${LOG_VIEWER_MAX_LINES}" value="${query.lines}"></label><button type="submit">Show</button></form>`;
  return `${head}${heading}${form}${body(file, tail, query)}</body></html>`;
}

function body(file: string | null, tail: LogTail | null, query: LogViewerQuery): string {
  if (file === null) return `<p class="note">The server log goes to standard output only (LOG_FILE=off), so there is no log file to show.</p>`;
  if (tail === null) return `<p class="note">No log file yet at ${escapeHtml(file)}.</p>`;
  const entries = selectEntries(tail, query);
  const note = `<p class="note">${escapeHtml(file)}: the last ${entries.length} lines at ${query.level} and above, newest last${tail.truncated ? ' (only the end of a large file is read)' : ''}.</p>`;
  if (entries.length === 0) return `${note}<p>No log lines match.</p>`;
  return `${note}<table><thead><tr><th>Time (UTC)</th><th>Level</th><th>Message</th><th>Details</th></tr></thead><tbody>${entries.map(entryRow).join('')}</tbody></table>`;
}
