import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { act, fireEvent, render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { router } from '@inertiajs/react';
import type { VisitOptions } from '@inertiajs/core';
import GrantAccessForm from '../../components/share/GrantAccessForm';
import ShareButton from '../../components/share/ShareButton';
import ShareLinks from '../../components/share/ShareLinks';
import SharingExplanationPanel from '../../components/share/SharingExplanationPanel';
import { LINK_COPIED_MS, SHARE_DIALOG_CLOSE_MS, type SharingExplanation } from '../../shared/sharing';
import { SHARE_TEXTS } from '../../shared/share-texts';
import { OPENS_IN_NEW_TAB } from '../../shared/messages';

const ALL_VISIBLE = [true, true, true, true, true, true, true];
/** A staff-level item: nothing opens below level 4. */
const STAFF_ONLY = [false, false, false, false, true, true, true];

function anExplanation(overrides: Partial<SharingExplanation> = {}): SharingExplanation {
  return {
    availabilityText: 'People at level 4 (Staff) or above can find and open this item.',
    levelText: [
      'Cannot open this item',
      'Cannot open this item',
      'Cannot open this item',
      'Cannot open this item',
      'Can see this item and 2 of 2 files',
      'Can see this item and 2 of 2 files',
      'Can see this item and 2 of 2 files',
    ],
    levelVisible: STAFF_ONLY,
    contentText: 'This item has 2 files you can see: 2 from level 4 (Staff).',
    shareText: 'You can grant one person access to this item.',
    inviteText: null,
    checkAccessEmail: null,
    checkAccessText: null,
    ...overrides,
  };
}

let post: ReturnType<typeof vi.spyOn>;

beforeEach(() => {
  vi.spyOn(router, 'reload').mockImplementation(() => {});
  post = vi.spyOn(router, 'post').mockImplementation(() => {});
});

afterEach(() => {
  vi.useRealTimers();
  vi.restoreAllMocks();
});

const lastPost = () => post.mock.calls.at(-1) as [string, Record<string, unknown>, VisitOptions];

function renderForm(maxLevel: number, levelVisible: boolean[] | undefined, onGranted = () => {}) {
  return render(
    <GrantAccessForm path="/i/item1" maxLevel={maxLevel} levelVisible={levelVisible} levelText={anExplanation().levelText} onGranted={onGranted} />,
  );
}

describe('the Grant Access form', () => {
  it('shows the level slider only when the maximum level is 3 or more, from 2 to that maximum', () => {
    const { unmount } = renderForm(2, ALL_VISIBLE);
    expect(screen.queryByRole('slider')).toBeNull();
    expect(screen.getByText('Level 2: Affiliates (volunteers, churches, international)')).toBeTruthy();
    unmount();
    renderForm(4, ALL_VISIBLE);
    const slider = screen.getByRole('slider') as HTMLInputElement;
    expect([slider.min, slider.max, slider.step, slider.value]).toEqual(['2', '4', '1', '2']);
  });

  it('opens at the lowest level where something is visible, or at 2 when nothing ever is', () => {
    const { unmount } = renderForm(5, STAFF_ONLY);
    expect((screen.getByRole('slider') as HTMLInputElement).value).toBe('4');
    unmount();
    renderForm(3, STAFF_ONLY);
    expect((screen.getByRole('slider') as HTMLInputElement).value).toBe('2');
  });

  it('turns the slider to the danger colour at a level where nothing is visible', () => {
    renderForm(5, STAFF_ONLY);
    const slider = screen.getByRole('slider') as HTMLInputElement;
    expect(slider.className).not.toContain('share-level-danger');
    fireEvent.change(slider, { target: { value: '3' } });
    expect(slider.className).toContain('share-level-danger');
    expect(slider.getAttribute('aria-invalid')).toBe('true');
    expect(screen.getByText('Level 3: Leaders (chaplains, team leaders)').className).toContain('text-danger');
    fireEvent.change(slider, { target: { value: '5' } });
    expect(slider.className).not.toContain('share-level-danger');
  });

  it('posts level, email and daysValidity (90 by default; Forever as null) to {page}/share', async () => {
    renderForm(4, ALL_VISIBLE);
    await userEvent.type(screen.getByLabelText('Email'), 'friend@example.com');
    await userEvent.click(screen.getByRole('button', { name: SHARE_TEXTS.grantAccess }));
    expect(lastPost().slice(0, 2)).toEqual(['/i/item1/share', { level: 2, email: 'friend@example.com', daysValidity: 90 }]);
    expect((screen.getAllByRole('option') as HTMLOptionElement[]).map((option) => option.textContent)).toEqual(['7 days', '90 days', '365 days', 'Forever']);
    await userEvent.selectOptions(screen.getByLabelText('Valid for'), 'Forever');
    await userEvent.click(screen.getByRole('button', { name: SHARE_TEXTS.grantAccess }));
    expect(lastPost()[1]).toMatchObject({ daysValidity: null });
  });

  it('shows the server’s errors under level, email and daysValidity, and does not count as granted', async () => {
    const onGranted = vi.fn();
    renderForm(4, ALL_VISIBLE, onGranted);
    await userEvent.click(screen.getByRole('button', { name: SHARE_TEXTS.grantAccess }));
    act(() => lastPost()[2].onError?.({ level: 'Too high', email: 'Bad address', daysValidity: 'Bad days' }));
    for (const message of ['Too high', 'Bad address', 'Bad days']) expect(screen.getByText(message)).toBeTruthy();
    expect(onGranted).not.toHaveBeenCalled();
  });

  it('clears the e-mail with its clear button', async () => {
    renderForm(2, ALL_VISIBLE);
    const email = screen.getByLabelText('Email') as HTMLInputElement;
    await userEvent.type(email, 'x@example.com');
    await userEvent.click(screen.getByRole('button', { name: 'Clear email' }));
    expect(email.value).toBe('');
  });
});

describe('the Share button and dialog', () => {
  it('opens "How would you like to share?", loads the explanation, and after a grant confirms it and closes 2 s later, back to the button', async () => {
    vi.useFakeTimers({ shouldAdvanceTime: true });
    const user = userEvent.setup({ advanceTimers: vi.advanceTimersByTime });
    render(<ShareButton path="/i/item1" title="Staff Pack" canGrant maxLevel={4} explanation={anExplanation()} />);
    await user.click(screen.getByRole('button', { name: SHARE_TEXTS.shareButton }));
    expect(await screen.findByRole('dialog')).toBeTruthy();
    expect(screen.getByText(SHARE_TEXTS.dialogTitle)).toBeTruthy();
    expect(router.reload).toHaveBeenCalledWith({ only: ['sharingExplanation'] });

    await user.type(screen.getByLabelText('Email'), 'friend@example.com');
    await user.click(screen.getByRole('button', { name: SHARE_TEXTS.grantAccess }));
    expect(lastPost()[1]).toMatchObject({ level: 4 });
    act(() => (lastPost()[2].onSuccess as (page: unknown) => void)({ props: { errors: {} } }));

    expect(screen.getByText(SHARE_TEXTS.granted)).toBeTruthy();
    expect(screen.queryByRole('button', { name: SHARE_TEXTS.grantAccess })).toBeNull();
    // Half the wait: this clock also follows real time (shouldAdvanceTime, for waitFor), so a busy machine must not cross the line.
    await act(async () => vi.advanceTimersByTime(SHARE_DIALOG_CLOSE_MS / 2));
    expect(screen.getByText(SHARE_TEXTS.dialogTitle)).toBeTruthy();
    await act(async () => vi.advanceTimersByTime(SHARE_DIALOG_CLOSE_MS));
    // The modal's exit transition ends on its own after the 2 s.
    await waitFor(() => expect(screen.queryByText(SHARE_TEXTS.dialogTitle)).toBeNull());

    // Issue 15: the button stays for another grant, which starts on a fresh form.
    await user.click(screen.getByRole('button', { name: SHARE_TEXTS.shareButton }));
    expect(screen.queryByText(SHARE_TEXTS.granted)).toBeNull();
    expect((screen.getByLabelText('Email') as HTMLInputElement).value).toBe('');
  });

  it('offers no Grant Access to those who cannot share, but the links all the same', async () => {
    render(<ShareButton path="/i/item1" title="Camp Songs" canGrant={false} maxLevel={0} explanation={undefined} />);
    await userEvent.click(screen.getByRole('button', { name: SHARE_TEXTS.shareButton }));
    expect(screen.queryByRole('button', { name: SHARE_TEXTS.grantAccess })).toBeNull();
    expect(screen.getByRole('button', { name: SHARE_TEXTS.copyLink })).toBeTruthy();
  });
});

describe('the share links', () => {
  it('offers Email Link and SMS Link only where native share is unavailable, and a Facebook link', () => {
    const nav = navigator as Navigator & { share?: unknown };
    const original = nav.share;
    Object.defineProperty(navigator, 'share', { value: undefined, configurable: true });
    const { unmount } = render(<ShareLinks url="http://localhost/i/item1" title="Camp Songs" />);
    expect(screen.queryByRole('button', { name: SHARE_TEXTS.nativeShare })).toBeNull();
    expect(screen.getByRole('link', { name: SHARE_TEXTS.emailLink }).getAttribute('href')).toBe(
      'mailto:?subject=Camp%20Songs&body=http%3A%2F%2Flocalhost%2Fi%2Fitem1',
    );
    expect(screen.getByRole('link', { name: SHARE_TEXTS.smsLink }).getAttribute('href')).toContain('sms:');
    expect(screen.getByRole('link', { name: `${SHARE_TEXTS.facebook} ${OPENS_IN_NEW_TAB}` }).getAttribute('href')).toBe(
      'https://www.facebook.com/sharer/sharer.php?u=http%3A%2F%2Flocalhost%2Fi%2Fitem1',
    );
    unmount();

    Object.defineProperty(navigator, 'share', { value: vi.fn(async () => {}), configurable: true });
    render(<ShareLinks url="http://localhost/i/item1" title="Camp Songs" />);
    expect(screen.getByRole('button', { name: SHARE_TEXTS.nativeShare })).toBeTruthy();
    expect(screen.queryByRole('link', { name: SHARE_TEXTS.emailLink })).toBeNull();
    expect(screen.queryByRole('link', { name: SHARE_TEXTS.smsLink })).toBeNull();
    Object.defineProperty(navigator, 'share', { value: original, configurable: true });
  });

  it('falls back to the other buttons with an alert when native share fails, but not when cancelled', async () => {
    const alert = vi.fn();
    const share = vi.fn(async () => {
      throw new DOMException('cancelled', 'AbortError');
    });
    Object.defineProperty(navigator, 'share', { value: share, configurable: true });
    render(<ShareLinks url="http://localhost/i/item1" title="Camp Songs" alert={alert} />);
    await userEvent.click(screen.getByRole('button', { name: SHARE_TEXTS.nativeShare }));
    expect(alert).not.toHaveBeenCalled();
    share.mockImplementation(async () => {
      throw new TypeError('not allowed');
    });
    await userEvent.click(screen.getByRole('button', { name: SHARE_TEXTS.nativeShare }));
    expect(alert).toHaveBeenCalledTimes(1);
    expect(screen.getByRole('link', { name: SHARE_TEXTS.emailLink })).toBeTruthy();
    Object.defineProperty(navigator, 'share', { value: undefined, configurable: true });
  });

  it('shows Link Copied for 3 seconds after copying', async () => {
    vi.useFakeTimers();
    const writeText = vi.fn(async () => {});
    Object.defineProperty(navigator, 'clipboard', { value: { writeText }, configurable: true });
    render(<ShareLinks url="http://localhost/i/item1" title="Camp Songs" />);
    await act(async () => fireEvent.click(screen.getByRole('button', { name: SHARE_TEXTS.copyLink })));
    expect(writeText).toHaveBeenCalledWith('http://localhost/i/item1');
    expect(screen.getByRole('button', { name: SHARE_TEXTS.linkCopied })).toBeTruthy();
    await act(async () => vi.advanceTimersByTime(LINK_COPIED_MS - 10));
    expect(screen.getByRole('button', { name: SHARE_TEXTS.linkCopied })).toBeTruthy();
    await act(async () => vi.advanceTimersByTime(10));
    expect(screen.getByRole('button', { name: SHARE_TEXTS.copyLink })).toBeTruthy();
  });
});

describe('the Please Explain... panel', () => {
  it('shows the level diagram with the server’s text, and no Elevate link or check-access box without inviteText', async () => {
    render(<SharingExplanationPanel explanation={anExplanation()} />);
    await userEvent.click(screen.getByRole('button', { name: SHARE_TEXTS.explain }));
    const levels = screen.getByRole('list', { name: 'Access levels' });
    expect(levels.textContent).toContain('StaffCan see this item and 2 of 2 files');
    expect(levels.textContent).toContain('Leaders (chaplains, team leaders)Cannot open this item');
    expect(screen.queryByRole('link', { name: SHARE_TEXTS.elevateUsers })).toBeNull();
    expect(screen.queryByRole('button', { name: SHARE_TEXTS.checkAccess })).toBeNull();
  });

  it('with inviteText, links Elevate user(s) and checks an address with a partial reload of sharingExplanation', async () => {
    render(
      <SharingExplanationPanel
        explanation={anExplanation({ inviteText: 'Elevate them.', checkAccessText: 'Someone who signs in with a@example.com sees this item at level 1.' })}
      />,
    );
    await userEvent.click(screen.getByRole('button', { name: SHARE_TEXTS.explain }));
    expect(screen.getByRole('link', { name: SHARE_TEXTS.elevateUsers }).getAttribute('href')).toBe('/user_invitation/create');
    await userEvent.type(screen.getByLabelText(SHARE_TEXTS.checkAccessLabel), 'a@example.com');
    await userEvent.click(screen.getByRole('button', { name: SHARE_TEXTS.checkAccess }));
    expect(router.reload).toHaveBeenCalledWith({ only: ['sharingExplanation'], data: { checkAccessEmail: 'a@example.com' } });
    expect(screen.getByRole('status').textContent).toBe('Someone who signs in with a@example.com sees this item at level 1.');
  });
});
