/** Server Logs (admin-curation §2 Dashboard, §7 GET /admin/advanced/log-viewer): the log file, newest first, for superadmins. */
import { chmodSync, mkdtempSync, readFileSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { SIGN_IN_HINT } from '../../shared/messages';
import { loadConfig } from '../../server/config';
import { logFilePath, loggerOutput, preparePrivateLogFile, readLogTail, serverLogger } from '../../server/features/admin-advanced/log-file';
import { LOG_VIEWER_PAGE_SIZE, renderLogViewer, selectEntries } from '../../server/features/admin-advanced/log-viewer';
import { seedDemoAccounts } from '../support/seed';
import { useSessionTestApp } from '../support/sessions';
import { expectInertia } from '../../server/inertia/testing';

const logDir = mkdtempSync(path.join(tmpdir(), 'equip-logs-'));
const logFile = path.join(logDir, 'equip.log');
const ctx = useSessionTestApp({ seed: seedDemoAccounts, env: { LOG_FILE: logFile } });

const line = (level: number, msg: string, extra: Record<string, unknown> = {}) =>
  JSON.stringify({ level, time: Date.parse('2025-03-01T10:00:00Z'), pid: 1, msg, ...extra });

const SAMPLE = [
  line(30, 'server listening'),
  line(30, 'request completed', { reqId: 'abc-123', req: { method: 'GET', url: '/item' }, res: { statusCode: 200 }, responseTime: 12.4 }),
  line(40, 'slow query'),
  line(50, '<script>alert("x")</script> failed', { err: { type: 'TypeError', message: 'bad <b>thing</b>' } }),
  'not json at all',
];

function writeLog(lines: string[]): void {
  writeFileSync(logFile, `${lines.join('\n')}\n`);
}

beforeAll(() => writeLog(SAMPLE));
afterAll(() => rmSync(logDir, { recursive: true, force: true }));

async function logViewer(email: string | null, query = '') {
  const jar = await ctx.as(email);
  return ctx.app.inject({ method: 'GET', url: `/admin/advanced/log-viewer${query}`, headers: { cookie: jar.header() } });
}

/** The messages of the table's rows, in page order. */
function messages(html: string): string[] {
  return [...html.matchAll(/<tr class="level-[a-z]*"><td>[^<]*<\/td><td>[^<]*<\/td><td>([^<]*)<\/td>/g)].map((match) => match[1]!);
}

/** The pager's links, unescaped (&amp; back to &). */
function pagerLinks(html: string): Record<string, string> {
  const links: Record<string, string> = {};
  for (const match of html.matchAll(/<a rel="(prev|next)" href="([^"]*)">/g)) links[match[1]!] = match[2]!.replaceAll('&#38;', '&');
  return links;
}

describe('GET /admin/advanced/log-viewer', () => {
  it('shows a superadmin the log as a plain HTML page, newest first, escaped', async () => {
    const response = await logViewer('superadmin@example.org');
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-type']).toBe('text/html; charset=utf-8');
    expect(response.headers['cache-control']).toBe('private, no-store');
    const html = response.body;
    expect(html).toContain('<h1>Server Logs</h1>');
    expect(html).not.toContain('data-page');
    expect(html).toContain('GET /item · status 200 · 12 ms · request abc-123');
    expect(messages(html)).toEqual(['&#60;script&#62;alert(&#34;x&#34;)&#60;/script&#62; failed', 'slow query', 'request completed', 'server listening']);
    expect(html).not.toContain('<script>alert');
    expect(html).toContain('TypeError: bad &#60;b&#62;thing&#60;/b&#62;');
    expect(html).toContain('4 lines at info and above, newest first; showing 1–4.');
    expect(html).not.toContain('<nav');
    expect(html).not.toContain('older lines are beyond it');
  });

  it('filters by level', async () => {
    const errors = (await logViewer('superadmin@example.org', '?level=error')).body;
    expect(messages(errors)).toEqual(['&#60;script&#62;alert(&#34;x&#34;)&#60;/script&#62; failed']);
    expect(errors).toContain('<option value="error" selected>');
    const all = (await logViewer('superadmin@example.org', '?level=trace')).body;
    expect(messages(all)[0]).toBe('not json at all');
    expect(messages(all)).toHaveLength(5);
    const fallback = await logViewer('superadmin@example.org', '?level=loud&page=-3&q=');
    expect(fallback.statusCode).toBe(200);
    expect(fallback.body).toContain('4 lines at info and above, newest first');
  });

  it('filters by text, case-insensitively, in the message, the details or the raw line, together with the level', async () => {
    const slow = (await logViewer('superadmin@example.org', '?q=SLOW')).body;
    expect(messages(slow)).toEqual(['slow query']);
    expect(slow).toContain("1 line at info and above containing 'SLOW'");
    expect(slow).toContain('name="q" maxlength="200" value="SLOW"');
    expect(messages((await logViewer('superadmin@example.org', '?q=abc-123')).body)).toEqual(['request completed']);
    expect(messages((await logViewer('superadmin@example.org', '?q=typeerror')).body)).toHaveLength(1);
    expect(messages((await logViewer('superadmin@example.org', '?q=json')).body)).toEqual([]);
    expect(messages((await logViewer('superadmin@example.org', '?q=json&level=trace')).body)).toEqual(['not json at all']);
    expect(messages((await logViewer('superadmin@example.org', '?q=query&level=error')).body)).toEqual([]);
    const none = (await logViewer('superadmin@example.org', '?q=nowhere')).body;
    expect(none).toContain('0 lines at info and above');
    expect(none).toContain('No log lines match.');
  });

  it('keeps a request’s incoming and completed lines together when the text is in only one of them', () => {
    const lines = [
      line(30, 'incoming request', { reqId: 'req-1', req: { method: 'GET', url: '/admin/stats' } }),
      line(30, 'incoming request', { reqId: 'req-2', req: { method: 'GET', url: '/item' } }),
      line(30, 'request completed', { reqId: 'req-2', res: { statusCode: 200 }, responseTime: 3 }),
      line(30, 'request completed', { reqId: 'req-1', res: { statusCode: 500 }, responseTime: 9 }),
      line(40, 'slow query', { reqId: 'req-1' }),
    ];
    const shown = (q: string, level: 'info' | 'warn' = 'info') =>
      selectEntries({ lines, truncated: false }, { level, q }).map((entry) => `${entry.message} · ${entry.details}`);
    // The URL is only in the incoming line, the status only in the completed one: each search shows the pair.
    expect(shown('/admin/stats')).toEqual(['request completed · status 500 · 9 ms · request req-1', 'incoming request · GET /admin/stats · request req-1']);
    expect(shown('status 500')).toEqual(['request completed · status 500 · 9 ms · request req-1', 'incoming request · GET /admin/stats · request req-1']);
    // Other lines of the request match on their own, and the level still applies to every line.
    expect(shown('slow')).toEqual(['slow query · request req-1']);
    expect(shown('/admin/stats', 'warn')).toEqual([]);
    expect(shown('')).toHaveLength(5);
  });

  it('escapes the text filter where the page repeats it', async () => {
    const html = (await logViewer('superadmin@example.org', `?q=${encodeURIComponent('"><script>x</script>')}`)).body;
    expect(html).not.toContain('<script>x');
    expect(html).toContain('value="&#34;&#62;&#60;script&#62;x&#60;/script&#62;"');
  });

  describe('with more lines than one page', () => {
    beforeAll(() => {
      const many = Array.from({ length: 250 }, (_, i) => line(i % 2 === 0 ? 40 : 30, `${i % 2 === 0 ? 'warning' : 'notice'} number ${i}`));
      writeLog(many);
    });
    afterAll(() => writeLog(SAMPLE));

    it(`shows ${LOG_VIEWER_PAGE_SIZE} lines a page, newest first, with links that keep the filters`, async () => {
      expect(LOG_VIEWER_PAGE_SIZE).toBe(100);
      const first = (await logViewer('superadmin@example.org')).body;
      expect(messages(first)).toHaveLength(100);
      expect(messages(first)[0]).toBe('notice number 249');
      expect(messages(first)[99]).toBe('warning number 150');
      expect(first).toContain('250 lines at info and above, newest first; showing 1–100.');
      expect(first).toContain('Page 1 of 3');
      expect(pagerLinks(first)).toEqual({ next: '/admin/advanced/log-viewer?page=2' });

      const third = (await logViewer('superadmin@example.org', '?page=3')).body;
      expect(messages(third)).toHaveLength(50);
      expect(messages(third).at(-1)).toBe('warning number 0');
      expect(pagerLinks(third)).toEqual({ prev: '/admin/advanced/log-viewer?page=2' });

      const warnings = (await logViewer('superadmin@example.org', '?level=warn&q=Number%201&page=1')).body;
      // warning lines are the even ones: 'number 1…' among them are 10, 12, …, 18 (5) and 100, 102, …, 198 (50).
      expect(messages(warnings)[0]).toBe('warning number 198');
      expect(warnings).toContain("55 lines at warn and above containing 'Number 1', newest first; showing 1–55.");
      expect(pagerLinks(warnings)).toEqual({});

      const warnPage1 = (await logViewer('superadmin@example.org', '?level=warn&q=warning')).body;
      expect(warnPage1).toContain('Page 1 of 2');
      const next = pagerLinks(warnPage1).next!;
      expect(new URL(next, 'http://x').searchParams.get('level')).toBe('warn');
      expect(new URL(next, 'http://x').searchParams.get('q')).toBe('warning');
      expect(new URL(next, 'http://x').searchParams.get('page')).toBe('2');
      const warnPage2 = (await logViewer('superadmin@example.org', next.slice('/admin/advanced/log-viewer'.length))).body;
      expect(messages(warnPage2)).toHaveLength(25);
      expect(messages(warnPage2).every((message) => message.startsWith('warning'))).toBe(true);
      expect(warnPage2).toContain('showing 101–125.');
      expect(pagerLinks(warnPage2)).toEqual({ prev: '/admin/advanced/log-viewer?level=warn&q=warning' });
    });

    it('shows the last page for a page number past it', async () => {
      const html = (await logViewer('superadmin@example.org', '?page=99')).body;
      expect(html).toContain('Page 3 of 3');
      expect(messages(html).at(-1)).toBe('warning number 0');
    });
  });

  it('redacts secrets in lines written before redaction, so neither the page nor a search shows them', async () => {
    const token = 'OldLogToken_0123456789abcdefghijklmnopqrst';
    writeLog([
      line(30, 'incoming request', { req: { method: 'GET', url: `/invite/${token}` } }),
      line(30, `shared link /i/abc123def456?share=${token} opened`),
    ]);
    try {
      const html = (await logViewer('superadmin@example.org')).body;
      expect(html).not.toContain(token);
      expect(html).toContain('GET /invite/[redacted]');
      expect(messages(html)).toContain('shared link /i/abc123def456?share=[redacted] opened');
      expect((await logViewer('superadmin@example.org', `?q=${token}`)).body).toContain('No log lines match.');
    } finally {
      writeLog(SAMPLE);
    }
  });

  it('reads only the end of a large file and says older lines are not shown', async () => {
    const bigFile = path.join(logDir, 'big.log');
    writeFileSync(bigFile, `${Array.from({ length: 40 }, (_, i) => line(30, `entry ${String(i).padStart(2, '0')}`)).join('\n')}\n`);
    const whole = await readLogTail(bigFile);
    expect(whole).toMatchObject({ truncated: false });
    expect(whole!.lines).toHaveLength(40);
    const tail = await readLogTail(bigFile, 1000);
    expect(tail!.truncated).toBe(true);
    expect(tail!.lines.length).toBeLessThan(40);
    expect(tail!.lines.at(-1)).toContain('entry 39');
    for (const kept of tail!.lines) expect(() => JSON.parse(kept) as unknown).not.toThrow();
    const html = renderLogViewer({ appName: 'Equip', file: bigFile, tail, query: { level: 'info', q: '', page: 1 }, tailBytes: 4 * 1024 * 1024 });
    expect(html).toContain('Only the last 4 MB of the file is read: older lines are beyond it and are not shown.');
    expect(messages(html)[0]).toBe('entry 39');
    expect(await readLogTail(path.join(logDir, 'missing.log'))).toBeNull();
  });

  it('refuses anonymous visitors with the 403 page and the sign-in hint', async () => {
    const response = await logViewer(null);
    expect(response.statusCode).toBe(403);
    expectInertia(response).prop('detail', SIGN_IN_HINT);
    expect(response.body).not.toContain('server listening');
  });

  it.each(['member@example.org', 'staff@example.org', 'admin@example.org'])('refuses %s with 403', async (email) => {
    const response = await logViewer(email);
    expect(response.statusCode).toBe(403);
    expect(response.body).not.toContain('server listening');
    expect(response.body).not.toContain('<h1>Server Logs</h1>');
  });
});

describe('the log file setting', () => {
  it('writes no log file in tests unless LOG_FILE is set; DATA_DIR/logs/equip.log otherwise; off turns it off', () => {
    expect(logFilePath(loadConfig({ NODE_ENV: 'test' }))).toBeNull();
    expect(logFilePath(loadConfig({ NODE_ENV: 'test', LOG_FILE: '/tmp/x.log' }))).toBe('/tmp/x.log');
    expect(logFilePath(loadConfig({ NODE_ENV: 'production', SESSION_SECRET: 'x'.repeat(40), DATA_DIR: '/srv/equip' }))).toBe('/srv/equip/logs/equip.log');
    expect(logFilePath(loadConfig({ NODE_ENV: 'production', SESSION_SECRET: 'x'.repeat(40), LOG_FILE: 'off' }))).toBeNull();
  });

  it('logs to standard output and to the file through two pino targets', () => {
    const output = loggerOutput(loadConfig({ NODE_ENV: 'production', SESSION_SECRET: 'x'.repeat(40), DATA_DIR: '/srv/equip', LOG_LEVEL: 'warn' }));
    expect(output.transport).toEqual({
      targets: [
        { target: 'pino/file', level: 'warn', options: { destination: 1 } },
        { target: 'pino/file', level: 'warn', options: { destination: '/srv/equip/logs/equip.log', mkdir: true, mode: 0o600 } },
      ],
    });
    expect(loggerOutput(loadConfig({ NODE_ENV: 'production', SESSION_SECRET: 'x'.repeat(40), LOG_FILE: 'off' }))).toEqual({});
  });

  it('logs nothing in tests unless they set LOG_FILE and a level, and then only to the file', () => {
    expect(serverLogger(loadConfig({ NODE_ENV: 'test', LOG_LEVEL: 'info' }))).toBe(false);
    expect(serverLogger(loadConfig({ NODE_ENV: 'test', LOG_FILE: logFile, LOG_LEVEL: 'silent' }))).toBe(false);
    const file = path.join(logDir, 'test-only.log');
    expect(serverLogger(loadConfig({ NODE_ENV: 'test', LOG_FILE: file, LOG_LEVEL: 'info' }))).toMatchObject({
      transport: { targets: [{ target: 'pino/file', options: { destination: file } }] },
    });
  });

  it('makes the log file private to the server’s account, and narrows the mode of an older one', () => {
    const fresh = path.join(logDir, 'new', 'equip.log');
    preparePrivateLogFile(fresh);
    expect(statSync(fresh).mode & 0o777).toBe(0o600);
    const older = path.join(logDir, 'older.log');
    writeFileSync(older, 'kept\n', { mode: 0o644 });
    chmodSync(older, 0o644);
    preparePrivateLogFile(older);
    expect(statSync(older).mode & 0o777).toBe(0o600);
    expect(readFileSync(older, 'utf8')).toBe('kept\n');
  });
});
