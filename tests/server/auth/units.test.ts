import { mkdtemp, readdir, readFile, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createCsrfToken, csrfKeyFromSecret, isValidCsrfToken } from '../../../server/auth/csrf-token';
import { findOrCreateUserFromProfile, isOrganisationAccount, type ProviderProfile } from '../../../server/auth/identities';
import { profileFromClaims } from '../../../server/auth/providers';
import { safeReturnPath } from '../../../server/auth/return-to';
import type { DatabaseHandle } from '../../../server/db/client';
import { users, userTypes } from '../../../server/db/schema';
import { createMailer } from '../../../server/mail/mailer';
import { verificationMail } from '../../../server/mail/templates/verification';
import { freshDatabase } from '../../support/database';

const ORIGINS = ['http://localhost:3000'];

describe('safeReturnPath', () => {
  it.each([
    ['/popular?page=2', '/popular?page=2'],
    ['http://localhost:3000/i/abc123#top', '/i/abc123'],
    ['/loginhelp', '/loginhelp'],
  ])('keeps the same-site page %s', (candidate, expected) => {
    expect(safeReturnPath(candidate, ORIGINS)).toBe(expected);
  });

  it.each([
    '//evil.example/x',
    '/\\evil.example',
    '/.//evil.example',
    '\\\\evil.example',
    'https://evil.example/',
    'javascript:alert(1)',
    'http://localhost:3001/x',
    '',
    undefined,
  ])('refuses %s', (candidate) => {
    expect(safeReturnPath(candidate, ORIGINS)).toBeNull();
  });

  it.each(['/login', '/login?x=1', '/logout', '/auth/google/callback', '/dev/login'])('never returns to the sign-in page %s', (candidate) => {
    expect(safeReturnPath(candidate, ORIGINS)).toBeNull();
  });
});

describe('CSRF tokens', () => {
  const key = csrfKeyFromSecret('a-session-secret-of-at-least-32-characters');

  it('are valid for the session they were made for, and only that one', () => {
    const token = createCsrfToken(key, 'session-a');
    expect(isValidCsrfToken(key, token, 'session-a')).toBe(true);
    expect(isValidCsrfToken(key, token, 'session-b')).toBe(false);
    expect(isValidCsrfToken(key, token, null)).toBe(false);
  });

  it('made without a session are valid only without one', () => {
    const token = createCsrfToken(key, null);
    expect(isValidCsrfToken(key, token, null)).toBe(true);
    expect(isValidCsrfToken(key, token, 'session-a')).toBe(false);
  });

  it('are refused when tampered with or made with another secret', () => {
    const token = createCsrfToken(key, 'session-a');
    expect(isValidCsrfToken(key, `${token}x`, 'session-a')).toBe(false);
    expect(isValidCsrfToken(key, `x${token}`, 'session-a')).toBe(false);
    expect(isValidCsrfToken(key, 'no-dot', 'session-a')).toBe(false);
    expect(isValidCsrfToken(csrfKeyFromSecret('another-secret-of-at-least-32-characters'), token, 'session-a')).toBe(false);
  });
});

describe('provider claims', () => {
  it('count an e-mail as verified only when the provider says so', () => {
    expect(profileFromClaims('microsoft', { sub: 's', email: 'a@b.c' }).emailVerified).toBe(false);
    expect(profileFromClaims('google', { sub: 's', email: 'a@b.c', email_verified: 'true' }).emailVerified).toBe(true);
    expect(() => profileFromClaims('google', { email: 'a@b.c' })).toThrow();
  });

  it('never count a Facebook address as verified, whatever the claims say', () => {
    expect(profileFromClaims('facebook', { sub: 's', email: 'a@b.c', email_verified: true })).toMatchObject({ email: 'a@b.c', emailVerified: false });
  });

  it('make only verified Google addresses of the organisation domains organisation accounts', () => {
    const config = { ORGANISATION_GOOGLE_DOMAINS: ['org.example'], ORGANISATION_USER_TYPE: 'Staff' };
    const google: ProviderProfile = { provider: 'google', subject: '1', email: 'a@org.example', emailVerified: true, name: null };
    expect(isOrganisationAccount(config, google)).toBe(true);
    expect(isOrganisationAccount(config, { ...google, emailVerified: false })).toBe(false);
    expect(isOrganisationAccount(config, { ...google, email: 'a@sub.org.example' })).toBe(false);
    expect(isOrganisationAccount(config, { ...google, provider: 'facebook' })).toBe(false);
  });
});

