import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { router } from '@inertiajs/react';
import type { PagePropsMap } from '../../shared/pages';
import { PROFILE_MESSAGES, PROFILE_TEXT } from '../../shared/profile';
import type { SharedProps } from '../../shared/props';
import { MEMBER, SHARED_MEMBER, pageObject, renderInertiaPage } from './support';

type Call = { url: string; data: unknown };
let posts: Call[];
/** What the next mocked POST answers: success, or these field errors. */
let answerErrors: Record<string, string> | null;

beforeEach(() => {
  posts = [];
  answerErrors = null;
  vi.spyOn(globalThis, 'fetch').mockImplementation(async () => Response.json({ recentlyViewedItems: [], frequentlyViewedItems: [], myCollections: [] }));
  vi.spyOn(router, 'post').mockImplementation((url, data = {}, options = {}) => {
    posts.push({ url: String(url), data });
    options.onStart?.({} as never);
    if (answerErrors) options.onError?.(answerErrors as never);
    else options.onSuccess?.({} as never);
    options.onFinish?.({} as never);
  });
});

afterEach(() => vi.restoreAllMocks());

const USER: PagePropsMap['profile/Show']['user'] = {
  ref: 'usr_sam',
  name: 'Sam Member',
  email: 'sam@example.org',
  email_verified: true,
  phone: null,
  user_type: { id: 2, level: 1, title: 'Member', description: '' },
  login_using: 'google',
};

async function renderProfile(own: Partial<PagePropsMap['profile/Show']> = {}, shared: Partial<SharedProps> = {}) {
  const props = { user: USER, personItem: null, emailPromptOpen: false, digests: { frequency: 'weekly' as const, follows: [] }, ...own };
  const sharedProps = {
    ...SHARED_MEMBER,
    ...shared,
    can: { ...SHARED_MEMBER.can, create_self_item: props.personItem === null, change_email: true, ...shared.can },
  };
  const layout = { title: PROFILE_TEXT.title, breadcrumbs: [{ label: PROFILE_TEXT.title }] };
  return renderInertiaPage(pageObject('profile/Show', { ...props, ...sharedProps, ...layout }, { url: '/profile' }));
}

describe('the profile page', () => {
  it('has breadcrumbs starting at Equip', async () => {
    await renderProfile();
    const crumbs = within(screen.getByRole('navigation', { name: 'Breadcrumb' })).getAllByRole('listitem');
    expect(crumbs.map((crumb) => crumb.textContent)).toEqual(['Equip', 'Profile']);
    expect(within(crumbs[0]!).getByRole('link').getAttribute('href')).toBe('/');
    expect(crumbs[1]!.getAttribute('aria-current')).toBe('page');
  });

  it('shows name, verified e-mail, login provider and access, and links to the Person page', async () => {
    await renderProfile({ personItem: { ref: 'itm_sam', title: 'Sam Member' } });
    expect(screen.getByRole('heading', { level: 1, name: PROFILE_TEXT.title })).toBeTruthy();
    expect(screen.getAllByText('Sam Member').length).toBeGreaterThan(0);
    const email = screen.getByTestId('profile-email');
    expect(within(email).getByText('sam@example.org')).toBeTruthy();
    expect(within(email).getByText(PROFILE_TEXT.verified)).toBeTruthy();
    expect(within(email).queryByRole('button', { name: PROFILE_TEXT.resend })).toBeNull();
    expect(screen.getByText('Google')).toBeTruthy();
    expect(screen.getByText('Member')).toBeTruthy();
    expect(screen.getByRole('link', { name: PROFILE_TEXT.viewPersonPage }).getAttribute('href')).toBe('/i/itm_sam');
    expect(screen.queryByRole('button', { name: PROFILE_TEXT.createPersonPage })).toBeNull();
    expect(screen.queryByRole('dialog')).toBeNull();
  });

  it('offers to resend the verification e-mail and to create the Person page', async () => {
    await renderProfile({ user: { ...USER, email_verified: false, login_using: null } }, { auth: { ...MEMBER, email_unverified: true } });
    const email = screen.getByTestId('profile-email');
    expect(within(email).getByText(PROFILE_TEXT.unverified)).toBeTruthy();
    expect(screen.getByText(PROFILE_TEXT.noLoginProvider)).toBeTruthy();

    await userEvent.click(within(email).getByRole('button', { name: PROFILE_TEXT.resend }));
    await userEvent.click(screen.getByRole('button', { name: PROFILE_TEXT.createPersonPage }));
    expect(posts.map((p) => p.url)).toEqual(['/profile/verify', '/profile/create_own_person_page']);
  });

  it('offers no Person page button to whom the server does not allow it', async () => {
    await renderProfile({}, { can: { ...SHARED_MEMBER.can, create_self_item: false } });
    expect(screen.queryByRole('button', { name: PROFILE_TEXT.createPersonPage })).toBeNull();
    expect(screen.queryByRole('link', { name: PROFILE_TEXT.viewPersonPage })).toBeNull();
  });

  it('offers no e-mail change while a superadmin acts as this person, and says why', async () => {
    await renderProfile({ emailPromptOpen: true }, { can: { ...SHARED_MEMBER.can, change_email: false } });
    const email = screen.getByTestId('profile-email');
    expect(within(email).queryByRole('button', { name: PROFILE_TEXT.changeEmail })).toBeNull();
    expect(within(email).getByText(PROFILE_MESSAGES.emailWhileImpersonating)).toBeTruthy();
    expect(screen.queryByRole('dialog')).toBeNull();
  });

  it('opens the e-mail prompt when the address is missing, and saving posts /profile/email and closes it', async () => {
    await renderProfile(
      { user: { ...USER, email: null, email_verified: false }, emailPromptOpen: true },
      { auth: { ...MEMBER, email: null, email_missing: true } },
    );
    const dialog = await screen.findByRole('dialog');
    expect(within(dialog).getByText(PROFILE_TEXT.emailRequired)).toBeTruthy();
    const field = within(dialog).getByLabelText(PROFILE_TEXT.emailLabel);
    expect(field.getAttribute('type')).toBe('email');
    await userEvent.type(field, 'sam.new@example.org');
    await userEvent.click(within(dialog).getByRole('button', { name: PROFILE_TEXT.saveEmail }));
    expect(posts).toEqual([{ url: '/profile/email', data: { email: 'sam.new@example.org' } }]);
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
  });

  it('keeps the prompt open with the error under the field when the address is refused', async () => {
    await renderProfile();
    await userEvent.click(screen.getByRole('button', { name: PROFILE_TEXT.changeEmail }));
    const dialog = await screen.findByRole('dialog');
    const field = within(dialog).getByLabelText(PROFILE_TEXT.emailLabel) as HTMLInputElement;
    expect(field.value).toBe('sam@example.org');
    await userEvent.clear(field);
    await userEvent.type(field, 'sam@example');
    answerErrors = { email: PROFILE_MESSAGES.emailInvalid };
    await userEvent.click(within(dialog).getByRole('button', { name: PROFILE_TEXT.saveEmail }));
    expect(posts).toEqual([{ url: '/profile/email', data: { email: 'sam@example' } }]);
    expect(await within(dialog).findByText(PROFILE_MESSAGES.emailInvalid)).toBeTruthy();
    expect(field.getAttribute('aria-invalid') ?? field.className).toMatch(/true|is-invalid/);
    expect(screen.getByRole('dialog')).toBeTruthy();
  });
});
