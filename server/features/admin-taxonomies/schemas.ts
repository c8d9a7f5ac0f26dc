/** Request shapes of the admin taxonomy and tag routes. */
import { z } from 'zod';
import { booleanInput, trimmed } from '../../lib/form-input';
import {
  QUICK_TAG_SEARCH_MAX,
  TAG_LABEL_MAX,
  TAXONOMY_MESSAGES,
  TAXONOMY_TITLE_MAX,
  TAXONOMY_USAGE_NOTE_MAX,
  type TagField,
  type TaxonomyField,
} from '../../../shared/taxonomies-admin';
import { pageQuery } from '../../lib/pagination';
import { fieldRules } from '../../lib/single-field';
import { formBody, listPosition } from '../../lib/validation';

const title = z.preprocess(
  trimmed,
  z
    .string({ error: TAXONOMY_MESSAGES.titleRequired })
    .min(1, { error: TAXONOMY_MESSAGES.titleRequired })
    .max(TAXONOMY_TITLE_MAX, { error: TAXONOMY_MESSAGES.titleTooLong }),
);
const usageNote = z.preprocess(
  trimmed,
  z.string({ error: TAXONOMY_MESSAGES.usageNoteTooLong }).max(TAXONOMY_USAGE_NOTE_MAX, { error: TAXONOMY_MESSAGES.usageNoteTooLong }),
);
const flag = z.preprocess(booleanInput, z.boolean({ error: TAXONOMY_MESSAGES.flagInvalid }));
const label = z.preprocess(
  trimmed,
  z
    .string({ error: TAXONOMY_MESSAGES.labelRequired })
    .min(1, { error: TAXONOMY_MESSAGES.labelRequired })
    .max(TAG_LABEL_MAX, { error: TAXONOMY_MESSAGES.labelTooLong }),
);
/** '' or null means top level. */
const parentRef = z.preprocess(
  (input) => (input === null || input === undefined ? '' : trimmed(input)),
  z.string({ error: TAXONOMY_MESSAGES.parentUnknown }).max(24, { error: TAXONOMY_MESSAGES.parentUnknown }),
);

/** POST /admin/taxonomy: title, usage_note, required, multiselect, public, show_in_filtering. */
export const createTaxonomyBody = formBody({
  title,
  usage_note: usageNote.default(''),
  required: flag.default(false),
  multiselect: flag.default(false),
  public: flag.default(false),
  show_in_filtering: flag.default(false),
});
export type CreateTaxonomyInput = z.infer<typeof createTaxonomyBody>;

const BAD_EDIT_REQUEST = 'Send exactly one field to change.';

/** PATCH /admin/taxonomy/{ref}: exactly one field. */
export const TAXONOMY_FIELD_RULES = fieldRules(
  { title, usage_note: usageNote, required: flag, multiselect: flag, public: flag, show_in_filtering: flag } satisfies Record<TaxonomyField, z.ZodType>,
  BAD_EDIT_REQUEST,
);

/** POST /admin/taxonomy/{ref}/tag: label and an optional parent_ref. */
export const createTagBody = formBody({ label, parent_ref: parentRef.default('') });

/** PATCH /admin/tag/{ref}: exactly one of label, parent_ref, force_show_in_filtering. */
export const TAG_FIELD_RULES = fieldRules(
  { label, parent_ref: parentRef, force_show_in_filtering: flag } satisfies Record<TagField, z.ZodType>,
  BAD_EDIT_REQUEST,
);

/** POST /admin/tag/{ref}/move: the taxonomy, the parent in it ('' = top level), and the place among its children (none = last). */
export const moveTagBody = formBody({
  taxonomy_ref: z.string({ error: TAXONOMY_MESSAGES.taxonomyUnknown }).max(24, { error: TAXONOMY_MESSAGES.taxonomyUnknown }),
  parent_ref: parentRef.default(''),
  position: listPosition.optional(),
});

/** GET /admin/taxonomy/{ref}/item[/all]: page and a title search; junk reads as none. */
export const matrixQuery = pageQuery.extend({
  search: z
    .preprocess((input) => (typeof input === 'string' ? input.trim().slice(0, QUICK_TAG_SEARCH_MAX) : ''), z.string())
    .catch('')
    .default(''),
});
export type MatrixQuery = z.infer<typeof matrixQuery>;
