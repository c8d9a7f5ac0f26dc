import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { router } from '@inertiajs/react';
import { AFFIRMATION_LOGIN_PROMPT, DELETE_ITEM_CONFIRM, OPENS_IN_NEW_TAB, SIGN_IN_HINT, STRONG_AFFIRMATION_CONFIRM } from '../../shared/messages';
import ItemActions from '../../components/item/ItemActions';
import { ITEM, OPTIONS, RELATED, SHARED_ADMIN, itemPage, mockConfirm, withItem } from './item-show-fixtures';
import { CONTENT_LIST_TEXTS } from '../../shared/content-list';
import { COMMENT_LIST_TEXTS } from '../../shared/comment-list';
import { SHARED_ANONYMOUS, SHARED_MEMBER, renderInertiaPage } from './support';

/** The carousel's pictures, which have no names (decorative): told apart by their addresses. */
const PICTURE_1 = ITEM.all_images[0]!.public_thumbnail_large_url;
const PICTURE_2 = ITEM.all_images[1]!.public_thumbnail_large_url;

let post: ReturnType<typeof vi.spyOn>;
let destroy: ReturnType<typeof vi.spyOn>;

beforeEach(() => {
  vi.spyOn(globalThis, 'fetch').mockImplementation(async (input) => {
    if (String(input).startsWith('/item?')) {
      return Response.json({
        data: [
          { ref: 'song00000001', title: 'Camp Songbook', topic: 'Music', blurb: '' },
          { ref: ITEM.ref, title: ITEM.title, topic: '', blurb: '' },
        ],
      });
    }
    return Response.json({ recentlyViewedItems: [], frequentlyViewedItems: [], myCollections: [] });
  });
  post = vi.spyOn(router, 'post').mockImplementation(() => undefined);
  destroy = vi.spyOn(router, 'delete').mockImplementation(() => undefined);
});

afterEach(() => vi.restoreAllMocks());

