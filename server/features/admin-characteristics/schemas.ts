/** Request shapes of the characteristic routes (POST /admin/characteristic and the inline PATCH). */
import { z } from 'zod';
import {
  CHARACTERISTIC_FIELDS,
  CHARACTERISTIC_FORMAT_KEYS,
  CHARACTERISTIC_MESSAGES,
  CHARACTERISTIC_TITLE_MAX,
  CHARACTERISTIC_USAGE_NOTE_MAX,
  type CharacteristicField,
} from '../../../shared/admin';
import type { CharacteristicFormat } from '../../../shared/enums';
import { formBody } from '../../lib/validation';
import { booleanInput, trimmed } from '../../lib/form-input';
import { fieldRules } from '../../lib/single-field';
import { wholeNumber } from '../item-editing';

const title = z.preprocess(
  trimmed,
  z
    .string({ error: CHARACTERISTIC_MESSAGES.titleRequired })
    .min(1, { error: CHARACTERISTIC_MESSAGES.titleRequired })
    .max(CHARACTERISTIC_TITLE_MAX, { error: CHARACTERISTIC_MESSAGES.titleTooLong }),
);
const usageNote = z.preprocess(
  (input) => (input === null ? '' : trimmed(input)),
  z.string({ error: CHARACTERISTIC_MESSAGES.usageNoteTooLong }).max(CHARACTERISTIC_USAGE_NOTE_MAX, { error: CHARACTERISTIC_MESSAGES.usageNoteTooLong }),
);
const format = z.enum(CHARACTERISTIC_FORMAT_KEYS as [CharacteristicFormat, ...CharacteristicFormat[]], { error: CHARACTERISTIC_MESSAGES.formatInvalid });
const isPublic = z.preprocess(booleanInput, z.boolean({ error: CHARACTERISTIC_MESSAGES.publicInvalid }));
/** Fits the column (a 32-bit integer); empty means no minimum. */
const INTEGER_LIMIT = 2_147_483_647;
const minimum = z.preprocess(
  (input) => (input === null || (typeof input === 'string' && input.trim() === '') ? null : input),
  wholeNumber(CHARACTERISTIC_MESSAGES.minimumInvalid)
    .refine((number) => Math.abs(number) <= INTEGER_LIMIT, CHARACTERISTIC_MESSAGES.minimumInvalid)
    .nullable(),
);

/** POST /admin/characteristic: title, usage_note, format, public. */
export const createCharacteristicBody = formBody({
  title,
  usage_note: usageNote.default(''),
  format,
  public: isPublic.default(false),
});

/** PATCH /admin/characteristic/{ref}: exactly one of the fields (and the format's confirmation beside it, which the route takes off first). */
export const CHARACTERISTIC_FIELD_RULES = fieldRules(
  { title, usage_note: usageNote, format, minimum, public: isPublic } satisfies Record<CharacteristicField, z.ZodType>,
  `Send exactly one of ${CHARACTERISTIC_FIELDS.join(', ')}.`,
);
