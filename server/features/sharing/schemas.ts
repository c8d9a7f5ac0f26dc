/** Request shapes of sharing (member-library §5 Share form, §7 POST {current page path}/share, checkAccessEmail). */
import { z } from 'zod';
import { MIN_SHARE_LEVEL, SHARE_MESSAGES, SHARE_VALIDITY_OPTIONS, type ShareValidity } from '../../../shared/sharing';

export const refParams = z.object({ ref: z.string() });

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

/** The Share form's body; `maxLevel` is the viewer's own (policy.maxShareLevel), never exceeded. */
export function shareBody(maxLevel: number) {
  const levelMessage = SHARE_MESSAGES.level(maxLevel);
  return z.object({
    level: z.preprocess(numberFromText, z.number({ error: levelMessage }).int({ error: levelMessage }).min(MIN_SHARE_LEVEL, { error: levelMessage }).max(maxLevel, { error: levelMessage })),
    email,
    daysValidity: z.preprocess(
      validityInput,
      z.custom<ShareValidity>((value) => (SHARE_VALIDITY_OPTIONS as readonly unknown[]).includes(value), { error: SHARE_MESSAGES.daysValidity }),
    ),
  });
}
export type ShareBody = z.infer<ReturnType<typeof shareBody>>;

/** The address of a check-access visit; anything that is not an address is ignored. */
export const checkAccessEmail = z.preprocess((input) => (typeof input === 'string' ? input.trim().toLowerCase() : input), z.email().max(320));

export const shareListQuery = z.object({
  page: z.preprocess(numberFromText, z.number().int().min(1).max(100_000)).catch(1).default(1),
});

export { fieldErrors } from '../../lib/validation';