describe('item page sections', () => {
  it('shows the title, topic, blurb, authors and the page title', async () => {
    await renderInertiaPage(itemPage(SHARED_ANONYMOUS));
    expect(screen.getByRole('heading', { level: 1, name: ITEM.title })).toBeTruthy();
    expect(screen.getByText('Schools work')).toBeTruthy();
    expect(screen.getByText('A ten-minute assembly.')).toBeTruthy();
    expect(screen.getByText('Ruth Ellis, Sam Ng')).toBeTruthy();
    await waitFor(() => expect(document.title).toBe(`${ITEM.title} - Equip`));
  });

  it('shows characteristics with their values, leaving unset ones out', async () => {
    await renderInertiaPage(itemPage(SHARED_ANONYMOUS));
    const section = screen.getByRole('region', { name: 'Characteristics' });
    expect(within(section).getByText('Session length (minutes)').nextSibling?.textContent).toBe('10');
    expect(within(section).getByText('Works online').nextSibling?.textContent).toBe('Yes');
    expect(within(section).queryByText('Group size')).toBeNull();
  });

  it('groups tags under their taxonomy, each linking to the items that carry it', async () => {
    await renderInertiaPage(itemPage(SHARED_ANONYMOUS));
    const section = screen.getByRole('region', { name: 'Tags' });
    expect(within(section).getByText('Age Group')).toBeTruthy();
    expect(within(section).getByRole('link', { name: 'Children > Primary' }).getAttribute('href')).toBe('/item?tags=tagprimary01');
  });

  it('links the external copy and the drive folder, and shows the publication dates', async () => {
    await renderInertiaPage(itemPage(SHARED_ANONYMOUS));
    expect(screen.getByRole('link', { name: `Available externally ${OPENS_IN_NEW_TAB}` }).getAttribute('href')).toBe('https://example.com/lost-sheep');
    expect(screen.getByRole('link', { name: `Open the drive folder ${OPENS_IN_NEW_TAB}` }).getAttribute('href')).toBe(`/i/${ITEM.ref}/folder`);
    expect(screen.getByText('September 2021')).toBeTruthy();
    expect(screen.getByText('February 2024')).toBeTruthy();
  });

  it('never turns a non-web address into a link', async () => {
    await renderInertiaPage(itemPage(SHARED_ANONYMOUS, withItem({ available_external_link: 'javascript:alert(1)', google_drive_folder_id: null })));
    expect(screen.queryByRole('link', { name: `Available externally ${OPENS_IN_NEW_TAB}` })).toBeNull();
    expect(screen.queryByRole('link', { name: `Open the drive folder ${OPENS_IN_NEW_TAB}` })).toBeNull();
  });

  it('shows the images in a carousel, and no carousel without images', async () => {
    const { unmount } = await renderInertiaPage(itemPage(SHARED_ANONYMOUS));
    const carousel = screen.getByRole('group', { name: `Images of ${ITEM.title}` });
    expect([...carousel.querySelectorAll('img')].map((image) => image.getAttribute('src'))).toEqual([PICTURE_1, PICTURE_2]);
    unmount();
    await renderInertiaPage(itemPage(SHARED_ANONYMOUS, withItem({ all_images: [], image: null })));
    expect(screen.queryByRole('group', { name: `Images of ${ITEM.title}` })).toBeNull();
    expect(document.querySelector('main img, .item-images img')).toBeNull();
  });

  it('gives the pictures empty alt text: nothing describes them, and the title is the heading already (issue 36 §6)', async () => {
    await renderInertiaPage(itemPage(SHARED_ANONYMOUS));
    const carousel = screen.getByRole('group', { name: `Images of ${ITEM.title}` });
    expect([...carousel.querySelectorAll('img')].map((image) => image.getAttribute('alt'))).toEqual(['', '']);
    // Decorative pictures are no images to a screen reader; the carousel's status line says which one shows.
    expect(within(carousel).queryAllByRole('img')).toEqual([]);
    expect(screen.queryByRole('img', { name: new RegExp(ITEM.title) })).toBeNull();
  });

  it('gives the carousel a frame of known size and Previous / Next buttons that change the image', async () => {
    const user = userEvent.setup();
    await renderInertiaPage(itemPage(SHARED_ANONYMOUS));
    const carousel = screen.getByRole('group', { name: `Images of ${ITEM.title}` });
    for (const image of carousel.querySelectorAll('img')) {
      // The space is kept before the picture arrives (no layout shift).
      expect([image.getAttribute('width'), image.getAttribute('height')]).toEqual(['800', '450']);
    }
    const active = () => carousel.querySelector('.carousel-item.active img')?.getAttribute('src');
    expect(active()).toBe(PICTURE_1);
    const next = within(carousel).getByRole('button', { name: 'Next image' });
    expect(next.tagName).toBe('BUTTON');
    await user.click(next);
    await waitFor(() => expect(active()).toBe(PICTURE_2));
    await user.click(within(carousel).getByRole('button', { name: 'Previous image' }));
    await waitFor(() => expect(active()).toBe(PICTURE_1));
  });

  it('turns the picture from its indicators, by a swipe and by the arrow keys, and says which one shows', async () => {
    await renderInertiaPage(itemPage(SHARED_ANONYMOUS));
    const carousel = screen.getByRole('group', { name: `Images of ${ITEM.title}` });
    const active = () => carousel.querySelector('.carousel-item.active img')?.getAttribute('src');
    const status = carousel.querySelector('[aria-live="polite"]');
    expect(status?.textContent).toBe('Image 1 of 2');

    await userEvent.click(within(carousel).getByRole('button', { name: 'Show image 2' }));
    expect(active()).toBe(PICTURE_2);
    expect(within(carousel).getByRole('button', { name: 'Show image 2' }).getAttribute('aria-current')).toBe('true');
    expect(status?.textContent).toBe('Image 2 of 2');

    const pictures = carousel.querySelector('.carousel-inner')!;
    const swipe = (from: number, to: number, pointerType = 'touch') => {
      fireEvent.pointerDown(pictures, { pointerType, isPrimary: true, clientX: from });
      fireEvent.pointerUp(pictures, { pointerType, isPrimary: true, clientX: to });
    };
    swipe(100, 300);
    expect(active()).toBe(PICTURE_1);
    // Too short to be a swipe, and a mouse's drag is not one.
    swipe(300, 270);
    swipe(300, 100, 'mouse');
    expect(active()).toBe(PICTURE_1);
    swipe(300, 100);
    expect(active()).toBe(PICTURE_2);

    // Two fingers are a pinch to zoom, not a swipe.
    fireEvent.pointerDown(pictures, { pointerType: 'touch', isPrimary: true, clientX: 300 });
    fireEvent.pointerDown(pictures, { pointerType: 'touch', isPrimary: false, clientX: 320 });
    fireEvent.pointerUp(pictures, { pointerType: 'touch', isPrimary: true, clientX: 100 });
    expect(active()).toBe(PICTURE_2);

    // The arrow keys turn it while the focus is on one of its buttons.
    within(carousel).getByRole('button', { name: 'Next image' }).focus();
    await userEvent.keyboard('{ArrowLeft}');
    expect(active()).toBe(PICTURE_1);
    await userEvent.keyboard('{ArrowRight}');
    expect(active()).toBe(PICTURE_2);
  });

  it.each([
    [10, 'Draft', 'bg-danger'],
    [20, 'Pending', 'bg-warning'],
    [30, 'Unpublished', 'bg-secondary'],
    [40, 'Unlisted', 'bg-secondary'],
  ] as const)('marks visibility %i with a %s badge in %s', async (visibility, label, colour) => {
    await renderInertiaPage(itemPage(SHARED_MEMBER, withItem({ visibility })));
    const header = screen.getByRole('heading', { level: 1 }).closest('header')!;
    expect(within(header).getByText(label).className).toContain(colour);
  });

  it('shows no badge on a discoverable item', async () => {
    await renderInertiaPage(itemPage(SHARED_MEMBER));
    const header = screen.getByRole('heading', { level: 1 }).closest('header')!;
    expect(within(header).queryByText('Discoverable')).toBeNull();
  });

  it('warns that an item has expired', async () => {
    await renderInertiaPage(
      itemPage(SHARED_MEMBER, withItem({ expired: true, expires_at: '2025-03-01T00:00:00.000Z', expires_note: 'Replaced by the 2025 edition.' })),
    );
    expect(screen.getByText('This item expired on 1 March 2025. Only its editors can still open it.')).toBeTruthy();
    expect(screen.getByText('Replaced by the 2025 edition.')).toBeTruthy();
  });

  it('names the expiry day its editor chose, whatever the organisation’s time zone', async () => {
    await renderInertiaPage(itemPage({ ...SHARED_MEMBER, timeZone: 'America/New_York' }, withItem({ expired: true, expires_at: '2025-03-01T00:00:00.000Z' })));
    expect(screen.getByText('This item expired on 1 March 2025. Only its editors can still open it.')).toBeTruthy();
  });
});

