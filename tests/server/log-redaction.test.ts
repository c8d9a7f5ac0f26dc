/**
 * No secrets in logs (server/lib/redact.ts): after an invitation, an e-mail verification, a shared link and an OAuth
 * callback, neither the server log file, nor Server Logs, nor the request log holds any of their tokens.
 */
import { mkdtempSync, readFileSync, rmSync, statSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { desc, eq } from 'drizzle-orm';
import type { UserInvitation } from '../../shared/invitations';
import { httpRequests, mailOutbox, userTypes } from '../../server/db/schema';
import { LOG_FILE_MODE } from '../../server/features/admin-advanced/log-file';
import { REDACTED } from '../../server/lib/redact';
import { inertiaHeaders, send, visit, xsrfHeader } from '../support/http';
import { useSessionTestApp } from '../support/sessions';
import { ADMIN, AFFILIATE, ITEMS, seedSharingLibrary, sharesTo } from './sharing-fixture';
import { requestIdGenerator } from '../../server/lib/request-id';

const logDir = mkdtempSync(path.join(tmpdir(), 'equip-redaction-'));
const logFile = path.join(logDir, 'equip.log');
const ctx = useSessionTestApp({ seed: seedSharingLibrary, env: { LOG_FILE: logFile, LOG_LEVEL: 'info', APP_URL: 'http://localhost:3000', TRUST_PROXY: '1' } });
const BROWSER = 'Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0 Safari/537.36';
const OAUTH_CODE = '4/0AfJohXnOtForTheLogs';
const OAUTH_STATE = 'stateNotForTheLogs123';

afterAll(() => rmSync(logDir, { recursive: true, force: true }));

/** Everything in the log file once every line logged so far is written (the file is written off the main thread). */
async function writtenLog(): Promise<string> {
  const sentinel = `log written up to here ${Math.random()}`;
  ctx.app.log.info(sentinel);
  return vi.waitFor(
    () => {
      const text = readFileSync(logFile, 'utf8');
      expect(text).toContain(sentinel);
      return text;
    },
    { timeout: 10_000, interval: 50 },
  );
}

async function invitationToken(): Promise<string> {
  const [leader] = await ctx.db().select({ id: userTypes.id }).from(userTypes).where(eq(userTypes.title, 'Leader'));
  const admin = await ctx.as(ADMIN);
  const created = await send(ctx.app, admin, 'POST', '/user_invitation', { user_type_id: leader!.id, note_to_self: 'for the log test' });
  const { page } = await visit(ctx.app, String(created.headers.location), admin);
  return new URL((page.props.invitation as UserInvitation).accept_link!).pathname.split('/').at(-1)!;
}

/** A visitor opens the accept link, signs in, opens it again and accepts, as a browser would (with its Referer). */
async function runInvitation(token: string): Promise<void> {
  // The link is its own sign-in page, whose buttons come back to it; an older sign-in link names it in its query.
  const visitor = await ctx.app.inject({ method: 'GET', url: `/invite/${token}`, headers: { 'user-agent': BROWSER, accept: 'text/html' } });
  expect(visitor.statusCode).toBe(200);
  expect(visitor.body).toContain('"component":"auth\\/Login"');
  const signIn = `/login?return_to=${encodeURIComponent(`/invite/${token}`)}`;
  expect((await ctx.app.inject({ method: 'GET', url: signIn, headers: { 'user-agent': BROWSER, accept: 'text/html' } })).statusCode).toBe(200);
  const jar = await ctx.as(AFFILIATE);
  expect((await visit(ctx.app, `/invite/${token}`, jar, { 'user-agent': BROWSER })).page.component).toBe('invite/Show');
  const accepted = await ctx.app.inject({
    method: 'POST',
    url: `/invite/${token}`,
    headers: { ...(await inertiaHeaders(ctx.app)), ...xsrfHeader(jar), 'user-agent': BROWSER, referer: `http://localhost:3000/invite/${token}` },
  });
  expect(accepted.statusCode).toBe(303);
}

/** Asks for a verification e-mail and follows its link. */
async function runVerification(): Promise<string> {
  const jar = await ctx.as('unverified@example.org');
  expect((await send(ctx.app, jar, 'POST', '/profile/verify')).statusCode).toBe(303);
  const [mail] = await ctx
    .db()
    .select({ text: mailOutbox.textBody })
    .from(mailOutbox)
    .where(eq(mailOutbox.toAddress, 'unverified@example.org'))
    .orderBy(desc(mailOutbox.id))
    .limit(1);
  const token = /\/profile\/verify\/([A-Za-z0-9_-]{43})/.exec(mail!.text)![1]!;
  const verified = await ctx.app.inject({
    method: 'GET',
    url: `/profile/verify/${token}`,
    headers: { cookie: jar.header(), 'user-agent': BROWSER, accept: 'text/html' },
  });
  expect(verified.statusCode).toBe(302);
  return token;
}

/** Shares an item and opens the shared link, directly and through the sign-in page's return address. */
async function runShare(): Promise<string> {
  const jar = await ctx.as(AFFILIATE);
  expect((await send(ctx.app, jar, 'POST', `/i/${ITEMS.open}/share`, { level: 2, email: 'friend@example.com', daysValidity: 90 })).statusCode).toBe(303);
  const [share] = await sharesTo(ctx.db(), 'friend@example.com');
  const link = `/i/${ITEMS.open}?share=${share!.ref}`;
  expect((await ctx.app.inject({ method: 'GET', url: link, headers: { 'user-agent': BROWSER, accept: 'text/html' } })).statusCode).toBe(200);
  await ctx.app.inject({ method: 'GET', url: `/login?return_to=${encodeURIComponent(link)}`, headers: { 'user-agent': BROWSER, accept: 'text/html' } });
  return share!.ref;
}

describe('secrets in URLs', () => {
  const secrets: Record<string, string> = { 'OAuth code': OAUTH_CODE, 'OAuth state': OAUTH_STATE };
  let log = '';

  beforeAll(async () => {
    secrets['invitation token'] = await invitationToken();
    await runInvitation(secrets['invitation token']);
    secrets['verification token'] = await runVerification();
    secrets['share ref'] = await runShare();
    await ctx.app.inject({
      method: 'GET',
      url: `/auth/google/callback?code=${encodeURIComponent(OAUTH_CODE)}&state=${OAUTH_STATE}`,
      headers: { 'user-agent': BROWSER },
    });
    const failure = new Error(`could not open /invite/${secrets['invitation token']}`, {
      cause: new Error(`while reading /i/${ITEMS.open}?share=${secrets['share ref']}`),
    });
    ctx.app.log.error({ err: failure, url: `/profile/verify/${secrets['verification token']}` }, `request failed at /invite/${secrets['invitation token']}`);
    log = await writtenLog();
  });

  it('are redacted in the log file, which logged every one of those requests', () => {
    for (const [name, secret] of Object.entries(secrets)) expect(log.includes(secret), `${name} in the log`).toBe(false);
    const urls = log
      .split('\n')
      .filter((line) => line !== '')
      .map((line) => (JSON.parse(line) as { req?: { url?: string } }).req?.url)
      .filter((url) => url !== undefined);
    expect(urls).toContain(`/invite/${REDACTED}`);
    expect(urls).toContain(`/profile/verify/${REDACTED}`);
    expect(urls).toContain(`/i/${ITEMS.open}?share=${REDACTED}`);
    expect(urls).toContain(`/login?return_to=${encodeURIComponent(`/i/${ITEMS.open}?share=${REDACTED}`)}`);
    expect(urls).toContain(`/login?return_to=${encodeURIComponent(`/invite/${REDACTED}`)}`);
    expect(urls).toContain(`/auth/google/callback?code=${REDACTED}&state=${REDACTED}`);
  });

  it('are redacted in error lines: the message, the error, its cause and any URL field', () => {
    const line = log.split('\n').find((text) => text.includes('request failed at'))!;
    const record = JSON.parse(line) as { msg: string; url: string; err: { message: string; stack: string } };
    expect(record.msg).toBe(`request failed at /invite/${REDACTED}`);
    expect(record.url).toBe(`/profile/verify/${REDACTED}`);
    expect(record.err.message).toContain(`could not open /invite/${REDACTED}`);
    expect(record.err.stack).toContain(`/i/${ITEMS.open}?share=${REDACTED}`);
  });

  it('are redacted in the request log, its paths and its referers', async () => {
    await ctx.app.requestLog.flush();
    const rows = await ctx.db().select({ url: httpRequests.url, referer: httpRequests.referer }).from(httpRequests);
    const stored = JSON.stringify(rows);
    for (const [name, secret] of Object.entries(secrets)) expect(stored.includes(secret), `${name} in the request log`).toBe(false);
    expect(rows).toContainEqual({ url: `/invite/${REDACTED}`, referer: `http://localhost:3000/invite/${REDACTED}` });
    expect(rows.map((row) => row.url)).toContain(`/profile/verify/${REDACTED}`);
  });

  it('do not show in Server Logs', async () => {
    const jar = await ctx.as('superadmin@example.org');
    const page = await ctx.app.inject({ method: 'GET', url: '/admin/advanced/log-viewer?q=redacted', headers: { cookie: jar.header() } });
    expect(page.statusCode).toBe(200);
    expect(page.body).toContain(`GET /invite/${REDACTED}`);
    expect(page.body).toContain(`GET /auth/google/callback?code=${REDACTED}&#38;state=${REDACTED}`);
    for (const secret of Object.values(secrets)) expect(page.body).not.toContain(secret);
  });

  it('leave a log file that only the server’s account may read', () => {
    expect(statSync(logFile).mode & 0o777).toBe(LOG_FILE_MODE);
  });
});

describe('request ids', () => {
  it('ignores an X-Request-Id when no proxy is trusted (the client would choose its reference)', () => {
    expect(requestIdGenerator(false)({ headers: { 'x-request-id': 'lb-7f3a:0001.trace_x' } })).not.toBe('lb-7f3a:0001.trace_x');
    expect(requestIdGenerator(true)({ headers: { 'x-request-id': 'lb-7f3a:0001.trace_x' } })).toBe('lb-7f3a:0001.trace_x');
  });

  it('keeps a trusted proxy’s X-Request-Id that is a plain token, in the response and in the log', async () => {
    const response = await ctx.app.inject({ method: 'GET', url: '/login', headers: { 'x-request-id': 'lb-7f3a:0001.trace_x' } });
    expect(response.headers['x-request-id']).toBe('lb-7f3a:0001.trace_x');
    const log = await writtenLog();
    expect(log).toContain('"reqId":"lb-7f3a:0001.trace_x"');
  });

  it.each(['short', 'has spaces in it', '<script>alert(1)</script>', `${'a'.repeat(65)}`, 'bad"quote-123'])('replaces %s with a new id', async (offered) => {
    const response = await ctx.app.inject({ method: 'GET', url: '/login', headers: { 'x-request-id': offered } });
    expect(response.headers['x-request-id']).toMatch(/^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/);
  });

  it('gives every request its own id when none is offered', async () => {
    const [first, second] = await Promise.all([ctx.app.inject({ method: 'GET', url: '/login' }), ctx.app.inject({ method: 'GET', url: '/login' })]);
    expect(first.headers['x-request-id']).not.toBe(second.headers['x-request-id']);
  });
});
