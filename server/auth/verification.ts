import { createHash, randomBytes } from 'node:crypto';
import type { FastifyRequest } from 'fastify';
import { and, eq, gt, isNull, ne, sql, type SQL } from 'drizzle-orm';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { PROFILE_VERIFY_URL } from '../../shared/navigation';
import { ROUTES } from '../../shared/routes';
import { publicBecause, signedIn, signedInViewer } from '../access/guards';
import type { Viewer } from '../access/viewer';
import type { Database, Transaction } from '../db/client';
import { takeWritersLock } from '../db/writers-lock';
import { users } from '../db/schema';
import { gone } from '../lib/http-errors';
import { paramsOf } from '../lib/validation';
import type { AppConfig } from '../config';
import { queueMail } from '../mail/outbox';
import { verificationMail } from '../mail/templates/verification';
import { AUTH_NOTICES } from './messages';
import { verificationToken } from './schemas';
import { perMinute } from '../web/rate-limit';
import { DAY_MS } from '../../shared/dates';
import { absoluteUrl } from '../lib/site-url';

export const VERIFICATION_LINK_VALID_DAYS = 7;
/** One verification e-mail per user per minute, whichever IP asks. */
export const VERIFICATION_RESEND_COOLDOWN_MS = 60_000;

/** POST /profile/verify e-mails a link; GET /profile/verify/:token proves the address. */
export const verificationRoutes: FastifyPluginAsyncZod = async (app) => {
  const rateLimit = perMinute(app.config.RATE_LIMIT_SIGN_IN_MAX);

  app.post(PROFILE_VERIFY_URL, { config: { rateLimit }, preValidation: signedIn }, async (request, reply) => {
    const notice = await sendVerificationIfDue(request, signedInViewer(request));
    reply.notify(notice.message, notice.type);
    return reply.redirectBack('/');
  });

  app.get(
    ROUTES.profileVerify.pattern,
    {
      preValidation: publicBecause('the link’s signed token is the credential'),
      schema: { params: paramsOf(ROUTES.profileVerify, { token: verificationToken }) },
    },
    async (request, reply) => {
      const { token } = request.params;
      const verified = token !== null && (await verifyEmailWithToken(app.db, token));
      if (!verified) throw gone();
      reply.notify(AUTH_NOTICES.emailVerified);
      return reply.redirect('/');
    },
  );
};

async function sendVerificationIfDue(
  request: FastifyRequest,
  viewer: Viewer & { id: number },
): Promise<{ message: string; type: 'success' | 'info' | 'warning' }> {
  if (!viewer.email) return { message: AUTH_NOTICES.emailMissing, type: 'warning' };
  if (viewer.emailVerified) return { message: AUTH_NOTICES.alreadyVerified, type: 'info' };
  const email = viewer.email;
  const queued = await request.server.db.transaction((tx) => queueVerificationMail(tx, request.server.config, { id: viewer.id, name: viewer.name, email }));
  if (!queued) return { message: AUTH_NOTICES.verificationRecentlySent, type: 'info' };
  return { message: AUTH_NOTICES.verificationSent, type: 'success' };
}

/**
 * Issues a token and queues the e-mail with its link, in the caller's transaction (so the mail exists exactly when the
 * token does); false when one was issued less than a minute ago, unless `ignoreCooldown` (a new address). An address
 * another account holds verified gets no mail, since its link could never verify it; the token and the answer are the
 * same as for any address, so the answer never says whether someone has an account.
 */
export async function queueVerificationMail(
  tx: Transaction,
  config: Pick<AppConfig, 'APP_URL' | 'APP_NAME'>,
  user: { id: number; name: string; email: string },
  options: { now?: Date; ignoreCooldown?: boolean } = {},
): Promise<boolean> {
  const token = await issueVerificationToken(tx, user.id, options.now, options.ignoreCooldown);
  if (!token) return false;
  if (await isVerifiedByAnother(tx, user.email, user.id)) return true;
  const link = absoluteUrl(config.APP_URL, ROUTES.profileVerify.path({ token }));
  await queueMail(tx, verificationMail({ to: user.email, name: user.name, appName: config.APP_NAME, link, validForDays: VERIFICATION_LINK_VALID_DAYS }));
  return true;
}

/**
 * A new random token whose SHA-256 replaces any earlier one; null when one was
 * issued less than a minute ago. Only the hash is stored.
 */
