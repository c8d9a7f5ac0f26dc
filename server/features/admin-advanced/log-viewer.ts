/**
 * Server Logs (GET /admin/advanced/log-viewer, superadmins only): a plain HTML page, opened as a browser
 * navigation, with the log file's lines newest first, redacted, HTML-escaped, filtered by a minimum level and a text,
 * paged.
 */
import { escapeHtml } from '../../lib/html';
import { redactUrlsIn } from '../../lib/redact';
import { ADVANCED_URL, LOG_VIEWER_URL } from '../../../shared/advanced';
import type { LogTail } from './log-file';

export const LOG_LEVELS = { trace: 10, debug: 20, info: 30, warn: 40, error: 50, fatal: 60 } as const;
export type LogLevelName = keyof typeof LOG_LEVELS;
/** Lines on one page. */
export const LOG_VIEWER_PAGE_SIZE = 100;
/** Longest text filter kept (a longer one is cut). */
export const LOG_VIEWER_MAX_TEXT = 200;

export interface LogViewerQuery {
  level: LogLevelName;
  /** Case-insensitive text the line must contain ('' for any). */
  q: string;
  /** 1 is the newest page. */
  page: number;
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

function matchesText(line: string, entry: LogEntry, needle: string): boolean {
  if (needle === '') return true;
  return [entry.message, entry.details, entry.time, line].some((text) => text.toLowerCase().includes(needle));
}

/** Fastify's two lines of every request, which carry the same reqId: the method and URL, then the status and time. */
const REQUEST_LINE_MESSAGES = new Set(['incoming request', 'request completed']);

/** The reqId of a request's "incoming request" or "request completed" line; null for any other line. */
function requestLineId(line: string, entry: LogEntry): string | null {
  if (!REQUEST_LINE_MESSAGES.has(entry.message)) return null;
  try {
    const reqId = (JSON.parse(line) as { reqId?: unknown }).reqId;
    return typeof reqId === 'string' || typeof reqId === 'number' ? String(reqId) : null;
  } catch {
    return null;
  }
}

/**
 * The entries at or above the level that contain the text (in the message, the details or the raw line), newest first.
 * A request's "incoming request" and "request completed" lines are matched as one: the text found in
 * either (its URL in the first, its status in the second) keeps both, so a filtered page still shows what was asked
 * and how it ended. Lines are redacted again as they are read: a file written before redaction, or by another writer,
 * shows no secret either, and a secret cannot be found by searching for it.
 */
export function selectEntries(tail: LogTail, query: Pick<LogViewerQuery, 'level' | 'q'>): LogEntry[] {
  const minimum = LOG_LEVELS[query.level];
  const needle = query.q.toLowerCase();
  const read: { entry: LogEntry; atLevel: boolean; matches: boolean; requestId: string | null }[] = [];
  const matchedRequests = new Set<string>();
  for (let index = tail.lines.length - 1; index >= 0; index -= 1) {
    const line = redactUrlsIn(tail.lines[index]!);
    const entry = parseLogLine(line);
    const levelValue = entry.level === null ? LOG_LEVELS.trace : LOG_LEVELS[entry.level];
    const matches = matchesText(line, entry, needle);
    const requestId = needle === '' ? null : requestLineId(line, entry);
    if (requestId !== null && matches) matchedRequests.add(requestId);
    read.push({ entry, atLevel: levelValue >= minimum, matches, requestId });
  }
  return read
    .filter(({ atLevel, matches, requestId }) => atLevel && (matches || (requestId !== null && matchedRequests.has(requestId))))
    .map(({ entry }) => entry);
}

export interface LogPage {
  entries: LogEntry[];
  /** The page shown (the one asked for, brought within 1..pages). */
  page: number;
  pages: number;
  /** Matching lines on all pages. */
  total: number;
}

/** One page of the matching entries, newest first; a page past the last shows the last. */
export function pageOfEntries(tail: LogTail, query: LogViewerQuery): LogPage {
  const all = selectEntries(tail, query);
  const pages = Math.max(1, Math.ceil(all.length / LOG_VIEWER_PAGE_SIZE));
  const page = Math.min(Math.max(1, query.page), pages);
  const start = (page - 1) * LOG_VIEWER_PAGE_SIZE;
  return { entries: all.slice(start, start + LOG_VIEWER_PAGE_SIZE), page, pages, total: all.length };
}

/** The viewer's address with these filters and page (defaults left out). */
export function logViewerHref(query: LogViewerQuery): string {
  const params = new URLSearchParams();
  if (query.level !== 'info') params.set('level', query.level);
  if (query.q !== '') params.set('q', query.q);
  if (query.page !== 1) params.set('page', String(query.page));
  const search = params.toString();
  return search === '' ? LOG_VIEWER_URL : `${LOG_VIEWER_URL}?${search}`;
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
nav { margin: .5rem 0; display: flex; gap: 1rem; }
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
  /** How much of the end of the file is read, for the note when older lines are not read. */
  tailBytes: number;
}

export function renderLogViewer({ appName, file, tail, query, tailBytes }: LogViewerPage): string {
  const head = `<!doctype html><html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1"><title>Server Logs - ${escapeHtml(appName)}</title><style>${STYLE}</style></head><body>`;
  const heading = `<h1>Server Logs</h1><p><a href="${ADVANCED_URL}">Back to Advanced</a></p>`;
  const form = `<form method="get" action="${LOG_VIEWER_URL}"><label>Level <select name="level">${levelOptions(query.level)}</select></label><label>Text <input type="search" name="q" maxlength="${LOG_VIEWER_MAX_TEXT}" value="${escapeHtml(query.q)}"></label><button type="submit">Show</button></form>`;
  return `${head}${heading}${form}${body(file, tail, query, tailBytes)}</body></html>`;
}

function megabytes(bytes: number): string {
  const value = bytes / (1024 * 1024);
  return `${Number.isInteger(value) ? value : value.toFixed(1)} MB`;
}

function pager(query: LogViewerQuery, shown: LogPage): string {
  if (shown.pages <= 1) return '';
  const newer =
    shown.page > 1 ? `<a rel="prev" href="${escapeHtml(logViewerHref({ ...query, page: shown.page - 1 }))}">Newer</a>` : '<span class="note">Newer</span>';
  const older =
    shown.page < shown.pages
      ? `<a rel="next" href="${escapeHtml(logViewerHref({ ...query, page: shown.page + 1 }))}">Older</a>`
      : '<span class="note">Older</span>';
  return `<nav aria-label="Pages">${newer}<span>Page ${shown.page} of ${shown.pages}</span>${older}</nav>`;
}

function body(file: string | null, tail: LogTail | null, query: LogViewerQuery, tailBytes: number): string {
  if (file === null) return `<p class="note">The server log goes to standard output only (LOG_FILE=off), so there is no log file to show.</p>`;
  if (tail === null) return `<p class="note">No log file yet at ${escapeHtml(file)}.</p>`;
  const shown = pageOfEntries(tail, query);
  const filter = `at ${query.level} and above${query.q === '' ? '' : ` containing '${escapeHtml(query.q)}'`}`;
  const count = `${shown.total.toLocaleString('en-GB')} line${shown.total === 1 ? '' : 's'} ${filter}, newest first`;
  const range =
    shown.total === 0
      ? ''
      : `; showing ${((shown.page - 1) * LOG_VIEWER_PAGE_SIZE + 1).toLocaleString('en-GB')}–${((shown.page - 1) * LOG_VIEWER_PAGE_SIZE + shown.entries.length).toLocaleString('en-GB')}`;
  const truncated = tail.truncated
    ? `<p class="note">Only the last ${megabytes(tailBytes)} of the file is read: older lines are beyond it and are not shown.</p>`
    : '';
  const note = `<p class="note">${escapeHtml(file)}: ${count}${range}.</p>${truncated}`;
  if (shown.entries.length === 0) return `${note}<p>No log lines match.</p>`;
  const nav = pager(query, shown);
  return `${note}${nav}<table><thead><tr><th>Time (UTC)</th><th>Level</th><th>Message</th><th>Details</th></tr></thead><tbody>${shown.entries.map(entryRow).join('')}</tbody></table>${nav}`;
}
