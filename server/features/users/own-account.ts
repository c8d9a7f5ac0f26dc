/**
 * Deleting one's own account (docs/decisions/access.md "Deleting an account"): the profile's section, saying first
 * what goes, and DELETE /profile/account, confirmed by typing a word. The account goes to the trash exactly as an
 * admin's delete sends it (`deleteUser`), marked as the person's own doing, and the person is signed out.
 */
import type { FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { and, count, ne, or, sql } from 'drizzle-orm';
import { z } from 'zod';
import {
  DELETE_ACCOUNT_CONFIRMATION_MAX,
  DELETE_ACCOUNT_MESSAGES,
  DELETE_ACCOUNT_URL,
  DELETE_ACCOUNT_WORD,
  type AccountDeletionSection,
} from '../../../shared/account-deletion';
import { describedAs, signedIn, signedInViewer, type SignedInViewer } from '../../access/guards';
import { canDeleteOwnAccount, type OwnAccountFacts } from '../../access/policy';
import { impersonatorOf } from '../../auth/impersonation';
import { signOut } from '../../auth/viewer';
import type { Database } from '../../db/client';
import { users } from '../../db/schema';
import { forbidden } from '../../lib/http-errors';
import { formBody } from '../../lib/validation';
import { deletionImpact } from './deletion-impact';
import { deleteUser, findManagedUser } from './queries';

/** The typed word, in capitals or not, with stray spaces around it. */
const deleteAccountBody = formBody({
  confirmation: z
    .string({ error: DELETE_ACCOUNT_MESSAGES.confirmationWrong })
    .max(DELETE_ACCOUNT_CONFIRMATION_MAX, { error: DELETE_ACCOUNT_MESSAGES.confirmationWrong })
    .refine((typed) => typed.trim().toUpperCase() === DELETE_ACCOUNT_WORD, { error: DELETE_ACCOUNT_MESSAGES.confirmationWrong }),
});

async function ownAccountFacts(db: Database, viewer: SignedInViewer, impersonating: boolean): Promise<OwnAccountFacts> {
  if (!viewer.admin && !viewer.superadmin) return { impersonating, otherSuperadmins: 0, otherAdmins: 0 };
  const [others] = await db
    .select({
      superadmins: sql<number>`count(*) filter (where ${users.superadmin})::integer`,
      admins: count(),
    })
    .from(users)
    .where(and(ne(users.id, viewer.id), or(sql`${users.admin}`, sql`${users.superadmin}`)));
  return { impersonating, otherSuperadmins: Number(others?.superadmins ?? 0), otherAdmins: Number(others?.admins ?? 0) };
}

/** Why the viewer may not delete their account, or null when they may. */
async function refusalFor(db: Database, viewer: SignedInViewer, impersonating: boolean): Promise<string | null> {
  const facts = await ownAccountFacts(db, viewer, impersonating);
  if (canDeleteOwnAccount(viewer, facts)) return null;
  if (facts.impersonating) return DELETE_ACCOUNT_MESSAGES.whileImpersonating;
  return viewer.superadmin && facts.otherSuperadmins === 0 ? DELETE_ACCOUNT_MESSAGES.lastSuperadmin : DELETE_ACCOUNT_MESSAGES.lastAdmin;
}

/** For the profile: what deleting the viewer's account changes, and why it is refused, if it is. */
export async function accountDeletionSection(request: FastifyRequest, viewer: SignedInViewer): Promise<AccountDeletionSection> {
  const { db, config } = request.server;
  const [impact, refusal] = await Promise.all([deletionImpact(db, viewer.id), refusalFor(db, viewer, impersonatorOf(request) !== null)]);
  return { impact, retentionDays: config.TRASH_RETENTION_DAYS, refusal };
}

/** Route option: the viewer's own account, unless the policy refuses it (403 saying why). */
const mayDeleteOwnAccount = describedAs('canDeleteOwnAccount', async (request: FastifyRequest): Promise<void> => {
  const refusal = await refusalFor(request.server.db, signedInViewer(request), impersonatorOf(request) !== null);
  if (refusal) throw forbidden(refusal);
});

export const ownAccountRoutes: FastifyPluginAsyncZod = async (app) => {
  app.delete(DELETE_ACCOUNT_URL, { preValidation: [signedIn, mayDeleteOwnAccount], schema: { body: deleteAccountBody } }, async (request, reply) => {
    const viewer = signedInViewer(request);
    const user = await findManagedUser(app.db, viewer.ref);
    if (!user) throw forbidden();
    await deleteUser(app.db, viewer.id, user, { config: app.config });
    // As signing out: what was saved for offline leaves the device. The session's row went with the account; a fresh
    // one carries the notice.
    reply.header('clear-site-data', '"cache", "storage"');
    await signOut(request);
    reply.notify(DELETE_ACCOUNT_MESSAGES.deleted(app.config.TRASH_RETENTION_DAYS), 'info');
    return reply.redirect('/', 303);
  });
};
