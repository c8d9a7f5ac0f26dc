/** Server Logs (admin-curation §2 Dashboard, §7 GET /admin/advanced/log-viewer): the log file's tail, for superadmins. */
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { SIGN_IN_HINT } from '../../shared/messages';
import { loadConfig } from '../../server/config';
import { logFilePath, loggerOutput } from '../../server/features/admin-advanced/log-file';
import { pageFromHtml } from '../support/http';
import { seedDemoAccounts } from '../support/seed';
import { useSessionTestApp } from '../support/sessions';

const logDir = mkdtempSync(path.join(tmpdir(), 'equip-logs-'));
const logFile = path.join(logDir, 'equip.log');
const ctx = useSessionTestApp({ seed: seedDemoAccounts, env: { LOG_FILE: logFile } });

const line = (level: number, msg: string, extra: Record<string, unknown> = {}) => JSON.stringify({ level, time: Date.parse('2025-03-01T10:00:00Z'), pid: 1, msg, ...extra });

beforeAll(() => {
  const lines = [
    line(30, 'server listening'),
    line(30, 'request completed', { reqId: 'abc-123', req: { method: 'GET', url: '/item' }, res: { statusCode: 200 }, responseTime: 12.4 }),
    line(40, 'slow query'),
    line(50, '<script>alert("x")</script> failed', { err: { type: 'TypeError', message: 'bad <b>thing</b>' } }),
    'not json at all',
  ];
  writeFileSync(logFile, `${lines.join('\n')}\n`);
});
afterAll(() => rmSync(logDir, { recursive: true, force: true }));

async function logViewer(email: string | null, query = '') {
  const jar = await ctx.as(email);
  return ctx.app.inject({ method: 'GET', url: `/admin/advanced/log-viewer${query}`, headers: { cookie: jar.header() } });
}

describe('GET /admin/advanced/log-viewer', () => {
  it('shows a superadmin the tail of the log as a plain HTML page, newest last, escaped', async () => {
    const response = await logViewer('superadmin@example.org');
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-type']).toBe('text/html; charset=utf-8');
    const html = response.body;
    expect(html).toContain('<h1>Server Logs</h1>');
    expect(html).toContain('GET /item · status 200 · 12 ms · request abc-123');
    expect(html.indexOf('server listening')).toBeLessThan(html.indexOf('slow query'));
    expect(html).not.toContain('<script>alert');
    expect(html).toContain('&#60;script&#62;alert(&#34;x&#34;)&#60;/script&#62; failed');
    expect(html).toContain('TypeError: bad &#60;b&#62;thing&#60;/b&#62;');
    expect(html).toContain('the last 4 lines at info and above');
  });

  it('filters by level and limits the number of lines', async () => {
    const errors = (await logViewer('superadmin@example.org', '?level=error')).body;
    expect(errors).not.toContain('server listening');
    expect(errors).not.toContain('slow query');
    expect(errors).toContain('failed');
    const last = (await logViewer('superadmin@example.org', '?level=trace&lines=2')).body;
    expect(last).toContain('not json at all');
    expect(last).toContain('failed');
    expect(last).not.toContain('slow query');
    const fallback = await logViewer('superadmin@example.org', '?level=loud&lines=-3');
    expect(fallback.statusCode).toBe(200);
    expect(fallback.body).toContain('the last 4 lines at info and above');
  });

  it('refuses anonymous visitors with the 403 page and the sign-in hint', async () => {
    const response = await logViewer(null);
    expect(response.statusCode).toBe(403);
    expect(pageFromHtml(response.body).props.detail).toBe(SIGN_IN_HINT);
  });

  it.each(['member@example.org', 'admin@example.org'])('refuses %s with 403', async (email) => {
    const response = await logViewer(email);
    expect(response.statusCode).toBe(403);
    expect(response.body).not.toContain('server listening');
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
        { target: 'pino/file', level: 'warn', options: { destination: '/srv/equip/logs/equip.log', mkdir: true } },
      ],
    });
    expect(loggerOutput(loadConfig({ NODE_ENV: 'production', SESSION_SECRET: 'x'.repeat(40), LOG_FILE: 'off' }))).toEqual({});
  });
});
