/** Request shapes of the item page's calls, and their validation messages. */
import { z } from 'zod';
import { REF_PATTERN } from '../../lib/ref';
import { formBody } from '../../lib/validation';

export const AFFIRMATION_ERRORS = {
  affirmation: 'Please choose one of the affirmations.',
  value: 'An affirmation is 0 (none), 1 (a thumb) or 2 (strong).',
} as const;

export const RELATION_ERRORS = {
  self: 'An item cannot be related to itself.',
  duplicate: 'These items are already related.',
  unlisted: 'Only admins can relate an unlisted item, because related items are listed on the other item.',
} as const;

/** Form posts send the value as text, Inertia as a number: both are accepted. */
const affirmationValue = z.preprocess(
  (input) => (typeof input === 'string' && /^\d$/.test(input) ? Number(input) : input),
  z.union([z.literal(0), z.literal(1), z.literal(2)], { error: AFFIRMATION_ERRORS.value }),
);

/** POST /i/{ref}/affirmation: the affirmation option's ref and the strength given to it. */
export const affirmationBody = formBody({
  affirmation: z.string({ error: AFFIRMATION_ERRORS.affirmation }).regex(REF_PATTERN, AFFIRMATION_ERRORS.affirmation),
  value: affirmationValue,
});