export async function issueVerificationToken(tx: Transaction, userId: number, now: Date = new Date(), ignoreCooldown = false): Promise<string | null> {
  if (ignoreCooldown) return storeNewToken(tx, userId, now);
  const [user] = await tx.select({ sentAt: users.emailVerificationSentAt }).from(users).where(eq(users.id, userId)).for('update');
  if (user?.sentAt && now.getTime() - user.sentAt.getTime() < VERIFICATION_RESEND_COOLDOWN_MS) return null;
  return storeNewToken(tx, userId, now);
}

async function storeNewToken(tx: Transaction, userId: number, now: Date): Promise<string> {
  const token = randomBytes(32).toString('base64url');
  await tx
    .update(users)
    .set({ emailVerificationTokenHash: sha256(token), emailVerificationSentAt: now })
    .where(eq(users.id, userId));
  return token;
}

/**
 * Marks the address verified when the token is the latest one issued and still fresh, and no other account holds that
 * address verified; other accounts' unverified claims on it are dropped (`verifyCurrentEmail`).
 */
export async function verifyEmailWithToken(db: Database, token: string, now: Date = new Date()): Promise<boolean> {
  const oldestValid = new Date(now.getTime() - VERIFICATION_LINK_VALID_DAYS * DAY_MS);
  const tokenIsValid = and(eq(users.emailVerificationTokenHash, sha256(token)), gt(users.emailVerificationSentAt, oldestValid))!;
  return db.transaction(async (tx) => {
    const [user] = await tx.select({ id: users.id, email: users.email }).from(users).where(tokenIsValid).limit(1);
    if (!user?.email) return false;
    const email = user.email.toLowerCase();
    await lockEmailAddress(tx, email);
    return verifyCurrentEmail(tx, user.id, email, now, tokenIsValid);
  });
}

/**
 * Serialises the writers that settle who holds `email` verified (sign-in, verification links) before they touch any
 * user row, so two of them for one address queue instead of deadlocking between row locks and the unique index.
 */
export async function lockEmailAddress(tx: Transaction, email: string): Promise<void> {
  await takeWritersLock(tx, `users.verified_email:${email.toLowerCase()}`);
}

/**
 * Marks the user's address verified when it is `email` (lower case) and not yet verified, unless another account
 * holds it verified (it stays theirs); then every other account's unverified claim on it is dropped, with its pending
 * link, so a typed address never outlives its proven owner. `condition` narrows the user row further (the token).
 * Run under `lockEmailAddress(email)`.
 */
export async function verifyCurrentEmail(tx: Transaction, userId: number, email: string, now: Date, condition?: SQL): Promise<boolean> {
  if (await isVerifiedByAnother(tx, email, userId)) return false;
  const verified = await tx
    .update(users)
    .set({ emailVerifiedAt: now, emailVerificationTokenHash: null })
    .where(and(eq(users.id, userId), isNull(users.emailVerifiedAt), sql`lower(${users.email}) = ${email}`, condition))
    .returning({ id: users.id });
  if (verified.length === 0) return false;
  await tx
    .update(users)
    .set({ email: null, emailVerificationTokenHash: null, updatedAt: now })
    .where(and(sql`lower(${users.email}) = ${email}`, isNull(users.emailVerifiedAt), ne(users.id, userId)));
  return true;
}

/**
 * SQL over `users`: the address when verified, else null, as for a user without one: an address merely typed is a
 * claim, never shown to others as someone's (docs/decisions/access.md "Who holds an e-mail address").
 */
export const verifiedEmail = sql<string | null>`case when ${users.emailVerifiedAt} is not null then ${users.email} end`;

/** The account holding this address verified (any letter case), if any: the only one it signs in, links or reaches. */
export async function userIdWithVerifiedEmail(db: Database, email: string): Promise<number | null> {
  const [user] = await db
    .select({ id: users.id })
    .from(users)
    .where(and(sql`lower(${users.email}) = lower(${email})`, sql`${users.emailVerifiedAt} is not null`))
    .limit(1);
  return user?.id ?? null;
}

/**
 * Whether an account other than `userId` holds this address verified (any letter case): only then is it someone
 * else's. Unverified claims never count, so no answer built on this says that someone merely typed the address.
 */
export async function isVerifiedByAnother(db: Database, email: string, userId: number): Promise<boolean> {
  const holder = await userIdWithVerifiedEmail(db, email);
  return holder !== null && holder !== userId;
}

function sha256(value: string): string {
  return createHash('sha256').update(value).digest('hex');
}
