import { and, eq, isNull, sql } from 'drizzle-orm';
import { LOGIN_PROVIDER_LABELS, type LoginProvider } from '../../shared/enums';
import type { AppConfig } from '../config';
import type { Database } from '../db/client';
import { identities, users } from '../db/schema';
import { newcomerUserType, userTypeById, userTypeTitled, type Queryable } from './user-types';

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
  /** How the user was found: an existing identity, a user with the same verified e-mail, or a new account. */
  via: 'identity' | 'verified-email' | 'new-user';
}

/**
 * The user a provider profile signs in as, in one transaction: the linked identity's
 * user; else the user with the same verified e-mail (the identity is linked to it);
 * else a new user of the lowest signed-in type. Organisation Google accounts are
 * raised to the organisation's user type, never lowered.
 */
export async function findOrCreateUserFromProfile(db: Database, config: OrganisationConfig, input: ProviderProfile): Promise<SignInOutcome> {
  const profile = normalised(input);
  return db.transaction(async (tx) => {
    const outcome = (await viaIdentity(tx, profile)) ?? (await viaVerifiedEmail(tx, profile)) ?? (await viaNewUser(tx, profile));
    await confirmEmailIfProven(tx, outcome.userId, profile);
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

async function viaVerifiedEmail(tx: Queryable, profile: ProviderProfile): Promise<SignInOutcome | null> {
  if (!profile.emailVerified || !profile.email) return null;
  const user = await userWithEmail(tx, profile.email);
  if (!user) return null;
  await linkIdentity(tx, user.id, profile);
  return { userId: user.id, via: 'verified-email' };
}

async function viaNewUser(tx: Queryable, profile: ProviderProfile): Promise<SignInOutcome> {
  const userType = await newcomerUserType(tx);
  // An e-mail another account already holds stays with that account (it was not proven here).
  const email = profile.email && !(await userWithEmail(tx, profile.email)) ? profile.email : null;
  const [user] = await tx
    .insert(users)
    .values({
      name: displayName(profile).slice(0, 200),
      email,
      emailVerifiedAt: email && profile.emailVerified ? new Date() : null,
      userTypeId: userType.id,
    })
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

async function userWithEmail(tx: Queryable, email: string): Promise<{ id: number } | null> {
  const [user] = await tx.select({ id: users.id }).from(users).where(sql`lower(${users.email}) = ${email}`).limit(1);
  return user ?? null;
}

/** A provider vouching for the address the user already has counts as verifying it. */
async function confirmEmailIfProven(tx: Queryable, userId: number, profile: ProviderProfile): Promise<void> {
  if (!profile.emailVerified || !profile.email) return;
  await tx
    .update(users)
    .set({ emailVerifiedAt: new Date(), emailVerificationTokenHash: null })
    .where(and(eq(users.id, userId), isNull(users.emailVerifiedAt), sql`lower(${users.email}) = ${profile.email}`));
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
