/** The 403 page's help (issue 15 §2): the level an item needs, Ask for access, and a visitor's Log in that comes back. */
import { afterEach, describe, expect, it, vi } from 'vitest';
import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { router } from '@inertiajs/react';
import { ERROR_PAGES, SIGN_IN_HINT } from '../../shared/messages';
import { ACCESS_REQUEST_TEXTS, type ForbiddenHelp } from '../../shared/access-requests';
import { SHARED_ANONYMOUS, SHARED_MEMBER, pageObject, renderInertiaPage } from './support';

const NONE: ForbiddenHelp = { neededLevel: null, notPublished: false, askUrl: null, verifyEmail: false, askedAt: null, signInUrl: null };
const render403 = (help: ForbiddenHelp, shared = SHARED_MEMBER) =>
  renderInertiaPage(pageObject('errors/Error', { ...shared, status: 403, ...ERROR_PAGES[403], detail: null, help }, { url: '/i/item00000001' }));

afterEach(() => vi.restoreAllMocks());

describe('the 403 page’s help', () => {
  it('keeps the spec’s title and message, says the level needed, and posts Ask for access to the server’s URL', async () => {
    const post = vi.spyOn(router, 'post').mockImplementation(() => {});
    await render403({ ...NONE, neededLevel: 4, askUrl: '/i/item00000001/access_request' });
    expect(screen.getByRole('heading', { level: 1, name: ERROR_PAGES[403].title })).toBeTruthy();
    expect(screen.getByText(ERROR_PAGES[403].message)).toBeTruthy();
    expect(screen.getByText(ACCESS_REQUEST_TEXTS.neededLevel(4))).toBeTruthy();
    await userEvent.click(screen.getByRole('button', { name: ACCESS_REQUEST_TEXTS.ask }));
    expect(post).toHaveBeenCalledTimes(1);
    expect(post.mock.calls[0]![0]).toBe('/i/item00000001/access_request');
  });

  it('shows the confirmation instead of the button once asked', async () => {
    await render403({ ...NONE, neededLevel: 4, askedAt: '2026-11-24T20:00:00.000Z' });
    expect(screen.getByRole('status').textContent).toBe(ACCESS_REQUEST_TEXTS.sent);
    expect(screen.queryByRole('button', { name: ACCESS_REQUEST_TEXTS.ask })).toBeNull();
  });

  it('words a visitor’s sign-in once: the help’s Log in, not the server’s hint beside it as well (issue 36 §6)', async () => {
    await renderInertiaPage(
      pageObject(
        'errors/Error',
        { ...SHARED_ANONYMOUS, status: 403, ...ERROR_PAGES[403], detail: SIGN_IN_HINT, help: { ...NONE, signInUrl: '/login?return_to=%2Fcollection' } },
        { url: '/collection' },
      ),
    );
    expect(screen.queryByText(SIGN_IN_HINT)).toBeNull();
    expect(screen.getAllByText(/log in|sign in/i).map((node) => node.textContent)).toEqual([ACCESS_REQUEST_TEXTS.signInHelp, ACCESS_REQUEST_TEXTS.signIn]);
    expect(screen.getAllByRole('link', { name: ACCESS_REQUEST_TEXTS.signIn })).toHaveLength(1);
  });

  it('keeps any other detail the server gives', async () => {
    await renderInertiaPage(
      pageObject('errors/Error', { ...SHARED_MEMBER, status: 403, ...ERROR_PAGES[403], detail: 'Ask your team leader.', help: null }, { url: '/user' }),
    );
    expect(screen.getByText('Ask your team leader.')).toBeTruthy();
  });

  it('offers a visitor Log in, coming back to the page', async () => {
    await render403({ ...NONE, neededLevel: 3, signInUrl: '/login?return_to=%2Fi%2Fitem00000001' }, SHARED_ANONYMOUS);
    expect(screen.getByRole('link', { name: ACCESS_REQUEST_TEXTS.signIn }).getAttribute('href')).toBe('/login?return_to=%2Fi%2Fitem00000001');
    expect(screen.queryByRole('button', { name: ACCESS_REQUEST_TEXTS.ask })).toBeNull();
  });
});
