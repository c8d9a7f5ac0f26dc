import { z } from 'zod';
import { PROFILE_MESSAGES } from '../../../shared/profile';

/** POST /profile/email: one address, stored trimmed and in lower case (as sign-in stores them). */
export const emailBody = z.object({
  email: z
    .string({ error: PROFILE_MESSAGES.emailInvalid })
    .trim()
    .toLowerCase()
    .max(320, PROFILE_MESSAGES.emailInvalid)
    .pipe(z.email({ error: PROFILE_MESSAGES.emailInvalid })),
});

/** GET /profile?email=1 opens the e-mail prompt; anything else leaves it as the page decides. */
export const profileQuery = z
  .object({ email: z.string().optional().catch(undefined) })
  .catch({ email: undefined })
  .transform((query) => ({ emailPrompt: query.email === '1' }));

export { fieldErrors } from '../../lib/validation';
