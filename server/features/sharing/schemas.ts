/** Request shapes of sharing (POST {current page path}/share, and the checkAccessEmail query). */
import { z } from 'zod';
import { LEVEL } from '../../../shared/levels';
import { CONFIRM_EMAIL_FIELD, SHARE_MESSAGES, SHARE_VALIDITY_OPTIONS, type ShareValidity } from '../../../shared/sharing';
import { formBody } from '../../lib/validation';

/** Form posts send numbers as text, Inertia as numbers: both are accepted. */
const numberFromText = (input: unknown) => (typeof input === 'string' && /^\d+$/.test(input.trim()) ? Number(input) : input);

/** Forever is null; a form post may send it as an empty value or the word. */
const validityInput = (input: unknown) => {
  if (input === '' || input === 'null' || input === 'forever' || input === 'Forever') return null;
  return numberFromText(input);
};

const email = z.preprocess(
  (input) => (typeof input === 'string' ? input.trim().toLowerCase() : input),
  z.email({ error: SHARE_MESSAGES.email }).max(320, { error: SHARE_MESSAGES.email }),
);

/**
 * The level asked for, null when it is not one of the access levels. The route holds it to the sharer's own
 * (policy.canShareToLevel), and its one message names that maximum, which only the route knows.
 */
const requestedLevel = z.preprocess(numberFromText, z.number().int().min(0).max(LEVEL.ADMIN)).nullable().catch(null);

/** The Share form's body; `confirm_email` repeats the address when the sharer answered "Did you mean …?" with no. */
export const shareBody = formBody({
  level: requestedLevel,
  email,
  [CONFIRM_EMAIL_FIELD]: z
    .preprocess((input) => (typeof input === 'string' ? input.trim().toLowerCase() : input), z.string().max(320))
    .optional()
    .catch(undefined),
  daysValidity: z.preprocess(
    validityInput,
    z.custom<ShareValidity>((value) => (SHARE_VALIDITY_OPTIONS as readonly unknown[]).includes(value), { error: SHARE_MESSAGES.daysValidity }),
  ),
});
export type ShareBody = z.infer<typeof shareBody>;

/** The address of a check-access visit; anything that is not an address is ignored. */
export const checkAccessEmail = z.preprocess((input) => (typeof input === 'string' ? input.trim().toLowerCase() : input), z.email().max(320));
