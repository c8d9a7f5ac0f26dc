/**
 * PATCH /user/{ref}: one field at a time, as PATCH /i/{ref}. Invalid values come back as an error under the field
 * and change nothing; fields the policy keeps from this viewer answer 403.
 */
import { eq } from 'drizzle-orm';
import { z } from 'zod';
import { USER_ERRORS, USER_FLAG_FIELDS, USER_TYPE_FIELD, type UserFlagField } from '../../../shared/users';
import { canChangeUserType, canEditUser, canSetUserFlag, canSetUserType, type Viewer } from '../../access/policy';
import type { Database } from '../../db/client';
import { users } from '../../db/schema';
import { forbidden, HttpError } from '../../lib/http-errors';
import { INT4_MAX } from '../../lib/validation';
import { findUserType, type ManagedUser } from './queries';
import { isVerifiedByAnother } from '../../auth/verification';

export type UserFieldResult = { ok: true } | { ok: false; errors: Record<string, string> };

const invalid = (field: string, message: string): UserFieldResult => ({ ok: false, errors: { [field]: message } });

export const BAD_USER_EDIT_REQUEST = 'Send exactly one field of the user to save.';
const NAME_MAX = 200;
const EMAIL_MAX = 320;
const PHONE_MAX = 40;

const text = (max: number) => z.string({ error: USER_ERRORS.text }).trim().max(max, { error: USER_ERRORS.tooLong(max) });
const optionalText = (max: number) => z.union([z.null().transform(() => ''), text(max)]).transform((value) => (value === '' ? null : value));

const fieldSchemas = {
  name: text(NAME_MAX).min(1, { error: USER_ERRORS.nameRequired }),
  email: optionalText(EMAIL_MAX).pipe(z.email({ error: USER_ERRORS.email }).nullable()),
  phone: optionalText(PHONE_MAX),
};

/** Booleans as JSON sends them, or as a select or form sends them. */
const flagValue = z.union([z.boolean(), z.enum(['true', 'false', '1', '0']).transform((value) => value === 'true' || value === '1')], {
  error: USER_ERRORS.boolean,
});

const userTypeId = z.union([z.number(), z.string().trim().regex(/^\d+$/).transform(Number)]).pipe(z.number().int().min(1).max(INT4_MAX));

type TextField = keyof typeof fieldSchemas;
const isTextField = (name: string): name is TextField => Object.hasOwn(fieldSchemas, name);
const isFlagField = (name: string): name is UserFlagField => (USER_FLAG_FIELDS as readonly string[]).includes(name);

const FLAG_COLUMNS = { admin: 'admin', superadmin: 'superadmin', manager: 'manager', manage_users: 'manageUsers' } as const;

/** The one field a PATCH body names; anything else is a malformed request (400). */
export function singleUserField(body: unknown): [name: string, value: unknown] {
  if (typeof body !== 'object' || body === null || Array.isArray(body)) throw new HttpError(400, BAD_USER_EDIT_REQUEST);
  const entries = Object.entries(body);
  if (entries.length !== 1) throw new HttpError(400, BAD_USER_EDIT_REQUEST);
  return entries[0]!;
}

/** Saves one field of a user; the caller has found the user, this checks the policy for the field. */
export async function updateUserField(db: Database, viewer: Viewer, user: ManagedUser, name: string, input: unknown): Promise<UserFieldResult> {
  if (!canEditUser(viewer, user)) throw forbidden();
  if (name === USER_TYPE_FIELD) return changeUserType(db, viewer, user, input);
  if (isFlagField(name)) {
    if (!canSetUserFlag(viewer, user, name)) throw forbidden();
    const parsed = flagValue.safeParse(input);
    if (!parsed.success) return invalid(name, USER_ERRORS.boolean);
    await db.update(users).set({ [FLAG_COLUMNS[name]]: parsed.data }).where(eq(users.id, user.id));
    return { ok: true };
  }
  if (!isTextField(name)) throw new HttpError(400, BAD_USER_EDIT_REQUEST);
  const parsed = fieldSchemas[name].safeParse(input);
  if (!parsed.success) return invalid(name, parsed.error.issues[0]?.message ?? USER_ERRORS.text);
  if (name === 'email') return changeEmail(db, user, parsed.data);
  await db.update(users).set({ [name]: parsed.data }).where(eq(users.id, user.id));
  return { ok: true };
}

async function changeUserType(db: Database, viewer: Viewer, user: ManagedUser, input: unknown): Promise<UserFieldResult> {
  const parsed = userTypeId.safeParse(input);
  const type = parsed.success ? await findUserType(db, parsed.data) : null;
  if (!type) return invalid(USER_TYPE_FIELD, USER_ERRORS.userType);
  if (!canChangeUserType(viewer, user)) return invalid(USER_TYPE_FIELD, USER_ERRORS.ownUserType);
  if (!canSetUserType(viewer, type)) return invalid(USER_TYPE_FIELD, USER_ERRORS.userTypeAboveOwnLevel);
  await db.update(users).set({ userTypeId: type.id }).where(eq(users.id, user.id));
  return { ok: true };
}

/** A new address is not verified yet: the user confirms it as at sign-up. */
async function changeEmail(db: Database, user: ManagedUser, email: string | null): Promise<UserFieldResult> {
  if ((email ?? '').toLowerCase() === (user.email ?? '').toLowerCase() && email !== null) {
    await db.update(users).set({ email }).where(eq(users.id, user.id));
    return { ok: true };
  }
  // Taken only when another account holds it verified: a mere claim elsewhere neither stops a user manager nor shows
  // (the address set here is unverified; proving it by the link drops the other claims, verifyCurrentEmail).
  if (email !== null && (await isVerifiedByAnother(db, email, user.id))) return invalid('email', USER_ERRORS.emailTaken);
  await db
    .update(users)
    .set({ email, emailVerifiedAt: null, emailVerificationTokenHash: null, emailVerificationSentAt: null })
    .where(eq(users.id, user.id));
  return { ok: true };
}