describe('affirmations', () => {
  const affirmationButton = (name: string) => screen.getByRole('button', { name });

  it('gives a thumb with value 1, keeping scroll and reloading only the item and options', async () => {
    await renderInertiaPage(itemPage(SHARED_MEMBER));
    await userEvent.click(affirmationButton('Helpful: thumb'));
    expect(post).toHaveBeenCalledWith(
      `/i/${ITEM.ref}/affirmation`,
      { affirmation: 'optionhelpful', value: 1 },
      expect.objectContaining({ preserveScroll: true, only: ['affirmationOptions', 'item'] }),
    );
  });

  it('asks before a strong affirmation, and sends nothing when the answer is no', async () => {
    const confirm = mockConfirm(false);
    await renderInertiaPage(itemPage(SHARED_MEMBER));
    await userEvent.click(affirmationButton('Helpful: strong'));
    expect(confirm).toHaveBeenCalledWith(STRONG_AFFIRMATION_CONFIRM);
    expect(post).not.toHaveBeenCalled();
    confirm.mockReturnValue(true);
    await userEvent.click(affirmationButton('Helpful: strong'));
    expect(post).toHaveBeenCalledWith(`/i/${ITEM.ref}/affirmation`, { affirmation: 'optionhelpful', value: 2 }, expect.anything());
  });

  it('clears the current strength with 0, without asking', async () => {
    const confirm = mockConfirm(true);
    await renderInertiaPage(itemPage(SHARED_MEMBER));
    const strong = affirmationButton('Outdated: strong');
    expect(strong.getAttribute('aria-pressed')).toBe('true');
    await userEvent.click(strong);
    expect(confirm).not.toHaveBeenCalled();
    expect(post).toHaveBeenCalledWith(`/i/${ITEM.ref}/affirmation`, { affirmation: 'optionoutdated', value: 0 }, expect.anything());
  });

  it('shows counts only when the server sends them (admins)', async () => {
    await renderInertiaPage(itemPage(SHARED_MEMBER));
    expect(screen.queryByTitle('People who gave this (admins only)')).toBeNull();
    await renderInertiaPage(itemPage(SHARED_ADMIN, { affirmationOptions: OPTIONS.map((option, index) => ({ ...option, count: index + 4 })) }));
    expect(screen.getAllByTitle('People who gave this (admins only)').map((badge) => badge.textContent)).toEqual(['4', '5']);
  });

  it('tells visitors that logging in lets them affirm instead of buttons, and the summary', async () => {
    await renderInertiaPage(itemPage(SHARED_ANONYMOUS));
    const section = screen.getByRole('region', { name: 'Affirmations' });
    expect(within(section).getByText(AFFIRMATION_LOGIN_PROMPT)).toBeTruthy();
    expect(within(section).getByText(ITEM.affirmation_text)).toBeTruthy();
    expect(within(section).queryByRole('button', { name: /thumb/ })).toBeNull();
    // The page's one prompt holds the Log in button.
    expect(within(section).queryByRole('button', { name: 'Log in' })).toBeNull();
    await userEvent.click(within(screen.getByRole('status')).getByRole('button', { name: 'Log in' }));
    expect(await screen.findByRole('dialog', { name: 'Log in or sign up' })).toBeTruthy();
  });
});

