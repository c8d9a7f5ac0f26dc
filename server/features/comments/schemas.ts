/** Request shapes of the comment calls (admin-curation §5, §7, §9) and their field errors. */
import { z } from 'zod';
import { COMMENT_MAX_LENGTH, COMMENT_MESSAGES, COMMENT_MIN_LENGTH } from '../../../shared/comments';
import { formBody } from '../../lib/validation';

/** Windows line ends become plain ones, so the length counts what the reader sees. */
const commentText = z.preprocess(
  (input) => (typeof input === 'string' ? input.replace(/\r\n?/g, '\n').trim() : input),
  z
    .string({ error: COMMENT_MESSAGES.required })
    .min(COMMENT_MIN_LENGTH, { error: COMMENT_MESSAGES.tooShort })
    .max(COMMENT_MAX_LENGTH, { error: COMMENT_MESSAGES.tooLong }),
);

/** POST /i/{itemRef}/comment and PATCH /comment/{ref}. */
export const commentBody = formBody({ comment: commentText });

export { pageQuery as adminCommentsQuery } from '../../lib/pagination';
