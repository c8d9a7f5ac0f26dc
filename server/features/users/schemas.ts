import { z } from 'zod';
import { USER_LEVEL_FILTER_VALUES, USER_LIST_SEARCH_MAX_LENGTH, type UserLevelFilter } from '../../../shared/users';
import { firstValue } from '../../lib/validation';

/** Deeper than anyone pages; keeps OFFSET bounded. */
export const MAX_USER_LIST_PAGE = 1000;

/**
 * Query of GET /user (member-library §7: search, level), read leniently like the item index: a malformed part is
 * dropped (an unknown level reads as All, a bad page as 1), so a hand-edited link still shows a useful list.
 */
export const userListQuerySchema = z.object({
  search: z
    .preprocess(firstValue, z.string())
    .transform((text) => text.trim().slice(0, USER_LIST_SEARCH_MAX_LENGTH))
    .catch(''),
  level: z
    .preprocess(firstValue, z.enum(USER_LEVEL_FILTER_VALUES as [UserLevelFilter, ...UserLevelFilter[]]).nullable())
    .catch(null),
  page: z.preprocess(firstValue, z.coerce.number().int().min(1).max(MAX_USER_LIST_PAGE)).catch(1),
});
export type UserListQuery = z.infer<typeof userListQuerySchema>;
