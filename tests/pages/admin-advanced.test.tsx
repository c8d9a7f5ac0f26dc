import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { router } from '@inertiajs/react';
import { ADVANCED_ACTION_BUTTONS, ADVANCED_HELLO_GREETING, ADVANCED_MESSAGES } from '../../shared/advanced';
import type { SharedProps } from '../../shared/props';
import { SHARED_ADMIN } from './item-show-fixtures';
import { pageObject, renderInertiaPage } from './support';

let post: ReturnType<typeof vi.spyOn>;

beforeEach(() => {
  vi.spyOn(globalThis, 'fetch').mockImplementation(async () => Response.json({ recentlyViewedItems: [], frequentlyViewedItems: [], myCollections: [] }));
  post = vi.spyOn(router, 'post').mockImplementation(() => undefined);
});
afterEach(() => vi.restoreAllMocks());

function advancedPage(response: string, errors: SharedProps['errors'] = {}) {
  return pageObject(
    'admin/advanced/Index',
    { ...SHARED_ADMIN, errors, response, title: 'Advanced', breadcrumbs: [{ label: 'Admin', href: '/admin' }, { label: 'Advanced' }] },
    { url: '/admin/advanced' },
  );
}

describe('Admin Advanced page', () => {
  it('warns that it is for superadmins, shows breadcrumbs and no response box without a response', async () => {
    await renderInertiaPage(advancedPage(''));
    expect(screen.getByRole('heading', { level: 1, name: 'Advanced' })).toBeTruthy();
    expect(screen.getByText(ADVANCED_MESSAGES.warning).closest('.alert')?.className).toContain('alert-danger');
    const breadcrumbs = screen.getByRole('navigation', { name: /breadcrumb/i });
    expect(within(breadcrumbs).getByRole('link', { name: 'Admin' }).getAttribute('href')).toBe('/admin');
    expect(within(breadcrumbs).getByText('Advanced')).toBeTruthy();
    expect(screen.queryByLabelText('Response')).toBeNull();
  });

  it('shows the last response in a black, monospace, pre-wrapped box', async () => {
    await renderInertiaPage(advancedPage('about (2025-03-01 10:00 UTC)\n\nApplication:      Equip 0.1.0'));
    const box = screen.getByLabelText('Response');
    expect(box.tagName).toBe('PRE');
    expect(box.textContent).toBe('about (2025-03-01 10:00 UTC)\n\nApplication:      Equip 0.1.0');
    expect(box.style.background).toMatch(/^(#000|rgb\(0, 0, 0\))/);
    expect(box.style.whiteSpace).toBe('pre-wrap');
  });

  it('has one button per visible action, and none for the hidden ones', async () => {
    await renderInertiaPage(advancedPage(''));
    const group = screen.getByRole('group', { name: 'Actions' });
    const visible = ADVANCED_ACTION_BUTTONS.filter((entry) => !entry.hidden);
    expect(within(group).getAllByRole('button').map((button) => button.textContent)).toEqual(visible.map((entry) => entry.label));
    expect(within(group).queryByRole('button', { name: 'Notion Seeder' })).toBeNull();
    expect(within(group).queryByRole('button', { name: 'Clear Failed Deployment Tasks' })).toBeNull();
  });

  it('posts the action value of the pressed button to /admin/advanced', async () => {
    await renderInertiaPage(advancedPage(''));
    await userEvent.click(screen.getByRole('button', { name: 'Check External Links' }));
    expect(post).toHaveBeenCalledWith('/admin/advanced', { action: 'check-external-links' }, expect.any(Object));
    await userEvent.click(screen.getByRole('button', { name: 'Wrong Drive Folder Names' }));
    expect(post).toHaveBeenLastCalledWith('/admin/advanced', { action: 'wrong-drive-folder-names' }, expect.any(Object));
  });

  it('has a Hello button that only shows an alert', async () => {
    const alert = vi.fn<(message?: string) => void>();
    Object.defineProperty(window, 'alert', { configurable: true, writable: true, value: alert });
    await renderInertiaPage(advancedPage(''));
    await userEvent.click(screen.getByRole('button', { name: 'Hello' }));
    expect(alert).toHaveBeenCalledWith(ADVANCED_HELLO_GREETING);
    expect(post).not.toHaveBeenCalled();
  });

  it('shows a refused action’s field error and links to Server Logs as a plain navigation', async () => {
    await renderInertiaPage(advancedPage("Refused: 'x' is not an action.", { action: ADVANCED_MESSAGES.unknownAction }));
    expect(screen.getByText(ADVANCED_MESSAGES.unknownAction)).toBeTruthy();
    expect(screen.getByRole('link', { name: 'Server Logs' }).getAttribute('href')).toBe('/admin/advanced/log-viewer');
  });
});

describe('Documentation pages', () => {
  it('lists the pages and shows one with its navigation', async () => {
    const pages = [
      { slug: 'getting-started', title: 'Getting started for curators', summary: 'Equip is the shared library.' },
      { slug: 'moderation', title: 'Moderation', summary: 'Members can comment.' },
    ];
    await renderInertiaPage(pageObject('documentation/Index', { ...SHARED_ADMIN, pages, title: 'Documentation' }, { url: '/documentation' }));
    const list = screen.getByLabelText('Documentation pages');
    expect(within(list).getByRole('link', { name: /Moderation/ }).getAttribute('href')).toBe('/documentation/moderation');
  });

  it('shows a page’s HTML and marks the current page in the navigation', async () => {
    const pages = [
      { slug: 'getting-started', title: 'Getting started for curators', summary: '' },
      { slug: 'moderation', title: 'Moderation', summary: '' },
    ];
    const page = { slug: 'moderation', title: 'Moderation', html: '<h2>Flagged comments</h2><p>Approve or delete.</p>' };
    await renderInertiaPage(pageObject('documentation/Show', { ...SHARED_ADMIN, pages, page, title: 'Moderation' }, { url: '/documentation/moderation' }));
    expect(screen.getByRole('heading', { level: 2, name: 'Flagged comments' })).toBeTruthy();
    const nav = screen.getByRole('navigation', { name: 'Documentation pages' });
    expect(within(nav).getByRole('link', { name: 'Moderation' }).getAttribute('aria-current')).toBe('page');
  });
});
