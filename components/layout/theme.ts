/**
 * The person's theme choice on the client (shared/theme.ts): read from and saved to its cookie, applied as
 * `data-bs-theme` on `<html>`, and for Auto kept in step with the system's preference.
 */
import { THEME_COOKIE, THEME_COOKIE_MAX_AGE_SECONDS, themeChoiceOf, themeFor, type ThemeChoice } from '../../shared/theme';

const SYSTEM_PREFERS_DARK = '(prefers-color-scheme: dark)';
const listeners = new Set<() => void>();

export function currentThemeChoice(): ThemeChoice {
  const cookie = document.cookie.split('; ').find((entry) => entry.startsWith(`${THEME_COOKIE}=`));
  return themeChoiceOf(cookie?.slice(THEME_COOKIE.length + 1));
}

export function chooseTheme(choice: ThemeChoice): void {
  document.cookie = `${THEME_COOKIE}=${choice}; path=/; max-age=${THEME_COOKIE_MAX_AGE_SECONDS}; SameSite=Lax`;
  applyTheme();
  for (const listener of listeners) listener();
}

/** Writes the theme the choice gives on `<html>`, where Bootstrap reads it. */
export function applyTheme(): void {
  const theme = themeFor(currentThemeChoice(), window.matchMedia(SYSTEM_PREFERS_DARK).matches);
  document.documentElement.setAttribute('data-bs-theme', theme);
}

/** Calls back when the choice changes, and re-applies Auto when the system's preference changes. */
export function subscribeToTheme(onChange: () => void): () => void {
  listeners.add(onChange);
  const system = window.matchMedia(SYSTEM_PREFERS_DARK);
  system.addEventListener('change', applyTheme);
  return () => {
    listeners.delete(onChange);
    system.removeEventListener('change', applyTheme);
  };
}
