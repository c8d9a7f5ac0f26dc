/**
 * PATCH /user/{ref}: one field at a time, as PATCH /i/{ref}. Invalid values come back as an error under the field
 * and change nothing; fields the policy keeps from this viewer answer 403.
 */
import { eq } from 'drizzle-orm';
import { z } from 'zod';
import { USER_ERRORS, USER_FLAG_FIELDS, USER_TYPE_FIELD, type UserField, type UserFlagField } from '../../../shared/users';
import { canChangeUserType, canEditUser, canSetUserFlag, canSetUserType, type Viewer } from '../../access/policy';
import type { Database } from '../../db/client';
import { users } from '../../db/schema';
import { forbidden } from '../../lib/http-errors';
import { fieldRefused, fieldRules, type FieldName, type FieldSaveResult } from '../../lib/single-field';
import { INT4_MAX } from '../../lib/validation';
import { findUserType, type ManagedUser } from './queries';
import { isVerifiedByAnother } from '../../auth/verification';

const NAME_MAX = 200;
const EMAIL_MAX = 320;
const PHONE_MAX = 40;

const text = (max: number) =>
  z
    .string({ error: USER_ERRORS.text })
    .trim()
    .max(max, { error: USER_ERRORS.tooLong(max) });
const optionalText = (max: number) => z.union([z.null().transform(() => ''), text(max)]).transform((value) => (value === '' ? null : value));

/** Booleans as JSON sends them, or as a select or form sends them. */
const flagValue = z.union([z.boolean(), z.enum(['true', 'false', '1', '0']).transform((value) => value === 'true' || value === '1')], {
  error: USER_ERRORS.boolean,
});

const userType = { error: USER_ERRORS.userType };
const userTypeId = z
  .union([z.number(), z.string().trim().regex(/^\d+$/).transform(Number)], userType)
  .pipe(z.number(userType).int(userType).min(1, userType).max(INT4_MAX, userType));

/** The fields PATCH /user/{ref} changes, one a request. */
export const USER_FIELD_RULES = fieldRules(
  {
    name: text(NAME_MAX).min(1, { error: USER_ERRORS.nameRequired }),
    email: optionalText(EMAIL_MAX).pipe(z.email({ error: USER_ERRORS.email }).nullable()),
    phone: optionalText(PHONE_MAX),
    admin: flagValue,
    superadmin: flagValue,
    manager: flagValue,
    manage_users: flagValue,
    [USER_TYPE_FIELD]: userTypeId,
  } satisfies Record<UserField, z.ZodType>,
  'Send exactly one field of the user to save.',
);

const isFlagField = (name: string): name is UserFlagField => (USER_FLAG_FIELDS as readonly string[]).includes(name);

const FLAG_COLUMNS = { admin: 'admin', superadmin: 'superadmin', manager: 'manager', manage_users: 'manageUsers' } as const;

/** Saves the field `USER_FIELD_RULES.pick` found; the caller has found the user, this checks the policy for the field. */
export async function updateUserField(
  db: Database,
  viewer: Viewer,
  user: ManagedUser,
  name: FieldName<typeof USER_FIELD_RULES.rules>,
  input: unknown,
): Promise<FieldSaveResult> {
  if (!canEditUser(viewer, user)) throw forbidden();
  if (isFlagField(name) && !canSetUserFlag(viewer, user, name)) throw forbidden();
  const field = USER_FIELD_RULES.check(name, input);
  if (!field.ok) return field;
  if (field.name === USER_TYPE_FIELD) return changeUserType(db, viewer, user, field.value);
  if (field.name === 'email') return changeEmail(db, user, field.value);
  const column = isFlagField(field.name) ? FLAG_COLUMNS[field.name] : field.name;
  await db.transaction((tx) =>
    tx
      .update(users)
      .set({ [column]: field.value })
      .where(eq(users.id, user.id)),
  );
  return { ok: true };
}

async function changeUserType(db: Database, viewer: Viewer, user: ManagedUser, typeId: number): Promise<FieldSaveResult> {
  const type = await findUserType(db, typeId);
  if (!type) return fieldRefused(USER_TYPE_FIELD, USER_ERRORS.userType);
  if (!canChangeUserType(viewer, user)) return fieldRefused(USER_TYPE_FIELD, USER_ERRORS.ownUserType);
  if (!canSetUserType(viewer, type)) return fieldRefused(USER_TYPE_FIELD, USER_ERRORS.userTypeAboveOwnLevel);
  await db.transaction((tx) => tx.update(users).set({ userTypeId: type.id }).where(eq(users.id, user.id)));
  return { ok: true };
}

/** A new address is not verified yet: the user confirms it as at sign-up. */
async function changeEmail(db: Database, user: ManagedUser, email: string | null): Promise<FieldSaveResult> {
  if ((email ?? '').toLowerCase() === (user.email ?? '').toLowerCase() && email !== null) {
    await db.update(users).set({ email }).where(eq(users.id, user.id));
    return { ok: true };
  }
  // Taken only when another account holds it verified: a mere claim elsewhere neither stops a user manager nor shows
  // (the address set here is unverified; proving it by the link drops the other claims, verifyCurrentEmail).
  if (email !== null && (await isVerifiedByAnother(db, email, user.id))) return fieldRefused('email', USER_ERRORS.emailTaken);
  await db.update(users).set({ email, emailVerifiedAt: null, emailVerificationTokenHash: null, emailVerificationSentAt: null }).where(eq(users.id, user.id));
  return { ok: true };
}
