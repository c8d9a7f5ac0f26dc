/** Request shapes of the sign-in, demo sign-in and verification routes. */
import { z } from 'zod';
import { LOGIN_PROVIDERS } from '../../shared/enums';
import { formBody } from '../lib/validation';
import { UNKNOWN_DEMO_ACCOUNT } from './messages';
import { returnToQuery } from './return-to';

/** /auth/{provider}/…: a provider Equip does not know names nothing (404). */
export const loginProvider = z.enum(LOGIN_PROVIDERS);

/** ?return_to= of the login page and of a provider's redirect: one that cannot be read is left out (the Referer is used). */
export const signInQuery = z.object({ return_to: returnToQuery.shape.return_to.catch(undefined) });

/** The provider's answer on /auth/{provider}/callback; one that cannot be read (null) counts as a failed sign-in. */
export const callbackQuery = z
  .object({
    code: z.string().min(1).max(4096).optional(),
    state: z.string().max(1024).optional(),
    error: z.string().max(200).optional(),
  })
  .nullable()
  .catch(null);

/** POST /dev/login: a demo account's address; anything else is not one of them. */
export const demoSignInBody = formBody({
  email: z.string({ error: UNKNOWN_DEMO_ACCOUNT }).trim().toLowerCase().max(320, { error: UNKNOWN_DEMO_ACCOUNT }),
  /** The page to come back to; checked again (same site only) before use, and anything unreadable is left out. */
  return_to: returnToQuery.shape.return_to.catch(undefined),
});

/**
 * The token of /profile/verify/{token}: one that could not have been issued here reads as null, which the route answers
 * as it does a spent or unknown one (410).
 */
export const verificationToken = z
  .string()
  .regex(/^[A-Za-z0-9_-]{43}$/)
  .nullable()
  .catch(null);
