/** Request shapes of the affirmation routes (POST /admin/affirmation and the inline PATCH). */
import { z } from 'zod';
import { AFFIRMATION_FIELDS, AFFIRMATION_MESSAGES, AFFIRMATION_TITLE_MAX, type AffirmationField } from '../../../shared/admin';
import { formBody } from '../../lib/validation';
import { booleanInput, trimmed } from '../../lib/form-input';
import { fieldRules } from '../../lib/single-field';

const title = z.preprocess(
  trimmed,
  z
    .string({ error: AFFIRMATION_MESSAGES.titleRequired })
    .min(1, { error: AFFIRMATION_MESSAGES.titleRequired })
    .max(AFFIRMATION_TITLE_MAX, { error: AFFIRMATION_MESSAGES.titleTooLong }),
);
const isNegative = z.preprocess(booleanInput, z.boolean({ error: AFFIRMATION_MESSAGES.negativeInvalid }));

/** POST /admin/affirmation: title, is_negative. */
export const createAffirmationBody = formBody({ title, is_negative: isNegative.default(false) });

/** PATCH /admin/affirmation/{ref}: exactly one of the fields. */
export const AFFIRMATION_FIELD_RULES = fieldRules(
  { title, is_negative: isNegative } satisfies Record<AffirmationField, z.ZodType>,
  `Send exactly one of ${AFFIRMATION_FIELDS.join(', ')}.`,
);