describe('visitors', () => {
  it('are told that signing in shows more of the library', async () => {
    await renderInertiaPage(itemPage(SHARED_ANONYMOUS));
    expect(screen.getByText(SIGN_IN_HINT)).toBeTruthy();
  });

  it('get one sign-in prompt on the page, a polite status with one Log in, however many parts signing in would open', async () => {
    await renderInertiaPage(itemPage(SHARED_ANONYMOUS, withItem({ more_content_available: true, contents: [] })));
    // Affirmations, comments and the content above their level each say what signing in would give them…
    expect(screen.getByText(AFFIRMATION_LOGIN_PROMPT)).toBeTruthy();
    expect(screen.getByText(CONTENT_LIST_TEXTS.moreContentForVisitors)).toBeTruthy();
    expect(screen.getByText(COMMENT_LIST_TEXTS.loginPrompt)).toBeTruthy();
    // …in plain words; the one prompt is a status, not an alert.
    const prompt = screen.getByRole('status');
    expect(prompt.textContent).toContain(SIGN_IN_HINT);
    expect(screen.getAllByRole('button', { name: 'Log in' })).toEqual([within(prompt).getByRole('button', { name: 'Log in' })]);
    expect(screen.queryAllByRole('alert')).toEqual([]);
  });

  it('signed-in users are not', async () => {
    await renderInertiaPage(itemPage(SHARED_MEMBER));
    expect(screen.queryByText(SIGN_IN_HINT)).toBeNull();
  });
});

