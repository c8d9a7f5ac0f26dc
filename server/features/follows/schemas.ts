/** The follows' input: what POST /follow names, the digest setting, an unfollow link's secret. */
import { z } from 'zod';
import { DIGEST_FREQUENCIES, FOLLOW_MESSAGES, FOLLOW_SEARCH_MAX } from '../../../shared/follows';
import { fieldRules, type CheckedFieldOf } from '../../lib/single-field';
import { REF_PATTERN } from '../../lib/ref';
import { formBody } from '../../lib/validation';
import { UNFOLLOW_TOKEN_PATTERN } from './tokens';

/** POST /follow names exactly one thing to follow: a tag or a collection by ref, or a search by its text. */
export const FOLLOW_TARGET_RULES = fieldRules(
  {
    tag: z.string({ error: FOLLOW_MESSAGES.tagMissing }).regex(REF_PATTERN, FOLLOW_MESSAGES.tagMissing),
    collection: z.string({ error: FOLLOW_MESSAGES.collectionMissing }).regex(REF_PATTERN, FOLLOW_MESSAGES.collectionMissing),
    // Spaces are folded, so "a  b" and "a b" are one follow.
    search: z
      .string({ error: FOLLOW_MESSAGES.searchMissing })
      .transform((text) => text.replace(/\s+/g, ' ').trim())
      .pipe(z.string().min(1, FOLLOW_MESSAGES.searchMissing).max(FOLLOW_SEARCH_MAX, FOLLOW_MESSAGES.searchTooLong)),
  },
  'Send exactly one of tag, collection, search.',
);
export type FollowBody = CheckedFieldOf<typeof FOLLOW_TARGET_RULES>;

/** POST /profile/digests. */
export const digestsBody = formBody({ frequency: z.enum(DIGEST_FREQUENCIES, { error: 'Choose how often your digest comes.' }) });

/** /unfollow/{token}: a malformed secret is a link that names nothing (404). */
export const unfollowTokenParam = z.string().regex(UNFOLLOW_TOKEN_PATTERN);
