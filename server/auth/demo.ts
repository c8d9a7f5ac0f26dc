import { publicBecause } from '../access/guards';
import { asc, eq, inArray, sql } from 'drizzle-orm';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { PagePropsMap } from '../../shared/pages';
import type { Database } from '../db/client';
import { users, userTypes } from '../db/schema';
import { DEMO_ACCOUNTS } from '../db/seed/accounts';
import { AUTH_NOTICES, UNKNOWN_DEMO_ACCOUNT } from './messages';
import { DELETE_ACCOUNT_MESSAGES, DEMO_ACCOUNT_DELETED_ROLE } from '../../shared/account-deletion';
import { selfDeletedAddresses, signInFromTrash } from '../features/trash';
import { SignInRefused } from './identities';
import { checkedReturnPath } from './return-to';
import { demoSignInBody, signInQuery } from './schemas';
import { signIn } from './viewer';
import { perMinute } from '../web/rate-limit';

type DemoAccountOption = PagePropsMap['dev/Login']['accounts'][number];

const DEMO_EMAILS = DEMO_ACCOUNTS.map((account) => account.email.toLowerCase());
const lowerEmail = sql`lower(${users.email})`;
/**
 * Unverified claims on an address may repeat (migration 0010), so a demo address stands for the account holding it
 * verified, else the oldest claim (the seeded account), never a later one typed on another account.
 */
const rightfulHolderFirst = [sql`${users.emailVerifiedAt} is null`, asc(users.createdAt), asc(users.id)];

/**
 * Sign in as a seeded demo account without a provider. Registered only when
 * config.demoLogin (never in production), so otherwise both routes are 404s.
 */
/** Signing in as a demo account: registered only where demo sign-in is on, before anyone is signed in. */
const demoSignIn = publicBecause('demo sign-in, where it is on');

export const demoSignInRoutes: FastifyPluginAsyncZod = async (app) => {
  if (!app.config.demoLogin) return;
  const rateLimit = perMinute(app.config.RATE_LIMIT_SIGN_IN_MAX);

  app.get('/dev/login', { preValidation: demoSignIn, schema: { querystring: signInQuery } }, async (request, reply) => {
    const returnTo = checkedReturnPath(request, request.query.return_to);
    return reply.inertia('dev/Login', { accounts: await seededDemoAccounts(app.db), returnTo, title: 'Demo sign-in' });
  });

  app.post('/dev/login', { preValidation: demoSignIn, config: { rateLimit }, schema: { body: demoSignInBody } }, async (request, reply) => {
    const account = await demoAccount(app.db, request.body.email);
    if (account === null) return reply.redirectWithErrors({ email: UNKNOWN_DEMO_ACCOUNT }, '/dev/login');
    if (account instanceof SignInRefused) return reply.redirectWithErrors({ email: account.message }, '/dev/login');
    await signIn(request, account.userId);
    reply.notify(account.restored ? DELETE_ACCOUNT_MESSAGES.restored(request.viewer.name) : AUTH_NOTICES.signedInAs(request.viewer.name));
    // Back to the page signing in started from (a 403 page's Log in), same site only.
    return reply.redirect(checkedReturnPath(request, request.body.return_to) ?? '/', 303);
  });
};

/** The demo accounts that exist in this database, in the seed's order, each shown as its address's rightful holder. */
export async function seededDemoAccounts(db: Database): Promise<DemoAccountOption[]> {
  const rows = await db
    .selectDistinctOn([lowerEmail], {
      email: users.email,
      name: users.name,
      level: userTypes.level,
      admin: users.admin,
      superadmin: users.superadmin,
      manager: users.manager,
      manageUsers: users.manageUsers,
      emailVerifiedAt: users.emailVerifiedAt,
    })
    .from(users)
    .innerJoin(userTypes, eq(userTypes.id, users.userTypeId))
    .where(inArray(lowerEmail, DEMO_EMAILS))
    .orderBy(lowerEmail, ...rightfulHolderFirst);
  const byEmail = new Map(rows.map((row) => [row.email?.toLowerCase(), row]));
  // One who deleted their own account is offered too: signing in brings it back, as a provider's sign-in would.
  const deleted = await selfDeletedAddresses(
    db,
    DEMO_EMAILS.filter((email) => !byEmail.has(email)),
  );
  return DEMO_ACCOUNTS.flatMap((account) => {
    const email = account.email.toLowerCase();
    const row = byEmail.get(email);
    if (row) return [{ email, name: row.name, level: row.level, roles: rolesOf(row) }];
    return deleted.has(email) ? [{ email, name: account.name, level: account.level, roles: [DEMO_ACCOUNT_DELETED_ROLE] }] : [];
  });
}

function rolesOf(user: { admin: boolean; superadmin: boolean; manager: boolean; manageUsers: boolean; emailVerifiedAt: Date | null }): string[] {
  const roles: [boolean, string][] = [
    [user.superadmin, 'Super admin'],
    [user.admin, 'Admin'],
    [user.manager, 'Manager'],
    [user.manageUsers, 'User manager'],
    [user.emailVerifiedAt === null, 'Unverified e-mail'],
  ];
  return roles.filter(([has]) => has).map(([, label]) => label);
}

/**
 * The account a demo address signs in as; one in the trash comes back when its person deleted it, as a provider's
 * sign-in brings it back (identities.ts), and is refused when an admin did.
 */
async function demoAccount(db: Database, email: string): Promise<{ userId: number; restored: boolean } | SignInRefused | null> {
  if (!DEMO_EMAILS.includes(email)) return null;
  const [user] = await db
    .select({ id: users.id })
    .from(users)
    .where(sql`${lowerEmail} = ${email}`)
    .orderBy(...rightfulHolderFirst)
    .limit(1);
  if (user) return { userId: user.id, restored: false };
  const found = await db.transaction((tx) => signInFromTrash(tx, { demoEmail: email }));
  if (!found) return null;
  return found.outcome === 'restored' ? { userId: found.userId, restored: true } : new SignInRefused(found.outcome);
}
