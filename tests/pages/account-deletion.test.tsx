/**
 * The profile's Delete my account card: it says what goes before anything else, asks for the word DELETE in a dialog
 * that keeps what was typed when the word is refused, and shows why instead of the button to a person who may not.
 */
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { router } from '@inertiajs/react';
import { DELETE_ACCOUNT_MESSAGES, DELETE_ACCOUNT_TEXTS, deletionImpactLines, type AccountDeletionSection } from '../../shared/account-deletion';
import type { PagePropsMap } from '../../shared/pages';
import { PROFILE_TEXT } from '../../shared/profile';
import { NO_DELETION_IMPACT, SHARED_MEMBER, pageObject, renderInertiaPage } from './support';

type Call = { url: string; data: unknown };
let deletes: Call[];
/** What the next mocked DELETE answers: these field errors, or success. */
let answerErrors: Record<string, string> | null;

beforeEach(() => {
  deletes = [];
  answerErrors = null;
  vi.spyOn(globalThis, 'fetch').mockImplementation(async () => Response.json({ recentlyViewedItems: [], frequentlyViewedItems: [], myCollections: [] }));
  vi.spyOn(router, 'delete').mockImplementation((url, options = {}) => {
    deletes.push({ url: String(url), data: options.data });
    options.onStart?.({} as never);
    if (answerErrors) options.onError?.(answerErrors as never);
    else options.onSuccess?.({} as never);
    options.onFinish?.({} as never);
  });
});

afterEach(() => vi.restoreAllMocks());

const IMPACT = { ...NO_DELETION_IMPACT, comments: 12, itemsMaintained: 3, collections: 1, follows: 4, affirmations: 9, sharesGiven: 2, personPage: true };

async function renderProfile(accountDeletion: AccountDeletionSection) {
  const props: PagePropsMap['profile/Show'] = {
    user: {
      ref: 'usr_sam',
      name: 'Sam Member',
      email: 'sam@example.org',
      email_verified: true,
      phone: null,
      user_type: { id: 2, level: 1, title: 'Member', description: '' },
      login_using: 'google',
    },
    personItem: null,
    emailPromptOpen: false,
    digests: { frequency: 'weekly', follows: [] },
    accessTokens: { tokens: [], canCreate: true, cannotCreateBecause: null, created: null },
    dataExports: { exports: [], canRequest: true, cannotRequestBecause: null },
    accountDeletion,
  };
  const shared = { ...SHARED_MEMBER, can: { ...SHARED_MEMBER.can, create_self_item: true, change_email: true } };
  const layout = { title: PROFILE_TEXT.title, breadcrumbs: [{ label: PROFILE_TEXT.title }] };
  return renderInertiaPage(pageObject('profile/Show', { ...props, ...shared, ...layout }, { url: '/profile' }));
}

const lines = (list: HTMLElement) =>
  within(list)
    .getAllByRole('listitem')
    .map((line) => line.textContent);

describe('Delete my account', () => {
  it('says first what deleting the account changes, with this person’s numbers and the days to change one’s mind', async () => {
    await renderProfile({ impact: IMPACT, retentionDays: 30, refusal: null });
    const card = screen.getByRole('region', { name: DELETE_ACCOUNT_TEXTS.title });
    expect(within(card).getByText(DELETE_ACCOUNT_TEXTS.intro(30))).toBeTruthy();
    expect(DELETE_ACCOUNT_TEXTS.intro(30)).toContain('within 30 days');
    const impact = lines(within(card).getByRole('list', { name: DELETE_ACCOUNT_TEXTS.title }));
    expect(impact).toEqual(deletionImpactLines(IMPACT));
    expect(impact).toContain('12 comments stay on their items, signed “Former member”.');
    expect(impact).toContain('4 follows and 9 affirmations are deleted.');
    expect(impact).toContain('The Person page is deleted when the account is deleted for good.');
    expect(screen.queryByRole('dialog')).toBeNull();
  });

  it('asks for the word in a dialog, and keeps what was typed with the error under the field when it is refused', async () => {
    await renderProfile({ impact: IMPACT, retentionDays: 30, refusal: null });
    await userEvent.click(screen.getByRole('button', { name: DELETE_ACCOUNT_TEXTS.open }));
    const dialog = await screen.findByRole('dialog', { name: DELETE_ACCOUNT_TEXTS.dialogTitle });
    expect(lines(within(dialog).getByRole('list', { name: DELETE_ACCOUNT_TEXTS.dialogTitle }))).toEqual(deletionImpactLines(IMPACT));
    const field = within(dialog).getByLabelText(DELETE_ACCOUNT_TEXTS.confirmLabel) as HTMLInputElement;
    await userEvent.type(field, 'delet');
    answerErrors = { confirmation: DELETE_ACCOUNT_MESSAGES.confirmationWrong };
    await userEvent.click(within(dialog).getByRole('button', { name: DELETE_ACCOUNT_TEXTS.submit }));
    expect(deletes).toEqual([{ url: '/profile/account', data: { confirmation: 'delet' } }]);
    expect(await within(dialog).findByText(DELETE_ACCOUNT_MESSAGES.confirmationWrong)).toBeTruthy();
    expect(field.getAttribute('aria-invalid')).toBe('true');
    expect(field.value).toBe('delet');
    expect(screen.getByRole('dialog')).toBeTruthy();

    answerErrors = null;
    await userEvent.type(field, 'e');
    await userEvent.click(within(dialog).getByRole('button', { name: DELETE_ACCOUNT_TEXTS.submit }));
    expect(deletes.at(-1)).toEqual({ url: '/profile/account', data: { confirmation: 'delete' } });
  });

  it('sends nothing when cancelled, and starts empty when opened again', async () => {
    await renderProfile({ impact: IMPACT, retentionDays: 30, refusal: null });
    await userEvent.click(screen.getByRole('button', { name: DELETE_ACCOUNT_TEXTS.open }));
    const dialog = await screen.findByRole('dialog');
    await userEvent.type(within(dialog).getByLabelText(DELETE_ACCOUNT_TEXTS.confirmLabel), 'DELETE');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Cancel' }));
    expect(deletes).toEqual([]);
    await userEvent.click(screen.getByRole('button', { name: DELETE_ACCOUNT_TEXTS.open }));
    const again = await screen.findByRole('dialog');
    expect((within(again).getByLabelText(DELETE_ACCOUNT_TEXTS.confirmLabel) as HTMLInputElement).value).toBe('');
  });

  it('shows why instead of the button to a person who may not delete their account here', async () => {
    await renderProfile({ impact: NO_DELETION_IMPACT, retentionDays: 30, refusal: DELETE_ACCOUNT_MESSAGES.lastAdmin });
    const card = screen.getByRole('region', { name: DELETE_ACCOUNT_TEXTS.title });
    expect(within(card).getByText(DELETE_ACCOUNT_MESSAGES.lastAdmin)).toBeTruthy();
    expect(within(card).queryByRole('button', { name: DELETE_ACCOUNT_TEXTS.open })).toBeNull();
  });
});
