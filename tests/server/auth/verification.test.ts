import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { ERROR_PAGES } from '../../../shared/messages';
import { AUTH_NOTICES } from '../../../server/auth/messages';
import { users } from '../../../server/db/schema';
import { useTestApp } from '../../support/app';
import { csrfJar, signInAs, xsrfHeader } from '../../support/http';
import { seedDemoAccounts } from '../../support/seed';
import { decodedBody, useSmtpServer } from '../../support/smtp';
import { flashMessages, inertiaVisit } from './helpers';
import { expectInertia } from '../../../server/inertia/testing';

const env: Record<string, string> = { APP_URL: 'http://localhost:3000', MAIL_FROM: 'Equip <no-reply@equip.test>' };
const smtp = useSmtpServer(env);
const ctx = useTestApp({ env, seed: seedDemoAccounts });

function verificationPath(raw: string): string {
  const match = /http:\/\/localhost:3000(\/profile\/verify\/[A-Za-z0-9_-]{43})/.exec(decodedBody(raw));
  if (!match) throw new Error(`no verification link in:\n${raw}`);
  return match[1];
}

describe('e-mail verification', () => {
  it('sends a verification e-mail over SMTP, and its link verifies the address', async () => {
    const jar = await signInAs(ctx.app, 'unverified@example.org');
    const seen = smtp.server.received.length;
    const response = await ctx.app.inject({ method: 'POST', url: '/profile/verify', headers: xsrfHeader(jar) });
    expect(response.statusCode).toBe(303);
    jar.store(response);
    expect(await flashMessages(ctx.app, jar)).toContain(AUTH_NOTICES.verificationSent);
    // The request only queued the message; the outbox worker sends it.
    expect(smtp.server.received).toHaveLength(seen);
    expect(await ctx.app.mailOutbox.flush()).toBe(1);

    const mail = await smtp.server.nextMessage(seen);
    expect(mail.to).toEqual(['unverified@example.org']);
    expect(mail.from).toBe('no-reply@equip.test');
    expect(mail.raw).toMatch(/Subject: Please verify your email address for Equip/);
    const [stored] = await ctx.app.db.select().from(users).where(eq(users.email, 'unverified@example.org'));
    expect(stored.emailVerificationTokenHash).toMatch(/^[0-9a-f]{64}$/);
    expect(decodedBody(mail.raw)).not.toContain(stored.emailVerificationTokenHash);

    const verify = await ctx.app.inject({ method: 'GET', url: verificationPath(mail.raw), headers: { cookie: jar.header() } });
    expect(verify.statusCode).toBe(302);
    expect(verify.headers.location).toBe('/');
    jar.store(verify);
    const { page } = await inertiaVisit(ctx.app, '/', jar);
    expectInertia(page).props({ auth: { email_unverified: false, email: 'unverified@example.org' } });
    expect(page.flash.notifications.map((n: { message: string }) => n.message)).toContain(AUTH_NOTICES.emailVerified);

    const again = await ctx.app.inject({ method: 'GET', url: verificationPath(mail.raw) });
    expect(again.statusCode).toBe(410);
  });

  it('a wrong token gives the 410 page', async () => {
    const response = await ctx.app.inject({ method: 'GET', url: `/profile/verify/${'A'.repeat(43)}` });
    expect(response.statusCode).toBe(410);
    expectInertia(response).props({ status: 410, title: ERROR_PAGES[410].title, message: ERROR_PAGES[410].message });
    const malformed = await ctx.app.inject({ method: 'GET', url: '/profile/verify/not-a-token' });
    expect(malformed.statusCode).toBe(410);
  });

  it('an expired link gives the 410 page', async () => {
    const jar = await signInAs(ctx.app, 'member@example.org');
    await ctx.app.db.update(users).set({ emailVerifiedAt: null }).where(eq(users.email, 'member@example.org'));
    const seen = smtp.server.received.length;
    await ctx.app.inject({ method: 'POST', url: '/profile/verify', headers: xsrfHeader(jar) });
    await ctx.app.mailOutbox.flush();
    const mail = await smtp.server.nextMessage(seen);
    await ctx.app.db
      .update(users)
      .set({ emailVerificationSentAt: new Date(Date.now() - 8 * 24 * 3600 * 1000) })
      .where(eq(users.email, 'member@example.org'));
    const response = await ctx.app.inject({ method: 'GET', url: verificationPath(mail.raw) });
    expect(response.statusCode).toBe(410);
  });

  it('asking again within a minute sends nothing more', async () => {
    const jar = await signInAs(ctx.app, 'affiliate@example.org');
    await ctx.app.db.update(users).set({ emailVerifiedAt: null }).where(eq(users.email, 'affiliate@example.org'));
    const seen = smtp.server.received.length;
    await ctx.app.inject({ method: 'POST', url: '/profile/verify', headers: xsrfHeader(jar) });
    await ctx.app.mailOutbox.flush();
    await smtp.server.nextMessage(seen);
    const second = await ctx.app.inject({ method: 'POST', url: '/profile/verify', headers: xsrfHeader(jar) });
    jar.store(second);
    expect(await ctx.app.mailOutbox.flush()).toBe(0);
    expect(await flashMessages(ctx.app, jar)).toContain(AUTH_NOTICES.verificationRecentlySent);
    expect(smtp.server.received).toHaveLength(seen + 1);
  });

  it('a verified address is not sent another e-mail', async () => {
    const jar = await signInAs(ctx.app, 'leader@example.org');
    const seen = smtp.server.received.length;
    const response = await ctx.app.inject({ method: 'POST', url: '/profile/verify', headers: xsrfHeader(jar) });
    jar.store(response);
    expect(await flashMessages(ctx.app, jar)).toContain(AUTH_NOTICES.alreadyVerified);
    expect(await ctx.app.mailOutbox.flush()).toBe(0);
    expect(smtp.server.received).toHaveLength(seen);
  });

  it('anonymous visitors get the 403 page', async () => {
    const jar = await csrfJar(ctx.app);
    const response = await ctx.app.inject({ method: 'POST', url: '/profile/verify', headers: xsrfHeader(jar) });
    expect(response.statusCode).toBe(403);
  });
});
