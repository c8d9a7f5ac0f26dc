/** Request shapes of the collection routes (admin-curation §7; member-library §7 POST /collection/{collection}/item/{ref}). */
import { z } from 'zod';
import { booleanInput, trimmed } from '../../lib/form-input';
import {
  COLLECTION_DESCRIPTION_MAX,
  COLLECTION_FIELDS,
  COLLECTION_MESSAGES,
  COLLECTION_NOTE_MAX,
  COLLECTION_SECTION_MAX,
  COLLECTION_TITLE_MAX,
  type CollectionField,
} from '../../../shared/collections';

export const refParams = z.object({ ref: z.string() });
export const addItemParams = z.object({ collection: z.string(), ref: z.string() });


const title = z.preprocess(
  trimmed,
  z.string({ error: COLLECTION_MESSAGES.titleRequired }).min(1, { error: COLLECTION_MESSAGES.titleRequired }).max(COLLECTION_TITLE_MAX, { error: COLLECTION_MESSAGES.titleTooLong }),
);
const description = z.preprocess(trimmed, z.string({ error: COLLECTION_MESSAGES.descriptionTooLong }).max(COLLECTION_DESCRIPTION_MAX, { error: COLLECTION_MESSAGES.descriptionTooLong }));
const isPublic = z.preprocess(booleanInput, z.boolean({ error: COLLECTION_MESSAGES.publicInvalid }));
const note = z.preprocess(trimmed, z.string({ error: COLLECTION_MESSAGES.noteTooLong }).max(COLLECTION_NOTE_MAX, { error: COLLECTION_MESSAGES.noteTooLong }));
const section = z.preprocess(trimmed, z.string({ error: COLLECTION_MESSAGES.sectionTooLong }).max(COLLECTION_SECTION_MAX, { error: COLLECTION_MESSAGES.sectionTooLong }));
const position = z.preprocess(
  (input) => (typeof input === 'string' && /^\d+$/.test(input.trim()) ? Number(input) : input),
  z.number({ error: COLLECTION_MESSAGES.positionInvalid }).int({ error: COLLECTION_MESSAGES.positionInvalid }).min(0, { error: COLLECTION_MESSAGES.positionInvalid }).max(100_000, { error: COLLECTION_MESSAGES.positionInvalid }),
);

/** POST /collection: title, description, public. */
export const createCollectionBody = z.object({
  title,
  description: description.default(''),
  public: isPublic.default(false),
});

/** PATCH /collection/{ref}: exactly one of title, description, public. */
export const collectionFieldSchemas: Record<CollectionField, z.ZodType<string | boolean>> = { title, description, public: isPublic };

export function isCollectionField(name: string): name is CollectionField {
  return (COLLECTION_FIELDS as readonly string[]).includes(name);
}

/** POST /collection/{collection}/item/{ref}: note and section, both optional. */
export const addItemBody = z.object({
  note: note.default(''),
  section: section.default(''),
});

/** PATCH /collection_item/{ref}: section and position (a drag), or note and section (the entry's editor). */
export const entryBody = z
  .object({ note: note.optional(), section: section.optional(), position: position.optional() })
  .strict()
  .refine((body) => body.note !== undefined || body.section !== undefined || body.position !== undefined, { error: 'Send the note, section or position to change.' });

export { fieldErrors } from '../../lib/validation';
