import { and, eq, gt, isNull } from 'drizzle-orm';
import { ROUTES } from '../../../shared/routes';
import { invitationRaisesLevel } from '../../access/policy';
import { loadViewer } from '../../auth/viewer';
import type { Database } from '../../db/client';
import { invitations, users, userTypes } from '../../db/schema';
import { newRef } from '../../lib/ref';
import { queueMail } from '../../mail/outbox';
import { invitationMail } from '../../mail/templates/invitation';
import { absoluteUrl } from '../../lib/site-url';
import { invitationState } from './queries';
import { invitationToken, invitationTokenHash, knownInvitationToken } from './tokens';
import { DAY_MS } from '../../../shared/dates';

export interface InvitationSettings {
  linkKey: Buffer;
  validDays: number;
  appUrl: string;
  appName: string;
  /** TIME_ZONE: the e-mail's dates are shown in it. */
  timeZone: string;
}

function expiryFrom(now: Date, settings: InvitationSettings): Date {
  return new Date(now.getTime() + settings.validDays * DAY_MS);
}

/** A new active invitation of the viewer's; its link's secret is derived, so only the hash is stored. */
export async function createInvitation(
  db: Database,
  input: { createdByUserId: number; userTypeId: number; noteToSelf: string },
  settings: InvitationSettings,
  now: Date = new Date(),
): Promise<{ ref: string }> {
  const ref = newRef();
  const expiresAt = expiryFrom(now, settings);
  await db.transaction((tx) =>
    tx.insert(invitations).values({
      ref,
      tokenHash: invitationTokenHash(invitationToken(settings.linkKey, { ref, expiresAt })),
      userTypeId: input.userTypeId,
      noteToSelf: input.noteToSelf,
      createdByUserId: input.createdByUserId,
      createdAt: now,
      expiresAt,
    }),
  );
  return { ref };
}

/** The invitation row, locked until the transaction ends, so concurrent changes wait and then see the result. */
async function lockInvitation(tx: Database, condition: ReturnType<typeof eq>) {
  const [row] = await tx
    .select({
      id: invitations.id,
      ref: invitations.ref,
      tokenHash: invitations.tokenHash,
      sentTo: invitations.sentTo,
      expiresAt: invitations.expiresAt,
      acceptedAt: invitations.acceptedAt,
      declinedAt: invitations.declinedAt,
      userTypeId: invitations.userTypeId,
    })
    .from(invitations)
    .where(condition)
    .for('update');
  return row ?? null;
}

/**
 * E-mails the accept link to each address, in one transaction with adding them to `sent_to`: the mail is queued
 * exactly when the addresses are recorded. An invitation whose stored secret this server did not make (demo data)
 * is given the derived one first, so the link in the e-mail works; its old link stops working.
 */
export async function sendInvitation(
  db: Database,
  input: { invitationId: number; addresses: string[]; fromName: string; userTypeTitle: string },
  settings: InvitationSettings,
  now: Date = new Date(),
): Promise<'sent' | 'not-active'> {
  return db.transaction(async (tx) => {
    const invitation = await lockInvitation(tx, eq(invitations.id, input.invitationId));
    if (!invitation || invitationState(invitation, now) !== 'active') return 'not-active';
    let token = knownInvitationToken(settings.linkKey, invitation);
    if (!token) {
      token = invitationToken(settings.linkKey, invitation);
      await tx
        .update(invitations)
        .set({ tokenHash: invitationTokenHash(token) })
        .where(eq(invitations.id, invitation.id));
    }
    const acceptLink = absoluteUrl(settings.appUrl, ROUTES.invite.path({ token }));
    for (const to of input.addresses) {
      await queueMail(
        tx,
        invitationMail({
          to,
          fromName: input.fromName,
          appName: settings.appName,
          userTypeTitle: input.userTypeTitle,
          acceptLink,
          expiresAt: invitation.expiresAt,
          timeZone: settings.timeZone,
        }),
      );
    }
    const sentTo = [...invitation.sentTo, ...input.addresses.filter((address) => !invitation.sentTo.includes(address))];
    await tx.update(invitations).set({ sentTo }).where(eq(invitations.id, invitation.id));
    return 'sent';
  });
}

/** Only an expired invitation that nobody accepted or declined gets a new expiry, and with it a new link. */
export async function regenerateInvitation(db: Database, invitationId: number, settings: InvitationSettings, now: Date = new Date()): Promise<boolean> {
  return db.transaction(async (tx) => {
    const invitation = await lockInvitation(tx, eq(invitations.id, invitationId));
    if (!invitation || invitationState(invitation, now) !== 'expired') return false;
    const expiresAt = expiryFrom(now, settings);
    const tokenHash = invitationTokenHash(invitationToken(settings.linkKey, { ref: invitation.ref, expiresAt }));
    await tx.update(invitations).set({ expiresAt, tokenHash }).where(eq(invitations.id, invitation.id));
    return true;
  });
}

export type AcceptOutcome = { ok: true; userTypeTitle: string } | { ok: false; reason: 'unknown' | 'expired' | 'accepted' | 'declined' | 'redundant' };

/**
 * Accepts in one transaction with the invitation and the user locked: it must still be active and raise the user's
 * level when the locks are held, so a second accept (by anyone, at the same moment or later) is refused.
 */
export async function acceptInvitation(db: Database, tokenHash: string, userId: number, now: Date = new Date()): Promise<AcceptOutcome> {
  return db.transaction(async (tx) => {
    const invitation = await lockInvitation(tx, eq(invitations.tokenHash, tokenHash));
    if (!invitation) return { ok: false, reason: 'unknown' };
    const state = invitationState(invitation, now);
    if (state !== 'active') return { ok: false, reason: state };
    await tx.select({ id: users.id }).from(users).where(eq(users.id, userId)).for('update');
    const recipient = await loadViewer(tx, userId);
    const [userType] = await tx.select({ level: userTypes.level, title: userTypes.title }).from(userTypes).where(eq(userTypes.id, invitation.userTypeId));
    if (!recipient || !userType || !invitationRaisesLevel(recipient, userType)) return { ok: false, reason: 'redundant' };
    await tx.update(users).set({ userTypeId: invitation.userTypeId }).where(eq(users.id, userId));
    await tx.update(invitations).set({ acceptedByUserId: userId, acceptedAt: now }).where(eq(invitations.id, invitation.id));
    return { ok: true, userTypeTitle: userType.title };
  });
}

/** Declines an invitation that is still active; it can then no longer be accepted. */
export async function declineInvitation(db: Database, invitationId: number, userId: number, now: Date = new Date()): Promise<boolean> {
  const declined = await db.transaction((tx) =>
    tx
      .update(invitations)
      .set({ declinedByUserId: userId, declinedAt: now })
      .where(and(eq(invitations.id, invitationId), isNull(invitations.acceptedAt), isNull(invitations.declinedAt), gt(invitations.expiresAt, now)))
      .returning({ id: invitations.id }),
  );
  return declined.length > 0;
}

export async function deleteInvitation(db: Database, invitationId: number): Promise<void> {
  await db.transaction((tx) => tx.delete(invitations).where(eq(invitations.id, invitationId)));
}
