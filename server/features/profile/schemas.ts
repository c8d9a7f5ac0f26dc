import { z } from 'zod';
import { PROFILE_MESSAGES } from '../../../shared/profile';
import { formBody } from '../../lib/validation';

/** POST /profile/email: one address, stored trimmed and in lower case (as sign-in stores them). */
export const emailBody = formBody({
  email: z
    .string({ error: PROFILE_MESSAGES.emailInvalid })
    .trim()
    .toLowerCase()
    .max(320, PROFILE_MESSAGES.emailInvalid)
    .pipe(z.email({ error: PROFILE_MESSAGES.emailInvalid })),
});

/** GET /profile?email=1 opens the e-mail prompt; anything else leaves it as the page decides. */
export const profileQuery = z.object({ email: z.literal('1').optional().catch(undefined) }).transform((query) => ({ emailPrompt: query.email === '1' }));