describe('findOrCreateUserFromProfile on a database without user types', () => {
  let handle: DatabaseHandle;
  const config = { ORGANISATION_GOOGLE_DOMAINS: ['org.example'], ORGANISATION_USER_TYPE: 'Staff' };
  beforeAll(async () => {
    handle = await freshDatabase();
  });
  afterAll(async () => handle?.close());

  it('creates the Member type on demand and a user of it', async () => {
    const outcome = await findOrCreateUserFromProfile(handle.db, config, {
      provider: 'facebook',
      subject: 'fb-1',
      email: null,
      emailVerified: false,
      name: null,
    });
    expect(outcome.via).toBe('new-user');
    const [row] = await handle.db
      .select({ name: users.name, email: users.email, type: userTypes.title, level: userTypes.level, loginUsing: users.loginUsing })
      .from(users)
      .innerJoin(userTypes, eq(userTypes.id, users.userTypeId))
      .where(eq(users.id, outcome.userId));
    expect(row).toEqual({ name: 'Facebook user', email: null, type: 'Member', level: 1, loginUsing: 'facebook' });
  });

  it('keeps an organisation account at Member when the organisation type does not exist yet', async () => {
    const outcome = await findOrCreateUserFromProfile(handle.db, config, {
      provider: 'google',
      subject: 'g-1',
      email: 'a@org.example',
      emailVerified: true,
      name: 'A',
    });
    const [row] = await handle.db
      .select({ level: userTypes.level })
      .from(users)
      .innerJoin(userTypes, eq(userTypes.id, users.userTypeId))
      .where(eq(users.id, outcome.userId));
    expect(row.level).toBe(1);
    const again = await findOrCreateUserFromProfile(handle.db, config, {
      provider: 'google',
      subject: 'g-1',
      email: 'a@org.example',
      emailVerified: true,
      name: 'A',
    });
    expect(again).toEqual({ userId: outcome.userId, via: 'identity' });
  });
});

describe('the mailer without SMTP', () => {
  let dataDir: string;
  beforeAll(async () => {
    dataDir = await mkdtemp(path.join(tmpdir(), 'equip-mail-'));
  });
  afterAll(async () => rm(dataDir, { recursive: true, force: true }));

  it('writes each message as an .eml file under DATA_DIR/mail', async () => {
    const logged: unknown[] = [];
    const log = { info: (...args: unknown[]) => logged.push(args) } as unknown as Parameters<typeof createMailer>[1];
    const mailer = createMailer({ SMTP_URL: undefined, MAIL_FROM: 'Equip <no-reply@equip.test>', DATA_DIR: dataDir }, log);
    await mailer.send(
      verificationMail({ to: 'someone@example.org', name: 'Some <One>', appName: 'Equip', link: 'http://localhost:3000/profile/verify/abc', validForDays: 7 }),
    );
    const files = await readdir(path.join(dataDir, 'mail'));
    expect(files).toHaveLength(1);
    expect(files[0]).toMatch(/\.eml$/);
    const eml = await readFile(path.join(dataDir, 'mail', files[0]), 'utf8');
    expect(eml).toContain('To: someone@example.org');
    expect(eml).toContain('http://localhost:3000/profile/verify/abc');
    expect(eml).toContain('Some &#60;One&#62;');
    expect(logged).toHaveLength(1);
  });
});
