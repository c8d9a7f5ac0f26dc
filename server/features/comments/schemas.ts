/** Request shapes of the comment calls and their field errors. */
import { z } from 'zod';
import {
  COMMENT_MAX_LENGTH,
  COMMENT_MESSAGES,
  COMMENT_MIN_LENGTH,
  FLAG_NOTE_MAX_LENGTH,
  FLAG_REASON_KEYS,
  FROM_FLAGS,
  MODERATION_BULK_MAX,
  MODERATION_WAITING_MAX,
} from '../../../shared/comments';
import { REF_PATTERN } from '../../lib/ref';
import { formBody } from '../../lib/validation';

/** Windows line ends become plain ones, so the length counts what the reader sees. */
const plainText = (input: unknown) => (typeof input === 'string' ? input.replace(/\r\n?/g, '\n').trim() : input);

const commentText = z.preprocess(
  plainText,
  z
    .string({ error: COMMENT_MESSAGES.required })
    .min(COMMENT_MIN_LENGTH, { error: COMMENT_MESSAGES.tooShort })
    .max(COMMENT_MAX_LENGTH, { error: COMMENT_MESSAGES.tooLong }),
);

/** POST /i/{itemRef}/comment and PATCH /comment/{ref}. */
export const commentBody = formBody({ comment: commentText });

/** Optional words: empty reads as none. */
const note = z.preprocess(
  (input) => (input === '' || input === null ? undefined : plainText(input)),
  z
    .string({ error: COMMENT_MESSAGES.flagNoteTooLong })
    .max(FLAG_NOTE_MAX_LENGTH, { error: COMMENT_MESSAGES.flagNoteTooLong })
    .transform((text) => text || null)
    .optional(),
);

/**
 * POST /comment/{ref}/flag: a reason from the fixed list and optional words ('Something else' needs them). A call with
 * no reason at all (a flag call with no payload) still flags, with no reason recorded (docs/decisions.md
 * "Moderation queue").
 */
export const flagBody = formBody({
  reason: z.preprocess(
    (input) => (input === '' || input === null ? undefined : input),
    z.enum(FLAG_REASON_KEYS, { error: COMMENT_MESSAGES.flagReasonInvalid }).optional(),
  ),
  note,
}).superRefine((body, context) => {
  if (body.reason === 'other' && !body.note) context.addIssue({ code: 'custom', path: ['note'], message: COMMENT_MESSAGES.flagNoteNeeded });
});

/** The selected comments of a bulk call: refs, at least one, at most a bulk's worth; repeats count once. */
const selectedRefs = z
  .array(z.string().regex(REF_PATTERN, { error: COMMENT_MESSAGES.bulkUnknown }), { error: COMMENT_MESSAGES.bulkNone })
  .min(1, { error: COMMENT_MESSAGES.bulkNone })
  .max(MODERATION_BULK_MAX, { error: COMMENT_MESSAGES.bulkTooMany })
  .transform((refs) => [...new Set(refs)]);

/** Every comment waiting for moderation, as many as the person saw and confirmed: digits or a number. */
const waitingCount = z.preprocess((input) => (typeof input === 'string' && /^\d+$/.test(input.trim()) ? Number(input) : input), z.unknown());

const absent = (input: unknown) => (input === undefined || input === null || input === '' ? undefined : input);

/** A bulk call names its comments one by one (`refs`), or asks for every waiting one (`waiting`: how many it saw). */
const bulkSelection = {
  refs: z.preprocess(absent, selectedRefs.optional()),
  waiting: z.preprocess(absent, waitingCount.optional()),
};

/** Exactly one of the two, and a count a queue can have; every refusal is said under `refs`, where the page shows it. */
function oneSelection(body: { refs?: string[]; waiting?: unknown }, context: z.RefinementCtx): void {
  const refuse = (message: string) => context.addIssue({ code: 'custom', path: ['refs'], message });
  if ((body.refs === undefined) === (body.waiting === undefined)) return refuse(COMMENT_MESSAGES.bulkNone);
  if (body.waiting === undefined) return;
  if (typeof body.waiting !== 'number' || !Number.isInteger(body.waiting) || body.waiting < 1) return refuse(COMMENT_MESSAGES.bulkNone);
  if (body.waiting > MODERATION_WAITING_MAX) refuse(COMMENT_MESSAGES.waitingTooMany);
}

export type BulkSelection = { refs: string[]; waiting?: undefined } | { refs?: undefined; waiting: number };

/** POST /admin/comment/approve. */
export const bulkApproveBody = formBody(bulkSelection).superRefine(oneSelection);

/** POST /admin/comment/delete: the reason the authors are told (the flags' own, or one the admin chooses) and optional words to them. */
export const bulkDeleteBody = formBody({
  ...bulkSelection,
  reason: z.preprocess(
    (input) => (input === '' || input === undefined || input === null ? FROM_FLAGS : input),
    z.enum([FROM_FLAGS, ...FLAG_REASON_KEYS], { error: COMMENT_MESSAGES.flagReasonInvalid }),
  ),
  note,
}).superRefine(oneSelection);

export { pageQuery as adminCommentsQuery } from '../../lib/pagination';
