/**
 * Light or dark: each person chooses Auto (follow the system), Light or Dark; the choice lives in a
 * cookie, so the server writes the right `data-bs-theme` on the page's first paint (server/web/theme.ts) and the
 * toggle (components/layout/ThemeChoice.tsx) changes it at once.
 */
export const THEME_COOKIE = 'theme';
export const THEME_COOKIE_MAX_AGE_SECONDS = 365 * 24 * 3600;

export const THEME_CHOICES = [
  { value: 'auto', label: 'Auto', icon: 'bi-circle-half' },
  { value: 'light', label: 'Light', icon: 'bi-sun' },
  { value: 'dark', label: 'Dark', icon: 'bi-moon-stars' },
] as const;

export type ThemeChoice = (typeof THEME_CHOICES)[number]['value'];
export type Theme = 'light' | 'dark';

/** The choice a cookie's value names; anything else is Auto. */
export function themeChoiceOf(value: string | undefined): ThemeChoice {
  return value === 'light' || value === 'dark' ? value : 'auto';
}

/** The theme a choice gives, given whether the system prefers dark. */
export function themeFor(choice: ThemeChoice, systemPrefersDark: boolean): Theme {
  if (choice === 'auto') return systemPrefersDark ? 'dark' : 'light';
  return choice;
}

/** The client hint a browser sends, once asked (`Accept-CH`), saying which scheme its system prefers. */
export const COLOR_SCHEME_HINT = 'Sec-CH-Prefers-Color-Scheme';
