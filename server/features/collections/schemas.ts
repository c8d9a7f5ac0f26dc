/** Request shapes of the collection routes, Add to Collection's POST /collection/{collection}/item/{ref} too. */
import { z } from 'zod';
import { booleanInput, trimmed } from '../../lib/form-input';
import { fieldRules } from '../../lib/single-field';
import { formBody, ref } from '../../lib/validation';
import {
  COLLECTION_DESCRIPTION_MAX,
  type COLLECTION_FIELDS,
  COLLECTION_MESSAGES,
  COLLECTION_NOTE_MAX,
  COLLECTION_SECTION_MAX,
  COLLECTION_TITLE_MAX,
} from '../../../shared/collections';

/** Higher positions only ever mean "last": the entries are re-numbered 0..n-1 when one moves. */
const POSITION_MAX = 100_000;

/**
 * The `collection` of POST /collection/{collection}/item/{ref}. No collection chosen (an empty segment) or a segment
 * that is not a ref names no collection (null): the route answers that under the `collection` field, not with a 404.
 */
export const chosenCollectionRef = ref.nullable().catch(null);

const title = z.preprocess(
  trimmed,
  z
    .string({ error: COLLECTION_MESSAGES.titleRequired })
    .min(1, { error: COLLECTION_MESSAGES.titleRequired })
    .max(COLLECTION_TITLE_MAX, { error: COLLECTION_MESSAGES.titleTooLong }),
);
const description = z.preprocess(
  trimmed,
  z.string({ error: COLLECTION_MESSAGES.descriptionTooLong }).max(COLLECTION_DESCRIPTION_MAX, { error: COLLECTION_MESSAGES.descriptionTooLong }),
);
const isPublic = z.preprocess(booleanInput, z.boolean({ error: COLLECTION_MESSAGES.publicInvalid }));
/** Where the answer goes is no field of the form: anything but a true value means the usual, opening the collection. */
const stay = z.preprocess(booleanInput, z.boolean()).catch(false);
const note = z.preprocess(trimmed, z.string({ error: COLLECTION_MESSAGES.noteTooLong }).max(COLLECTION_NOTE_MAX, { error: COLLECTION_MESSAGES.noteTooLong }));
const section = z.preprocess(
  trimmed,
  z.string({ error: COLLECTION_MESSAGES.sectionTooLong }).max(COLLECTION_SECTION_MAX, { error: COLLECTION_MESSAGES.sectionTooLong }),
);
const position = z.preprocess(
  (input) => (typeof input === 'string' && /^\d+$/.test(input.trim()) ? Number(input) : input),
  z
    .number({ error: COLLECTION_MESSAGES.positionInvalid })
    .int({ error: COLLECTION_MESSAGES.positionInvalid })
    .min(0, { error: COLLECTION_MESSAGES.positionInvalid })
    .max(POSITION_MAX, { error: COLLECTION_MESSAGES.positionInvalid }),
);

/**
 * POST /collection: title, description, public; `stay` (Add to Collection's "+ New collection") answers back on the
 * page the form was on instead of opening the new collection.
 */
export const createCollectionBody = formBody({
  title,
  description: description.default(''),
  public: isPublic.default(false),
  stay,
});

/**
 * PATCH /collection/{ref}: one of title, description, public. The route picks it in `preValidation` (400 for any other
 * body) and its schema (`.body`) checks the value.
 */
export const COLLECTION_FIELD_RULES = fieldRules(
  { title, description, public: isPublic } satisfies Record<(typeof COLLECTION_FIELDS)[number], z.ZodType>,
  'Send exactly one of title, description or public.',
);

/** POST /collection/{collection}/item/{ref}: note and section, both optional. */
export const addItemBody = formBody({
  note: note.default(''),
  section: section.default(''),
});

/** PATCH /collection_item/{ref}: section and position (a drag), or note and section (the entry's editor). */
export const entryBody = formBody({ note: note.optional(), section: section.optional(), position: position.optional() }).refine(
  (body) => body.note !== undefined || body.section !== undefined || body.position !== undefined,
  { error: 'Send the note, section or position to change.' },
);