describe('item actions', () => {
  it('offers Edit only with can.update, toggling to Stop Editing and showing unset characteristics', async () => {
    const { unmount } = await renderInertiaPage(itemPage(SHARED_MEMBER));
    // The item's actions load on demand: once Add to Collection shows, they are there.
    await screen.findByRole('button', { name: 'Add to Collection' });
    expect(screen.queryByRole('button', { name: 'Edit' })).toBeNull();
    unmount();
    await renderInertiaPage(itemPage(SHARED_MEMBER, {}, { update: true }));
    const edit = await screen.findByRole('button', { name: 'Edit' });
    expect(screen.queryByText('Group size')).toBeNull();
    await userEvent.click(edit);
    expect(screen.getByRole('button', { name: 'Stop Editing' }).getAttribute('aria-pressed')).toBe('true');
    await waitFor(() => expect(screen.getByText('Group size').nextSibling?.textContent).toBe('Not set'));
    await userEvent.click(screen.getByRole('button', { name: 'Stop Editing' }));
    expect(screen.getByRole('button', { name: 'Edit' })).toBeTruthy();
  });

  it('duplicates with POST /i/{ref} when allowed', async () => {
    await renderInertiaPage(itemPage(SHARED_MEMBER, {}, { duplicate: true }));
    await userEvent.click(await screen.findByRole('button', { name: 'Duplicate' }));
    expect(post).toHaveBeenCalledWith(`/i/${ITEM.ref}`);
  });

  it('deletes with DELETE /i/{ref} only after confirmation', async () => {
    const confirm = mockConfirm(false);
    await renderInertiaPage(itemPage(SHARED_MEMBER, {}, { delete: true }));
    await userEvent.click(await screen.findByRole('button', { name: 'Delete' }));
    expect(confirm).toHaveBeenCalledWith(DELETE_ITEM_CONFIRM);
    expect(destroy).not.toHaveBeenCalled();
    confirm.mockReturnValue(true);
    await userEvent.click(screen.getByRole('button', { name: 'Delete' }));
    expect(destroy).toHaveBeenCalledWith(`/i/${ITEM.ref}`);
  });

  it('shows no actions to a visitor', async () => {
    // The page loads the actions on demand, so their own test says whether they show: without any, nothing does.
    const { container } = render(
      <ItemActions itemRef={ITEM.ref} can={{ update: false, duplicate: false, delete: false }} editing={false} onToggleEditing={() => {}} />,
    );
    expect(container.innerHTML).toBe('');
    await renderInertiaPage(itemPage(SHARED_ANONYMOUS));
    expect(screen.queryByRole('toolbar', { name: 'Item actions' })).toBeNull();
  });
});

describe('related items', () => {
  it('links each related item and marks suggestions; remove only when allowed', async () => {
    await renderInertiaPage(itemPage(SHARED_MEMBER));
    const section = screen.getByRole('region', { name: 'Related Items' });
    expect(within(section).getByRole('link', { name: RELATED.item.title }).getAttribute('href')).toBe('/i/coin00000001');
    expect(within(section).getByText('Suggested')).toBeTruthy();
    await userEvent.click(within(section).getByRole('button', { name: `Remove the relation to ${RELATED.item.title}` }));
    expect(destroy).toHaveBeenCalledWith('/relation/relation0001', expect.objectContaining({ preserveScroll: true, only: ['item'] }));
  });

  it('has no remove button when the relation may not be removed', async () => {
    await renderInertiaPage(itemPage(SHARED_MEMBER, withItem({ relations: [{ ...RELATED, can_delete: false, admin_approved: true }] })));
    expect(screen.queryByRole('button', { name: /Remove the relation/ })).toBeNull();
    expect(screen.queryByText('Suggested')).toBeNull();
  });

  it('lets a viewer who may relate items search for one and add it', async () => {
    await renderInertiaPage(itemPage(SHARED_MEMBER, { canRelate: true }));
    await userEvent.type(await screen.findByLabelText('Add a related item'), 'camp');
    const match = await screen.findByRole('button', { name: /Camp Songbook/ }, { timeout: 2000 });
    // The item itself is never offered.
    expect(screen.queryByRole('button', { name: new RegExp(ITEM.title) })).toBeNull();
    await userEvent.click(match);
    expect(post).toHaveBeenCalledWith(`/i/${ITEM.ref}/relation/song00000001`, { item: 'song00000001' }, expect.objectContaining({ only: ['item'] }));
  });

  it('shows the server’s reason when adding failed', async () => {
    await renderInertiaPage(itemPage({ ...SHARED_MEMBER, errors: { item: 'These items are already related.' } }, { canRelate: true }));
    expect(await screen.findByText('These items are already related.')).toBeTruthy();
  });

  it('has no search box for viewers who may not relate items', async () => {
    await renderInertiaPage(itemPage(SHARED_MEMBER));
    expect(screen.queryByLabelText('Add a related item')).toBeNull();
  });
});

