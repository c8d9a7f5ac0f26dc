import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { router } from '@inertiajs/react';
import type { PagePropsMap } from '../../shared/pages';
import { PROFILE_MESSAGES, PROFILE_TEXT } from '../../shared/profile';
import { ACCESS_TOKEN_MESSAGES, ACCESS_TOKEN_TEXT, type AccessTokenSummary, type AccessTokensSection } from '../../shared/access-tokens';
import type { SharedProps } from '../../shared/props';
import { MEMBER, NO_DELETION_IMPACT, SHARED_MEMBER, pageObject, renderInertiaPage } from './support';

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

const NO_TOKENS: AccessTokensSection = { tokens: [], canCreate: true, cannotCreateBecause: null, created: null };

async function renderProfile(own: Partial<PagePropsMap['profile/Show']> = {}, shared: Partial<SharedProps> = {}) {
  const props = {
    user: USER,
    personItem: null,
    emailPromptOpen: false,
    digests: { frequency: 'weekly' as const, follows: [] },
    accessTokens: NO_TOKENS,
    dataExports: { exports: [], canRequest: true, cannotRequestBecause: null },
    accountDeletion: { impact: NO_DELETION_IMPACT, retentionDays: 30, refusal: null },
    ...own,
  };
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

describe('the profile’s Access tokens', () => {
  const ACTIVE: AccessTokenSummary = {
    ref: 'tok000000001',
    name: 'Backup script',
    prefix: 'equip_pat_AbC123',
    createdAt: '2030-01-10T09:00:00.000Z',
    expiresAt: '2030-06-01T00:00:00.000Z',
    lastUsedAt: '2030-01-12T14:05:00.000Z',
    revokedAt: null,
    state: 'active',
  };
  const REVOKED: AccessTokenSummary = {
    ...ACTIVE,
    ref: 'tok000000002',
    name: 'Old laptop',
    prefix: 'equip_pat_XyZ789',
    expiresAt: null,
    lastUsedAt: null,
    revokedAt: '2030-01-11T10:00:00.000Z',
    state: 'revoked',
  };
  const SECRET = `equip_pat_${'k'.repeat(43)}`;
  let deletes: string[];

  beforeEach(() => {
    deletes = [];
    vi.spyOn(router, 'delete').mockImplementation((url, options = {}) => {
      deletes.push(String(url));
      options.onStart?.({} as never);
      options.onFinish?.({} as never);
    });
  });

  afterEach(() => vi.unstubAllGlobals());

  const renderTokens = (accessTokens: Partial<AccessTokensSection>) => renderProfile({ accessTokens: { ...NO_TOKENS, ...accessTokens } });
  const card = () => screen.getByRole('region', { name: ACCESS_TOKEN_TEXT.title });

  it('lists the tokens with their prefix, dates and state, and revokes an active one after asking', async () => {
    const confirm = vi.fn().mockReturnValueOnce(false).mockReturnValueOnce(true);
    vi.stubGlobal('confirm', confirm);
    await renderTokens({ tokens: [ACTIVE, REVOKED] });
    const rows = within(within(card()).getByRole('list', { name: ACCESS_TOKEN_TEXT.listLabel })).getAllByRole('listitem');
    expect(rows).toHaveLength(2);
    expect(within(rows[0]!).getByText('Backup script')).toBeTruthy();
    expect(within(rows[0]!).getByText('equip_pat_AbC123…')).toBeTruthy();
    expect(within(rows[0]!).getByText(ACCESS_TOKEN_TEXT.states.active)).toBeTruthy();
    expect(rows[0]!.textContent).toContain('10 January 2030');
    expect(rows[0]!.textContent).toContain('1 June 2030');
    expect(rows[0]!.textContent).toContain('12 Jan, 14:05:00');
    expect(within(rows[1]!).getByText(ACCESS_TOKEN_TEXT.states.revoked)).toBeTruthy();
    expect(rows[1]!.textContent).toContain(`${ACCESS_TOKEN_TEXT.lastUsed}: ${ACCESS_TOKEN_TEXT.neverUsed}`);
    expect(within(rows[1]!).queryByRole('button')).toBeNull();

    const revoke = within(rows[0]!).getByRole('button', { name: ACCESS_TOKEN_TEXT.revokeLabel('Backup script') });
    await userEvent.click(revoke);
    expect(deletes).toEqual([]);
    await userEvent.click(revoke);
    expect(confirm).toHaveBeenLastCalledWith(ACCESS_TOKEN_TEXT.revokeConfirm('Backup script'));
    expect(deletes).toEqual(['/profile/tokens/tok000000001']);
  });

  it('says when there are none, and why a token cannot be created', async () => {
    await renderTokens({ canCreate: false, cannotCreateBecause: ACCESS_TOKEN_MESSAGES.needsVerifiedEmail });
    expect(within(card()).getByText(ACCESS_TOKEN_TEXT.none)).toBeTruthy();
    expect(within(card()).getByText(ACCESS_TOKEN_MESSAGES.needsVerifiedEmail)).toBeTruthy();
    expect(within(card()).queryByRole('button', { name: ACCESS_TOKEN_TEXT.create })).toBeNull();
  });

  it('creates a token from the dialog: a name and an optional expiry day, labelled, by keyboard', async () => {
    await renderTokens({});
    await userEvent.click(within(card()).getByRole('button', { name: ACCESS_TOKEN_TEXT.create }));
    const dialog = await screen.findByRole('dialog', { name: ACCESS_TOKEN_TEXT.create });
    const name = within(dialog).getByLabelText(ACCESS_TOKEN_TEXT.nameLabel) as HTMLInputElement;
    await waitFor(() => expect(document.activeElement).toBe(name));
    expect(name.maxLength).toBe(100);
    const expiry = within(dialog).getByLabelText(ACCESS_TOKEN_TEXT.expiresLabel) as HTMLInputElement;
    expect(expiry.type).toBe('date');
    expect(expiry.min > new Date().toISOString().slice(0, 10) || expiry.min === '').toBe(true);
    await userEvent.keyboard('Reading list sync');
    await userEvent.type(expiry, '2031-03-01');
    await userEvent.tab();
    await userEvent.tab();
    expect(document.activeElement).toBe(within(dialog).getByRole('button', { name: ACCESS_TOKEN_TEXT.submit }));
    await userEvent.keyboard('{Enter}');
    expect(posts).toEqual([{ url: '/profile/tokens', data: { name: 'Reading list sync', expires_on: '2031-03-01' } }]);
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
  });

  it('keeps the dialog open, with what was typed, when the server refuses it', async () => {
    await renderTokens({});
    await userEvent.click(within(card()).getByRole('button', { name: ACCESS_TOKEN_TEXT.create }));
    const dialog = await screen.findByRole('dialog');
    await userEvent.type(within(dialog).getByLabelText(ACCESS_TOKEN_TEXT.nameLabel), 'Script');
    await userEvent.type(within(dialog).getByLabelText(ACCESS_TOKEN_TEXT.expiresLabel), '2001-01-01');
    answerErrors = { expires_on: ACCESS_TOKEN_MESSAGES.expiryNotFuture };
    await userEvent.click(within(dialog).getByRole('button', { name: ACCESS_TOKEN_TEXT.submit }));
    expect(await within(dialog).findByText(ACCESS_TOKEN_MESSAGES.expiryNotFuture)).toBeTruthy();
    const expiry = within(dialog).getByLabelText(ACCESS_TOKEN_TEXT.expiresLabel) as HTMLInputElement;
    expect(expiry.getAttribute('aria-invalid')).toBe('true');
    expect(expiry.getAttribute('aria-describedby')).toContain(within(dialog).getByText(ACCESS_TOKEN_MESSAGES.expiryNotFuture).id);
    expect(expiry.value).toBe('2001-01-01');
    expect((within(dialog).getByLabelText(ACCESS_TOKEN_TEXT.nameLabel) as HTMLInputElement).value).toBe('Script');
    expect(screen.getByRole('dialog')).toBeTruthy();
  });

  it('shows a new token’s secret once, says it will not be shown again, and copies it', async () => {
    const writeText = vi.fn(async () => {});
    Object.defineProperty(navigator, 'clipboard', { value: { writeText }, configurable: true });
    await renderTokens({ tokens: [ACTIVE], created: { ref: ACTIVE.ref, name: 'Backup script', token: SECRET } });
    const field = within(card()).getByLabelText(ACCESS_TOKEN_TEXT.tokenLabel) as HTMLInputElement;
    expect(field.value).toBe(SECRET);
    expect(field.readOnly).toBe(true);
    expect(within(card()).getByText(ACCESS_TOKEN_TEXT.createdWarning)).toBeTruthy();
    expect(ACCESS_TOKEN_TEXT.createdWarning).toMatch(/will not be shown again/);
    expect(field.getAttribute('aria-describedby')).toBe(within(card()).getByText(ACCESS_TOKEN_TEXT.createdWarning).id);
    await userEvent.click(within(card()).getByRole('button', { name: ACCESS_TOKEN_TEXT.copy }));
    expect(writeText).toHaveBeenCalledWith(SECRET);
    expect(await within(card()).findAllByText(ACCESS_TOKEN_TEXT.copied)).not.toHaveLength(0);
  });

  it('asks to copy by hand when there is no clipboard', async () => {
    Object.defineProperty(navigator, 'clipboard', { value: { writeText: vi.fn(async () => Promise.reject(new Error('denied'))) }, configurable: true });
    await renderTokens({ created: { ref: ACTIVE.ref, name: 'Backup script', token: SECRET } });
    await userEvent.click(within(card()).getByRole('button', { name: ACCESS_TOKEN_TEXT.copy }));
    expect(await within(card()).findByText(ACCESS_TOKEN_TEXT.copyFailed)).toBeTruthy();
  });
});
