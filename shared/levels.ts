/** Access levels used everywhere. */
export const ACCESS_LEVELS = [0, 1, 2, 3, 4, 5, 6] as const;
export type AccessLevel = (typeof ACCESS_LEVELS)[number];

export const LEVEL = {
  PUBLIC: 0,
  LOGGED_IN: 1,
  AFFILIATE: 2,
  LEADER: 3,
  STAFF: 4,
  TEAM: 5,
  ADMIN: 6,
} as const satisfies Record<string, AccessLevel>;

export const LEVEL_NAMES: Record<AccessLevel, string> = {
  0: 'Public',
  1: 'Anyone logged in',
  2: 'Affiliates (volunteers, churches, international)',
  3: 'Leaders (chaplains, team leaders)',
  4: 'Staff',
  5: 'Equip',
  6: '(Super)Admin',
};

/** Short names for badges and selects. */
export const LEVEL_SHORT_NAMES: Record<AccessLevel, string> = {
  0: 'Public',
  1: 'Logged in',
  2: 'Affiliates',
  3: 'Leaders',
  4: 'Staff',
  5: 'Equip',
  6: 'Admin',
};

export function isAccessLevel(value: unknown): value is AccessLevel {
  return typeof value === 'number' && (ACCESS_LEVELS as readonly number[]).includes(value);
}

export function clampLevel(value: number): AccessLevel {
  return Math.max(0, Math.min(6, Math.trunc(value))) as AccessLevel;
}

/** User list level filters. */
export const USER_LIST_LEVEL_FILTERS = [
  { value: '', label: 'All' },
  { value: '2', label: 'Volunteers and Affiliates' },
  { value: '3', label: 'Chaplains and Leaders' },
  { value: '4', label: 'Managers' },
  { value: '5-6', label: 'Admins' },
] as const;

/** 'level 3 (Leader)': a level as sharing and access requests name it. */
export function levelLabel(level: number): string {
  return `level ${level} (${LEVEL_SHORT_NAMES[level as AccessLevel]})`;
}
