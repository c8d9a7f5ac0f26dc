import type { UserLevelFilter } from '../../shared/users';

export interface UserListFilters {
  search: string;
  level: UserLevelFilter | null;
}

/** The query of GET /user (search, level), leaving out what is not set. */
export function userListQuery({ search, level }: UserListFilters): Record<string, string> {
  const query: Record<string, string> = {};
  if (search.trim() !== '') query.search = search.trim();
  if (level !== null) query.level = level;
  return query;
}
