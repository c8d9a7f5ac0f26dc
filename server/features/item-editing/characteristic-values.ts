/**
 * A characteristic's value is stored as text and validated by the characteristic's
 * format (CHARACTERISTIC_FORMATS) and, for integers, its minimum. An empty value removes it from the item.
 */
import type { z } from 'zod';
import { CHARACTERISTIC_FORMATS, type CharacteristicFormat } from '../../../shared/enums';
import { ITEM_EDIT_ERRORS } from './messages';
import * as value from './values';

const MAX_TEXT_VALUE = 2000;
const MAX_URL = 2048;

const storedAs: Record<CharacteristicFormat, z.ZodType<string>> = {
  text: value.requiredText(MAX_TEXT_VALUE, ITEM_EDIT_ERRORS.text),
  integer: value.wholeNumber().transform(String),
  boolean: value.yesNo().transform(String),
  year_month: value.yearMonthText(),
  url: value.requiredText(MAX_URL, ITEM_EDIT_ERRORS.url).refine(value.isHttpUrl, ITEM_EDIT_ERRORS.url),
};

/** What a characteristic's values must satisfy. */
export interface CharacteristicRule {
  format: string;
  minimum: number | null;
}

export type CharacteristicValueResult = { ok: true; value: string | null } | { ok: false; message: string };

export function isCharacteristicFormat(format: string): format is CharacteristicFormat {
  return Object.hasOwn(CHARACTERISTIC_FORMATS, format);
}

function isEmpty(input: unknown): boolean {
  return input === null || input === undefined || (typeof input === 'string' && input.trim() === '');
}

function schemaFor({ format, minimum }: CharacteristicRule): z.ZodType<string> {
  if (format === 'integer' && minimum !== null) {
    return value
      .wholeNumber()
      .refine((number) => number >= minimum, ITEM_EDIT_ERRORS.atLeast(minimum))
      .transform(String);
  }
  // A format outside the known map is kept as free text rather than refused.
  return isCharacteristicFormat(format) ? storedAs[format] : storedAs.text;
}

/** The text to store for `input`, or null when the value is to be removed. */
export function parseCharacteristicValue(rule: CharacteristicRule, input: unknown): CharacteristicValueResult {
  if (isEmpty(input)) return { ok: true, value: null };
  const result = schemaFor(rule).safeParse(input);
  return result.success ? { ok: true, value: result.data } : { ok: false, message: value.firstMessage(result.error) };
}
