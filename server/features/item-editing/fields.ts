/**
 * The item fields PATCH /i/{ref} accepts: how each is validated,
 * which column it writes, and who may change it.
 */
import { z } from 'zod';
import { VISIBILITY_VALUES } from '../../../shared/enums';
import { ACCESS_LEVELS } from '../../../shared/levels';
import type { items } from '../../db/schema';
import { REF_PATTERN } from '../../lib/ref';
import { ITEM_EDIT_ERRORS } from './messages';
import * as value from './values';

export type ItemColumns = Partial<typeof items.$inferInsert>;

/** Editors are the maintainer and admins; curation fields are for admins (see the policy module). */
export type FieldAccess = 'editor' | 'curator';

export interface ItemFieldRule {
  access: FieldAccess;
  parse(input: unknown): { ok: true; columns: ItemColumns } | { ok: false; message: string };
}

function field<S extends z.ZodType>(access: FieldAccess, schema: S, columns: (parsed: z.output<S>) => ItemColumns): ItemFieldRule {
  return {
    access,
    parse(input) {
      const result = schema.safeParse(input);
      return result.success ? { ok: true, columns: columns(result.data) } : { ok: false, message: value.firstMessage(result.error) };
    },
  };
}

export const MAX_TITLE = 255;
const MAX_TOPIC = 255;
const MAX_BLURB = 20_000;
const MAX_AUTHORS = 50;
const MAX_AUTHOR = 200;
const MAX_URL = 2048;
const MAX_NOTE = 5000;

const accessLevel = value
  .wholeNumber(ITEM_EDIT_ERRORS.accessLevel)
  .refine((level) => (ACCESS_LEVELS as readonly number[]).includes(level), ITEM_EDIT_ERRORS.accessLevel);
const visibility = value
  .wholeNumber(ITEM_EDIT_ERRORS.visibility)
  .refine((state) => (VISIBILITY_VALUES as readonly number[]).includes(state), ITEM_EDIT_ERRORS.visibility);

export const ITEM_FIELDS = {
  title: field('editor', value.requiredText(MAX_TITLE, ITEM_EDIT_ERRORS.titleRequired), (title) => ({ title })),
  topic: field('editor', value.text(MAX_TOPIC), (topic) => ({ topic })),
  blurb: field('editor', value.text(MAX_BLURB), (blurb) => ({ blurb })),
  authors: field('editor', value.textList(MAX_AUTHORS, MAX_AUTHOR), (authors) => ({ authors })),
  available_external_link: field('editor', value.optionalHttpUrl(MAX_URL), (link) => ({ availableExternalLink: link })),
  initial_publication_year_month: field('editor', value.optionalYearMonth(), (month) => ({ initialPublicationYearMonth: month })),
  last_updated_year_month: field('editor', value.optionalYearMonth(), (month) => ({ lastUpdatedYearMonth: month })),
  show_created_by: field('editor', value.flag(), (shown) => ({ showCreatedBy: shown })),
  minimum_access_level: field('editor', accessLevel, (level) => ({ minimumAccessLevel: level })),
  visibility: field('editor', visibility, (state) => ({ visibility: state })),
  expires_at: field('curator', value.optionalMoment(), (moment) => ({ expiresAt: moment })),
  expires_note: field('curator', value.optionalText(MAX_NOTE), (note) => ({ expiresNote: note })),
  review_after: field('curator', value.optionalDate(), (date) => ({ reviewAfter: date })),
  review: field('curator', value.optionalText(MAX_NOTE), (review) => ({ review })),
  show_as_user_contributed: field('curator', value.flag(), (shown) => ({ showAsUserContributed: shown })),
} satisfies Record<string, ItemFieldRule>;

export type ItemFieldName = keyof typeof ITEM_FIELDS;

export function isItemFieldName(name: string): name is ItemFieldName {
  return Object.hasOwn(ITEM_FIELDS, name);
}

/** The maintainer is named by user ref and resolved against the users table by the service. */
export const MAINTAINER_FIELD = 'created_by_user_ref';
export const maintainerRef = z.string({ error: ITEM_EDIT_ERRORS.unknownUser }).trim().regex(REF_PATTERN, ITEM_EDIT_ERRORS.unknownUser);

/** Characteristic values travel as `characteristic-{ref}`. */
export const CHARACTERISTIC_FIELD_PREFIX = 'characteristic-';

export function characteristicRefOf(fieldName: string): string | null {
  return fieldName.startsWith(CHARACTERISTIC_FIELD_PREFIX) ? fieldName.slice(CHARACTERISTIC_FIELD_PREFIX.length) : null;
}
