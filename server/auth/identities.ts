import { and, eq } from 'drizzle-orm';
import { LOGIN_PROVIDER_LABELS, type LoginProvider } from '../../shared/enums';
import { DELETE_ACCOUNT_MESSAGES } from '../../shared/account-deletion';
import type { AppConfig } from '../config';
import type { Database, Transaction } from '../db/client';
import { identities, users } from '../db/schema';
import { signInFromTrash, type TrashedPersonSignIn } from '../features/trash';
import { newcomerUserType, userTypeById, userTypeTitled, type Queryable } from './user-types';
import { lockEmailAddress, userIdWithVerifiedEmail, verifyCurrentEmail } from './verification';

/** What a sign-in provider told us about the person. */
export interface ProviderProfile {
  provider: LoginProvider;
  subject: string;
  email: string | null;
  emailVerified: boolean;
  name: string | null;
}

export type OrganisationConfig = Pick<AppConfig, 'ORGANISATION_GOOGLE_DOMAINS' | 'ORGANISATION_USER_TYPE'>;

export interface SignInOutcome {
  userId: number;
  /**
   * How the user was found: an existing identity, a user with the same verified e-mail, an account its person deleted
   * and now brings back from the trash (by either), or a new account.
   */
  via: 'identity' | 'verified-email' | 'restored' | 'new-user';
}

/**
 * A sign-in that names a person in the trash who cannot come back by signing in: nothing was changed. Its message is
 * what the person is told.
 */
export class SignInRefused extends Error {
  constructor(readonly reason: Exclude<TrashedPersonSignIn['outcome'], 'restored'>) {
    super(reason === 'deleted-by-admin' ? DELETE_ACCOUNT_MESSAGES.deletedByAdmin : DELETE_ACCOUNT_MESSAGES.notRestorable);
    this.name = 'SignInRefused';
  }
}

/**
 * The user a provider profile signs in as, in one transaction: the linked identity's user; else the user who holds
 * the provider's verified e-mail verified (the identity is linked to it); else a new user of the lowest signed-in type.
 * A person in the trash whom the identity, or else the verified e-mail, names comes back when they deleted their own
 * account, and is refused (`SignInRefused`) when an admin deleted them: a live account's identity or address wins.
 * An address merely typed on another account never captures a sign-in: the provider's proof settles it for the
 * account signing in, and the other account's unverified claim is dropped. Organisation Google accounts raise the
 * account they sign in to the organisation's user type, never lower it.
 */
export async function findOrCreateUserFromProfile(db: Database, config: OrganisationConfig, input: ProviderProfile): Promise<SignInOutcome> {
  const profile = normalised(input);
  return db.transaction(async (tx) => {
    if (profile.emailVerified && profile.email) await lockEmailAddress(tx, profile.email);
    const outcome =
      (await viaIdentity(tx, profile)) ??
      (await viaTrash(tx, profile, 'identity')) ??
      (await viaVerifiedEmail(tx, profile)) ??
      (await viaTrash(tx, profile, 'verified-email')) ??
      (await viaNewUser(tx, profile));
    if (profile.emailVerified && profile.email) await verifyCurrentEmail(tx, outcome.userId, profile.email, new Date());
    await raiseOrganisationAccount(tx, config, outcome.userId, profile);
    await tx.update(users).set({ loginUsing: profile.provider }).where(eq(users.id, outcome.userId));
    return outcome;
  });
}

export function isOrganisationAccount(config: OrganisationConfig, profile: ProviderProfile): boolean {
  if (profile.provider !== 'google' || !profile.emailVerified || !profile.email) return false;
  const domain = profile.email.slice(profile.email.lastIndexOf('@') + 1).toLowerCase();
  return config.ORGANISATION_GOOGLE_DOMAINS.includes(domain);
}

function normalised(profile: ProviderProfile): ProviderProfile {
  const email = profile.email?.trim().toLowerCase() || null;
  return { ...profile, email, emailVerified: profile.emailVerified && email !== null, name: profile.name?.trim() || null };
}

async function viaIdentity(tx: Queryable, profile: ProviderProfile): Promise<SignInOutcome | null> {
  const [identity] = await tx
    .update(identities)
    .set({ email: profile.email, emailVerified: profile.emailVerified, lastUsedAt: new Date() })
    .where(and(eq(identities.provider, profile.provider), eq(identities.subject, profile.subject)))
    .returning({ userId: identities.userId });
  return identity ? { userId: identity.userId, via: 'identity' } : null;
}

async function viaTrash(tx: Transaction, profile: ProviderProfile, by: 'identity' | 'verified-email'): Promise<SignInOutcome | null> {
  if (by === 'verified-email' && !(profile.emailVerified && profile.email)) return null;
  const key = by === 'identity' ? { identity: { provider: profile.provider, subject: profile.subject } } : { verifiedEmail: profile.email! };
  const found = await signInFromTrash(tx, key);
  if (!found) return null;
  if (found.outcome !== 'restored') throw new SignInRefused(found.outcome);
  // Their sign-in accounts came back with them; one named only by the address is linked as a verified e-mail's is.
  if (by === 'identity') return { userId: (await viaIdentity(tx, profile))?.userId ?? found.userId, via: 'restored' };
  await linkIdentity(tx, found.userId, profile);
  return { userId: found.userId, via: 'restored' };
}

async function viaVerifiedEmail(tx: Database, profile: ProviderProfile): Promise<SignInOutcome | null> {
  if (!profile.emailVerified || !profile.email) return null;
  const userId = await userIdWithVerifiedEmail(tx, profile.email);
  if (userId === null) return null;
  await linkIdentity(tx, userId, profile);
  return { userId, via: 'verified-email' };
}

/** The new user keeps the provider's address unverified until `verifyCurrentEmail`, unless another account holds it verified. */
async function viaNewUser(tx: Database, profile: ProviderProfile): Promise<SignInOutcome> {
  const userType = await newcomerUserType(tx);
  const email = profile.email && (await userIdWithVerifiedEmail(tx, profile.email)) === null ? profile.email : null;
  const [user] = await tx
    .insert(users)
    .values({ name: displayName(profile).slice(0, 200), email, userTypeId: userType.id })
    .returning({ id: users.id });
  await linkIdentity(tx, user.id, profile);
  return { userId: user.id, via: 'new-user' };
}

async function linkIdentity(tx: Queryable, userId: number, profile: ProviderProfile): Promise<void> {
  await tx.insert(identities).values({
    userId,
    provider: profile.provider,
    subject: profile.subject,
    email: profile.email,
    emailVerified: profile.emailVerified,
    lastUsedAt: new Date(),
  });
}

async function raiseOrganisationAccount(tx: Queryable, config: OrganisationConfig, userId: number, profile: ProviderProfile): Promise<void> {
  if (!isOrganisationAccount(config, profile)) return;
  const organisationType = await userTypeTitled(tx, config.ORGANISATION_USER_TYPE);
  if (!organisationType) return;
  const [user] = await tx.select({ userTypeId: users.userTypeId }).from(users).where(eq(users.id, userId)).limit(1);
  const currentType = await userTypeById(tx, user.userTypeId);
  if (currentType && currentType.level >= organisationType.level) return;
  await tx.update(users).set({ userTypeId: organisationType.id }).where(eq(users.id, userId));
}

function displayName(profile: ProviderProfile): string {
  if (profile.name) return profile.name;
  if (profile.email) return profile.email.slice(0, profile.email.indexOf('@'));
  return `${LOGIN_PROVIDER_LABELS[profile.provider]} user`;
}
