import { z } from 'zod';
import { USER_LEVEL_FILTER_VALUES, USER_LIST_SEARCH_MAX_LENGTH, type UserLevelFilter } from '../../../shared/users';
import { firstValue } from '../../lib/validation';
import { pageNumber } from '../../lib/pagination';

/** Deeper than anyone pages; keeps OFFSET bounded. */
export const MAX_USER_LIST_PAGE = 1000;

/**
 * Query of GET /user (search, level), read leniently like the item index: a malformed part is
 * dropped (an unknown level reads as All, a bad page as 1), so a hand-edited link still shows a useful list.
 */
export const userListQuerySchema = z.object({
  search: z
    .preprocess(firstValue, z.string())
    .transform((text) => text.trim().slice(0, USER_LIST_SEARCH_MAX_LENGTH))
    .catch(''),
  level: z.preprocess(firstValue, z.enum(USER_LEVEL_FILTER_VALUES as [UserLevelFilter, ...UserLevelFilter[]]).nullable()).catch(null),
  page: pageNumber(MAX_USER_LIST_PAGE),
});
export type UserListQuery = z.infer<typeof userListQuerySchema>;