describe('sidebars', () => {
  it('gives admins the right sidebar with Tasks, Access, Ownership and Info', async () => {
    await renderInertiaPage(itemPage(SHARED_ADMIN));
    const sidebar = await screen.findByRole('complementary', { name: 'Item administration' });
    await within(sidebar).findByRole('heading', { name: 'Tasks' });
    expect(
      within(sidebar)
        .getAllByRole('heading', { level: 2 })
        .map((heading) => heading.textContent),
    ).toEqual(['Tasks', 'Access', 'Ownership', 'Info']);
    expect(within(sidebar).getByText('Check the film clip links')).toBeTruthy();
    expect(within(sidebar).getByText('High')).toBeTruthy();
    expect(within(sidebar).queryByText('Proofread the script')).toBeNull();
    expect(within(sidebar).getByText('Affiliates (volunteers, churches, international)')).toBeTruthy();
    expect(within(sidebar).getByText(ITEM.visibility_explanation!)).toBeTruthy();
    expect(within(sidebar).getByText('EQ-00001')).toBeTruthy();
    expect(within(sidebar).getByText('Priya Patel')).toBeTruthy();
    expect(screen.queryByRole('complementary', { name: 'About this item' })).toBeNull();
  });

  it.each([
    ['members', SHARED_MEMBER],
    ['visitors', SHARED_ANONYMOUS],
  ])('shows %s none of the curators’ Access, Ownership and Info: no visibility code or explanation, item code or views', async (_who, shared) => {
    await renderInertiaPage(itemPage(shared));
    expect(screen.queryByRole('complementary', { name: 'Item administration' })).toBeNull();
    expect(screen.queryByRole('complementary', { name: 'About this item' })).toBeNull();
    for (const section of ['Access', 'Ownership', 'Info']) expect(screen.queryByRole('heading', { name: section })).toBeNull();
    for (const curatorWords of [ITEM.visibility_explanation!, 'Discoverable', 'EQ-00001', '1,234', 'Minimum access', 'Item code', 'Views'])
      expect(screen.queryByText(curatorWords, { exact: false })).toBeNull();
    expect(document.querySelector('main code')).toBeNull();
    // The item's main column takes the width the panel left.
    expect(screen.getByRole('region', { name: 'Overview' }).closest('.col-12')).toBeTruthy();
  });

  it('names the maintainer among the item’s facts when the server names them, with the address it sends', async () => {
    const { unmount } = await renderInertiaPage(itemPage(SHARED_MEMBER, withItem({ created_by_user_email: 'priya@example.org' })));
    const facts = screen.getByRole('region', { name: 'Availability and dates' });
    expect(within(facts).getByText('Looked after by:')).toBeTruthy();
    expect(within(facts).getByText('Priya Patel', { exact: false })).toBeTruthy();
    expect(within(facts).getByRole('link', { name: 'priya@example.org' }).getAttribute('href')).toBe('mailto:priya@example.org');
    unmount();
    await renderInertiaPage(itemPage(SHARED_ANONYMOUS, withItem({ created_by_user_name: null })));
    expect(screen.queryByText('Looked after by:')).toBeNull();
  });

  it('shows the maintainer their tasks, Access, Ownership and Info beside the item, not on paper', async () => {
    await renderInertiaPage(itemPage(SHARED_MEMBER, {}, { update: true }));
    const about = await screen.findByRole('complementary', { name: 'About this item' });
    await within(about).findByRole('heading', { name: 'Tasks' });
    expect(
      within(about)
        .getAllByRole('heading', { level: 2 })
        .map((heading) => heading.textContent),
    ).toEqual(['Tasks', 'Access', 'Ownership', 'Info']);
    expect(within(about).getByText('1,234')).toBeTruthy();
    expect(about.getAttribute('data-print')).toBe('hidden');
    expect(screen.queryByText('Looked after by:')).toBeNull();
    expect(within(about).getByText('Check the film clip links')).toBeTruthy();
    expect(within(about).getByText('Due 10 January 2025 (overdue)')).toBeTruthy();
  });
});
