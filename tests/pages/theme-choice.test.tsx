/**
 * Light or dark (issue 20 §5): the Theme choice at the foot of the navigation saves the choice in its cookie and sets
 * `data-bs-theme` at once; Auto follows the system's preference, also when it changes.
 */
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { act, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { THEME_COOKIE } from '../../shared/theme';
import { HOME_PROPS, SHARED_ANONYMOUS, pageObject, renderInertiaPage } from './support';

let systemPrefersDark = false;
const systemListeners = new Set<() => void>();

beforeEach(() => {
  vi.spyOn(globalThis, 'fetch').mockImplementation(async () => Response.json({ recentlyViewedItems: [], frequentlyViewedItems: [], myCollections: [] }));
  vi.spyOn(window, 'matchMedia').mockImplementation(
    (query: string) =>
      ({
        get matches() {
          return query === '(prefers-color-scheme: dark)' && systemPrefersDark;
        },
        media: query,
        addEventListener: (_type: string, listener: () => void) => systemListeners.add(listener),
        removeEventListener: (_type: string, listener: () => void) => systemListeners.delete(listener),
      }) as unknown as MediaQueryList,
  );
});

afterEach(() => {
  document.cookie = `${THEME_COOKIE}=; path=/; max-age=0`;
  document.documentElement.removeAttribute('data-bs-theme');
  systemPrefersDark = false;
  systemListeners.clear();
  vi.restoreAllMocks();
});

const themeGroup = () => screen.getByRole('group', { name: 'Theme' });
const theme = () => document.documentElement.getAttribute('data-bs-theme');

describe('the theme choice', () => {
  it('starts on Auto, following the system, and keeps Dark or Light in its cookie', async () => {
    systemPrefersDark = true;
    await renderInertiaPage(pageObject('Home', { ...HOME_PROPS, ...SHARED_ANONYMOUS }));
    expect((within(themeGroup()).getByRole('radio', { name: 'Auto' }) as HTMLInputElement).checked).toBe(true);
    expect(theme()).toBe('dark');

    await userEvent.click(within(themeGroup()).getByRole('radio', { name: 'Light' }));
    expect(theme()).toBe('light');
    expect(document.cookie).toContain(`${THEME_COOKIE}=light`);
    expect((within(themeGroup()).getByRole('radio', { name: 'Light' }) as HTMLInputElement).checked).toBe(true);

    await userEvent.click(within(themeGroup()).getByRole('radio', { name: 'Dark' }));
    expect(theme()).toBe('dark');
    expect(document.cookie).toContain(`${THEME_COOKIE}=dark`);
  });

  it('follows the system when it changes, while on Auto', async () => {
    await renderInertiaPage(pageObject('Home', { ...HOME_PROPS, ...SHARED_ANONYMOUS }));
    expect(theme()).toBe('light');
    systemPrefersDark = true;
    act(() => systemListeners.forEach((listener) => listener()));
    expect(theme()).toBe('dark');
  });
});
