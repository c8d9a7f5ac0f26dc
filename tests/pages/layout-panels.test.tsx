import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { act, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { Page } from '@inertiajs/core';
import RightSidebar from '../../components/layout/RightSidebar';
import { HOME_PROPS, SHARED_MEMBER, pageObject, renderInertiaPage } from './support';

function ItemPageWithAdminPanel() {
  return (
    <>
      <h1>Camp Guide</h1>
      <RightSidebar>
        <h2>Tasks</h2>
      </RightSidebar>
    </>
  );
}

const itemPage = { ...pageObject('Home', { ...HOME_PROPS, ...SHARED_MEMBER }, { url: '/i/camp' }), component: 'test/ItemPage' } as Page;
const homePage = pageObject('Home', { ...HOME_PROPS, ...SHARED_MEMBER });

function setWindowWidth(width: number) {
  Object.defineProperty(window, 'innerWidth', { configurable: true, value: width });
}

beforeEach(() => {
  vi.spyOn(globalThis, 'fetch').mockImplementation(async () => Response.json({ recentlyViewedItems: [], frequentlyViewedItems: [], myCollections: [] }));
});

afterEach(() => {
  setWindowWidth(1024);
  vi.useRealTimers();
});

describe('right sidebar slot', () => {
  it('shows what the page puts in it beside the content', async () => {
    await renderInertiaPage(itemPage, ItemPageWithAdminPanel);
    const panel = screen.getByRole('complementary', { name: 'Item administration' });
    expect(panel.hidden).toBe(false);
    expect(within(panel).getByRole('heading', { name: 'Tasks' })).toBeTruthy();
  });

  it('is not shown when the page leaves it empty', async () => {
    await renderInertiaPage(homePage);
    expect(screen.queryByRole('complementary', { name: 'Item administration' })).toBeNull();
  });
});

describe('screen sizes', () => {
  it('shows the left sidebar inline from 900 px wide', async () => {
    setWindowWidth(900);
    await renderInertiaPage(homePage);
    expect(screen.queryByRole('button', { name: 'Navigation menu' })).toBeNull();
    expect(screen.getByRole('complementary', { name: 'Navigation menu' }).className).toContain('app-sidebar');
  });

  it('hides the sidebars below 900 px and opens them as overlays from the navbar', async () => {
    setWindowWidth(800);
    await renderInertiaPage(itemPage, ItemPageWithAdminPanel);

    const menuToggle = screen.getByRole('button', { name: 'Navigation menu' });
    expect(menuToggle.getAttribute('aria-expanded')).toBe('false');
    expect(screen.queryByRole('dialog', { name: 'Navigation menu' })).toBeNull();

    await userEvent.click(menuToggle);
    const overlay = screen.getByRole('dialog', { name: 'Navigation menu' });
    expect(overlay.className).toContain('show');
    expect(within(overlay).getByRole('link', { name: 'All Items' })).toBeTruthy();

    await userEvent.keyboard('{Escape}');
    expect(screen.queryByRole('dialog', { name: 'Navigation menu' })).toBeNull();

    await userEvent.click(screen.getByRole('button', { name: 'Item administration' }));
    expect(within(screen.getByRole('dialog', { name: 'Item administration' })).getByRole('heading', { name: 'Tasks' })).toBeTruthy();
  });

  it('switches layout once resizing has settled for a second', async () => {
    vi.useFakeTimers({ shouldAdvanceTime: true });
    await renderInertiaPage(homePage);
    expect(screen.queryByRole('button', { name: 'Navigation menu' })).toBeNull();

    setWindowWidth(600);
    window.dispatchEvent(new Event('resize'));
    await act(() => vi.advanceTimersByTimeAsync(500));
    expect(screen.queryByRole('button', { name: 'Navigation menu' })).toBeNull();
    await act(() => vi.advanceTimersByTimeAsync(600));
    expect(screen.getByRole('button', { name: 'Navigation menu' })).toBeTruthy();
  });
});
