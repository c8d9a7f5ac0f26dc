import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { act, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { router } from '@inertiajs/react';
import type { SortableEvent } from 'sortablejs';
import {
  ADD_TO_COLLECTION_TITLE,
  COLLECTION_MESSAGES,
  COLLECTION_TEXTS,
  DELETE_COLLECTION_CONFIRM,
  entryMovedAnnouncement,
  NEW_COLLECTION_TITLE,
  REMOVE_COLLECTION_ITEM_CONFIRM,
  type CollectionChoice,
  type CollectionItemEntry,
  type CollectionSection,
  type OwnCollectionSummary,
} from '../../shared/collections';
import { EMPTY_STATES } from '../../shared/messages';
import { COLLECTION_SHARING_TEXTS } from '../../shared/sharing';
import { SHARE_TEXTS } from '../../shared/share-texts';
import type { PagePropsMap } from '../../shared/pages';
import type { FlashData, SharedProps } from '../../shared/props';
import AddToCollectionButton from '../../components/collections/AddToCollectionButton';
import { HOME_PROPS, SHARED_MEMBER, pageObject, renderInertiaPage, sortableOf } from './support';

const OWNER: SharedProps = { ...SHARED_MEMBER, can: { ...SHARED_MEMBER.can, create: true, update: true, delete: true, share: true, shareToLevel: 2 } };

const SUMMARIES: OwnCollectionSummary[] = [
  { ref: 'coll00000001', title: 'Holiday Club', description: 'Five days of fun', public: true, itemCount: 3 },
  { ref: 'coll00000002', title: 'Secret Plans', description: '', public: false, itemCount: 0 },
  { ref: 'coll00000003', title: 'Solo Pick', description: '', public: false, itemCount: 1 },
];

function entry(ref: string, section: string, position: number, item: CollectionItemEntry['item'], note = ''): CollectionItemEntry {
  return { ref, section, position, note, item };
}

function section(name: string, idx: number, items: CollectionItemEntry[]): CollectionSection {
  return { section: name, idx, items, refs: items.map((item) => item.ref) };
}

const SONGS = entry(
  'entry0000001',
  'Week 1',
  0,
  { ref: 'item00000001', title: 'Campfire Songs', blurb: 'Songs for the fire.', image: '/image/img000000001/large' },
  'Start here',
);
const GAMES = entry('entry0000002', 'Week 1', 1, { ref: 'item00000002', title: 'Rainy Day Games', blurb: 'Indoors.', image: null });
const LOCKED = entry('entry0000003', 'Week 2', 0, null);
const NO_FOLLOW = { target: { collection: 'coll00000001' }, following: null, canFollow: false, feedUrl: null };
const SECTIONS = [section('Week 1', 0, [SONGS, GAMES]), section('Week 2', 1, [LOCKED])];

function renderIndex(collections: OwnCollectionSummary[], shared: SharedProps = OWNER) {
  return renderInertiaPage(pageObject('collection/Index', { collections, ...shared, title: 'My Collections' }, { url: '/collection' }));
}

function renderShow(props: Partial<PagePropsMap['collection/Show']> = {}, shared: SharedProps = OWNER, flash: FlashData = {}) {
  const collection = { ref: 'coll00000001', title: 'Holiday Club', description: 'Five days of fun', public: true, ownerDisplayName: 'Maya Thompson' };
  return renderInertiaPage(
    pageObject('collection/Show', { collection, sections: SECTIONS, follow: NO_FOLLOW, ...shared, ...props }, { url: '/collection/coll00000001', flash }),
  );
}

const sectionList = (name: string) => screen.getByRole('list', { name }) as HTMLElement;
const entryElement = (name: string) => screen.getByRole('listitem', { name }) as HTMLElement;

beforeEach(() => {
  vi.spyOn(globalThis, 'fetch').mockImplementation(async () => Response.json({ recentlyViewedItems: [], frequentlyViewedItems: [], myCollections: [] }));
});
afterEach(() => {
  vi.restoreAllMocks();
  vi.unstubAllGlobals();
});

/** The browser's confirmation prompt, answered by the test. */
function stubConfirm<T extends (message: string) => boolean>(answer: T): T {
  vi.stubGlobal('confirm', answer);
  return answer;
}

describe('My Collections', () => {
  it('warns when the viewer has not created any collections', async () => {
    await renderIndex([]);
    expect(await screen.findByText(EMPTY_STATES.collections)).toBeTruthy();
    expect(screen.queryByRole('list', { name: 'My Collections' })).toBeNull();
  });

  it('shows a card per collection linking to it, with a success stripe only when public', async () => {
    await renderIndex(SUMMARIES);
    const holiday = await screen.findByRole('link', { name: 'Holiday Club' });
    expect(holiday.getAttribute('href')).toBe('/collection/coll00000001');
    expect(screen.getByText('Five days of fun')).toBeTruthy();
    const holidayCard = holiday.closest('article')!;
    const secretCard = screen.getByRole('link', { name: 'Secret Plans' }).closest('article')!;
    expect(holidayCard.className).toContain('border-success');
    expect(secretCard.className).not.toContain('border-success');
    expect(screen.queryByText(EMPTY_STATES.collections)).toBeNull();
  });

  it('says on each card how many items the server counted in it (issue 36 §6)', async () => {
    await renderIndex(SUMMARIES);
    const card = async (title: string) => (await screen.findByRole('link', { name: title })).closest('article')!;
    expect(within(await card('Holiday Club')).getByText('3 items')).toBeTruthy();
    expect(within(await card('Secret Plans')).getByText('No items')).toBeTruthy();
    expect(within(await card('Solo Pick')).getByText('1 item')).toBeTruthy();
  });

  it('opens the New Collection dialog from Create New, reset each time, and posts title, description and public', async () => {
    const user = userEvent.setup();
    const visit = vi.spyOn(router, 'visit').mockImplementation(() => {});
    await renderIndex([]);
    await user.click(await screen.findByRole('button', { name: COLLECTION_TEXTS.createNew }));
    const dialog = await screen.findByRole('dialog', { name: NEW_COLLECTION_TITLE });
    expect((within(dialog).getByLabelText('Title') as HTMLInputElement).value).toBe('');
    expect((within(dialog).getByLabelText(COLLECTION_TEXTS.public) as HTMLInputElement).checked).toBe(false);
    await user.type(within(dialog).getByLabelText('Title'), 'Summer Camp');
    await user.type(within(dialog).getByLabelText('Description'), 'Outdoor week');
    await user.click(within(dialog).getByLabelText(COLLECTION_TEXTS.public));
    await user.click(within(dialog).getByRole('button', { name: 'OK' }));
    expect(visit).toHaveBeenCalledTimes(1);
    const [url, options] = visit.mock.calls[0]!;
    expect(String(url)).toBe('/collection');
    expect(options).toMatchObject({ method: 'post', data: { title: 'Summer Camp', description: 'Outdoor week', public: true } });
  });

  it('shows the server’s error under the title and stays open', async () => {
    const user = userEvent.setup();
    vi.spyOn(router, 'visit').mockImplementation((_url, options) => {
      options?.onError?.({ title: COLLECTION_MESSAGES.titleRequired });
      options?.onFinish?.({} as never);
    });
    await renderIndex([]);
    await user.click(await screen.findByRole('button', { name: COLLECTION_TEXTS.createNew }));
    const dialog = await screen.findByRole('dialog', { name: NEW_COLLECTION_TITLE });
    await user.click(within(dialog).getByRole('button', { name: 'OK' }));
    expect(await within(dialog).findByText(COLLECTION_MESSAGES.titleRequired)).toBeTruthy();
    expect(screen.getByRole('dialog', { name: NEW_COLLECTION_TITLE })).toBeTruthy();
  });

  it('offers no Create New without can.create', async () => {
    await renderIndex(SUMMARIES, SHARED_MEMBER);
    await screen.findByRole('link', { name: 'Holiday Club' });
    expect(screen.queryByRole('button', { name: COLLECTION_TEXTS.createNew })).toBeNull();
  });
});

describe('a collection page', () => {
  it('shows the owner, the sections, and each entry’s item linking to /i/{ref} with image, title, blurb and note', async () => {
    await renderShow();
    expect(await screen.findByRole('heading', { level: 1, name: 'Holiday Club' })).toBeTruthy();
    expect(screen.getByText(`${COLLECTION_TEXTS.owner}: Maya Thompson`)).toBeTruthy();
    expect(screen.getAllByRole('heading', { level: 2 }).map((heading) => heading.textContent)).toEqual(['Week 1', 'Week 2']);
    const week1 = sectionList('Week 1');
    const songs = within(week1).getByRole('link', { name: 'Campfire Songs' });
    expect(songs.getAttribute('href')).toBe('/i/item00000001');
    expect(within(week1).getByText('Songs for the fire.')).toBeTruthy();
    expect(within(week1).getByText('Start here')).toBeTruthy();
    expect(entryElement('Campfire Songs').querySelector('img')?.getAttribute('src')).toBe('/image/img000000001/large');
    expect(
      within(week1)
        .getAllByRole('listitem')
        .map((item) => item.getAttribute('aria-label')),
    ).toEqual(['Campfire Songs', 'Rainy Day Games']);
  });

  it('shows an entry the viewer may not open as a locked placeholder, without a link or image', async () => {
    await renderShow();
    const locked = entryElement(COLLECTION_TEXTS.lockedItem);
    expect(within(locked).getByText(COLLECTION_TEXTS.lockedItem)).toBeTruthy();
    expect(within(locked).queryByRole('link')).toBeNull();
    expect(locked.querySelector('img')).toBeNull();
  });

  it('has no edit controls without can.update, and no drag list', async () => {
    await renderShow({}, SHARED_MEMBER);
    await screen.findByRole('heading', { level: 1, name: 'Holiday Club' });
    expect(screen.queryByRole('button', { name: 'Edit' })).toBeNull();
    expect(screen.queryByRole('button', { name: 'Delete' })).toBeNull();
    expect(screen.queryByRole('button', { name: /^Remove / })).toBeNull();
    expect(screen.queryByLabelText(/^Drag /)).toBeNull();
  });

  it('switches edit mode on with Edit: inline fields, drag handles, note editing and removal per entry', async () => {
    const user = userEvent.setup();
    await renderShow();
    expect(screen.queryByLabelText('Drag Campfire Songs')).toBeNull();
    await user.click(await screen.findByRole('button', { name: 'Edit' }));
    expect(screen.getByRole('button', { name: 'Stop Editing' })).toBeTruthy();
    expect(await screen.findByLabelText('Drag Campfire Songs')).toBeTruthy();
    expect(await screen.findByRole('button', { name: 'Edit Title' })).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Edit Description' })).toBeTruthy();
    expect(screen.getByRole('button', { name: `Edit ${COLLECTION_TEXTS.public}` })).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Remove Rainy Day Games' })).toBeTruthy();
    await sortableOf(sectionList('Week 1'));
    await user.click(screen.getByRole('button', { name: 'Stop Editing' }));
    expect(screen.queryByLabelText('Drag Campfire Songs')).toBeNull();
  });

  it('says who can open a public collection’s link, and asks for its sharing explanation for Please Explain...', async () => {
    const reload = vi.spyOn(router, 'reload').mockImplementation(() => {});
    await renderShow();
    await userEvent.click(await screen.findByRole('button', { name: SHARE_TEXTS.shareButton }));
    const dialog = await screen.findByRole('dialog', { name: SHARE_TEXTS.dialogTitle });
    expect(within(dialog).getByRole('form', { name: SHARE_TEXTS.grantAccess })).toBeTruthy();
    expect(within(dialog).getByText(COLLECTION_SHARING_TEXTS.public)).toBeTruthy();
    expect(within(dialog).queryByRole('button', { name: COLLECTION_SHARING_TEXTS.makePublic })).toBeNull();
    expect(within(dialog).getByRole('button', { name: SHARE_TEXTS.explain })).toBeTruthy();
    expect(reload).toHaveBeenCalledWith(expect.objectContaining({ only: ['sharingExplanation'] }));
  });

  it('warns its owner that a private collection’s link opens only for them, admins and grantees, and makes it public with PATCH', async () => {
    vi.spyOn(router, 'reload').mockImplementation(() => {});
    const patch = vi.spyOn(router, 'patch').mockImplementation(() => {});
    const collection = { ref: 'coll00000001', title: 'Holiday Club', description: '', public: false, ownerDisplayName: 'Maya Thompson' };
    await renderShow({ collection });
    await userEvent.click(await screen.findByRole('button', { name: SHARE_TEXTS.shareButton }));
    const dialog = await screen.findByRole('dialog', { name: SHARE_TEXTS.dialogTitle });
    expect(within(dialog).getByText(COLLECTION_SHARING_TEXTS.privateOwner)).toBeTruthy();
    await userEvent.click(within(dialog).getByRole('button', { name: COLLECTION_SHARING_TEXTS.makePublic }));
    expect(patch).toHaveBeenCalledTimes(1);
    expect(patch.mock.calls[0]!.slice(0, 2)).toEqual(['/collection/coll00000001', { public: true }]);
  });

  it('does not tell an owner who may not grant access that people can be granted it, and offers Make it public', async () => {
    vi.spyOn(router, 'reload').mockImplementation(() => {});
    const collection = { ref: 'coll00000001', title: 'Holiday Club', description: '', public: false, ownerDisplayName: 'Maya Thompson' };
    await renderShow({ collection }, { ...OWNER, can: { ...OWNER.can, share: false, shareToLevel: 0 } });
    await userEvent.click(await screen.findByRole('button', { name: SHARE_TEXTS.shareButton }));
    const dialog = await screen.findByRole('dialog', { name: SHARE_TEXTS.dialogTitle });
    expect(within(dialog).getByText(COLLECTION_SHARING_TEXTS.privateOwnerNoGrant)).toBeTruthy();
    expect(within(dialog).queryByText(/grant access to/)).toBeNull();
    expect(within(dialog).queryByRole('form', { name: SHARE_TEXTS.grantAccess })).toBeNull();
    expect(within(dialog).getByRole('button', { name: COLLECTION_SHARING_TEXTS.makePublic })).toBeTruthy();
  });

  it('starts in edit mode when the flash says so', async () => {
    await renderShow({}, OWNER, { editMode: true });
    expect(await screen.findByRole('button', { name: 'Stop Editing' })).toBeTruthy();
  });

  it('saves a drop into another section with PATCH /collection_item/{ref} (section and position) and shows it there at once', async () => {
    const user = userEvent.setup();
    const patch = vi.spyOn(router, 'patch').mockImplementation(() => {});
    await renderShow();
    await user.click(await screen.findByRole('button', { name: 'Edit' }));
    const from = sectionList('Week 1');
    const to = sectionList('Week 2');
    const sortable = await sortableOf(from);
    expect(sortable.options.animation).toBe(250);
    const item = entryElement('Rainy Day Games');
    // As Sortable leaves things on a drop: the node already moved to the other list.
    to.insertBefore(item, to.firstChild);
    act(() => sortable.options.onEnd!({ item, from, to, oldIndex: 1, newIndex: 0 } as unknown as SortableEvent));
    expect(patch).toHaveBeenCalledTimes(1);
    const [url, data, options] = patch.mock.calls[0]!;
    expect(url).toBe('/collection_item/entry0000002');
    expect(data).toEqual({ section: 'Week 2', position: 0 });
    expect(options).toMatchObject({ preserveScroll: true });
    await waitFor(() =>
      expect(
        within(sectionList('Week 2'))
          .getAllByRole('listitem')
          .map((node) => node.getAttribute('aria-label')),
      ).toEqual(['Rainy Day Games', COLLECTION_TEXTS.lockedItem]),
    );
    expect(
      within(sectionList('Week 1'))
        .getAllByRole('listitem')
        .map((node) => node.getAttribute('aria-label')),
    ).toEqual(['Campfire Songs']);
  });

  it('saves a re-order within a section, and ignores a drop back in place', async () => {
    const user = userEvent.setup();
    const patch = vi.spyOn(router, 'patch').mockImplementation(() => {});
    await renderShow();
    await user.click(await screen.findByRole('button', { name: 'Edit' }));
    const list = sectionList('Week 1');
    const onEnd = (await sortableOf(list)).options.onEnd!;
    act(() => onEnd({ item: entryElement('Campfire Songs'), from: list, to: list, oldIndex: 0, newIndex: 0 } as unknown as SortableEvent));
    expect(patch).not.toHaveBeenCalled();
    act(() => onEnd({ item: entryElement('Campfire Songs'), from: list, to: list, oldIndex: 0, newIndex: 1 } as unknown as SortableEvent));
    expect(patch).toHaveBeenCalledWith('/collection_item/entry0000001', { section: 'Week 1', position: 1 }, expect.anything());
  });

  it('moves an entry down by keyboard: PATCH with its new position, said in the live region, the focus kept on it', async () => {
    const user = userEvent.setup();
    const patch = vi.spyOn(router, 'patch').mockImplementation(() => {});
    await renderShow();
    await user.click(await screen.findByRole('button', { name: 'Edit' }));
    expect((screen.getByRole('button', { name: 'Move Campfire Songs up' }) as HTMLButtonElement).disabled).toBe(true);
    expect((screen.getByRole('button', { name: 'Move Rainy Day Games down' }) as HTMLButtonElement).disabled).toBe(true);
    screen.getByRole('button', { name: 'Move Campfire Songs down' }).focus();
    await user.keyboard('{Enter}');
    expect(patch).toHaveBeenCalledWith('/collection_item/entry0000001', { section: 'Week 1', position: 1 }, expect.objectContaining({ preserveScroll: true }));
    const titles = () =>
      within(sectionList('Week 1'))
        .getAllByRole('listitem')
        .map((node) => node.getAttribute('aria-label'));
    expect(titles()).toEqual(['Rainy Day Games', 'Campfire Songs']);
    expect(screen.getByRole('status').textContent).toBe(entryMovedAnnouncement('Campfire Songs', 2, 2, 'Week 1'));
    expect(screen.getByRole('status').getAttribute('aria-live')).toBe('polite');
    // At the end of its section it cannot go further down: the focus goes to Move up, on the same entry.
    expect(document.activeElement).toBe(screen.getByRole('button', { name: 'Move Campfire Songs up' }));
    await user.keyboard('{Enter}');
    expect(patch).toHaveBeenLastCalledWith('/collection_item/entry0000001', { section: 'Week 1', position: 0 }, expect.anything());
    expect(titles()).toEqual(['Campfire Songs', 'Rainy Day Games']);
    expect(screen.getByRole('status').textContent).toBe(entryMovedAnnouncement('Campfire Songs', 1, 2, 'Week 1'));
  });

  it('moves an entry to the end of another section from its Move to section menu, keeping the focus on it', async () => {
    const user = userEvent.setup();
    const patch = vi.spyOn(router, 'patch').mockImplementation(() => {});
    await renderShow();
    await user.click(await screen.findByRole('button', { name: 'Edit' }));
    await user.click(screen.getByRole('button', { name: 'Move Campfire Songs to section…' }));
    // Only the other sections are offered.
    expect(screen.queryByRole('button', { name: 'Week 1' })).toBeNull();
    await user.click(await screen.findByRole('button', { name: 'Week 2' }));
    expect(patch).toHaveBeenCalledWith('/collection_item/entry0000001', { section: 'Week 2', position: 1 }, expect.anything());
    expect(
      within(sectionList('Week 2'))
        .getAllByRole('listitem')
        .map((node) => node.getAttribute('aria-label')),
    ).toEqual([COLLECTION_TEXTS.lockedItem, 'Campfire Songs']);
    expect(screen.getByRole('status').textContent).toBe(entryMovedAnnouncement('Campfire Songs', 2, 2, 'Week 2'));
    await waitFor(() => expect(document.activeElement).toBe(screen.getByRole('button', { name: 'Move Campfire Songs to section…' })));
  });

  it('keeps the focus on a moved entry while saves arrive late and out of step with the moves', async () => {
    const user = userEvent.setup();
    vi.spyOn(router, 'patch').mockImplementation(() => {});
    await renderShow();
    await user.click(await screen.findByRole('button', { name: 'Edit' }));
    screen.getByRole('button', { name: 'Move Campfire Songs down' }).focus();
    await user.keyboard('{Enter}');
    await user.keyboard('{Tab}');
    await user.keyboard('{Enter}');
    await user.click(await screen.findByRole('button', { name: 'Week 2' }));
    const moveToSection = () => screen.getByRole('button', { name: 'Move Campfire Songs to section…' });
    await waitFor(() => expect(document.activeElement).toBe(moveToSection()));
    // The first save's props come only now: the entry goes back to Week 1 for a moment, then the second save's props
    // put it in Week 2 again. Each time the card is a new element; the focus follows it both times.
    const collectionProps = (sections: CollectionSection[]) => ({
      url: '/collection/coll00000001',
      component: 'collection/Show',
      props: {
        collection: { ref: 'coll00000001', title: 'Holiday Club', description: 'Five days of fun', public: true, ownerDisplayName: 'Maya Thompson' },
        sections,
        ...OWNER,
      },
      preserveState: true,
    });
    await act(() => router.push(collectionProps([section('Week 1', 0, [GAMES, { ...SONGS, position: 1 }]), section('Week 2', 1, [LOCKED])])));
    await waitFor(() => expect(document.activeElement).toBe(moveToSection()));
    await act(() =>
      router.push(collectionProps([section('Week 1', 0, [GAMES]), section('Week 2', 1, [LOCKED, { ...SONGS, section: 'Week 2', position: 1 }])])),
    );
    expect(
      within(sectionList('Week 2'))
        .getAllByRole('listitem')
        .map((node) => node.getAttribute('aria-label')),
    ).toEqual([COLLECTION_TEXTS.lockedItem, 'Campfire Songs']);
    await waitFor(() => expect(document.activeElement).toBe(moveToSection()));
  });

  it('announces a drag the same way', async () => {
    const user = userEvent.setup();
    vi.spyOn(router, 'patch').mockImplementation(() => {});
    await renderShow();
    await user.click(await screen.findByRole('button', { name: 'Edit' }));
    const list = sectionList('Week 1');
    const sortable = await sortableOf(list);
    act(() => sortable.options.onEnd!({ item: entryElement('Campfire Songs'), from: list, to: list, oldIndex: 0, newIndex: 1 } as unknown as SortableEvent));
    expect(screen.getByRole('status').textContent).toBe(entryMovedAnnouncement('Campfire Songs', 2, 2, 'Week 1'));
  });

  it('removes an entry only after the spec’s confirmation, with DELETE /collection_item/{ref}', async () => {
    const user = userEvent.setup();
    const remove = vi.spyOn(router, 'delete').mockImplementation(() => {});
    const confirm = stubConfirm(vi.fn().mockReturnValueOnce(false).mockReturnValueOnce(true));
    await renderShow();
    await user.click(await screen.findByRole('button', { name: 'Edit' }));
    await user.click(screen.getByRole('button', { name: 'Remove Rainy Day Games' }));
    expect(confirm).toHaveBeenLastCalledWith(REMOVE_COLLECTION_ITEM_CONFIRM);
    expect(remove).not.toHaveBeenCalled();
    await user.click(screen.getByRole('button', { name: 'Remove Rainy Day Games' }));
    expect(remove).toHaveBeenCalledWith('/collection_item/entry0000002', expect.objectContaining({ preserveScroll: true }));
  });

  it('edits an entry’s note and section with PATCH /collection_item/{ref}', async () => {
    const user = userEvent.setup();
    const visit = vi.spyOn(router, 'visit').mockImplementation(() => {});
    await renderShow();
    await user.click(await screen.findByRole('button', { name: 'Edit' }));
    await user.click(screen.getByRole('button', { name: 'Edit note and section of Campfire Songs' }));
    const dialog = await screen.findByRole('dialog', { name: 'Note and section' });
    expect((within(dialog).getByLabelText('Note') as HTMLTextAreaElement).value).toBe('Start here');
    const sectionInput = within(dialog).getByLabelText('Section') as HTMLInputElement;
    expect(sectionInput.value).toBe('Week 1');
    await user.clear(sectionInput);
    await user.type(sectionInput, 'Evening');
    await user.click(within(dialog).getByRole('button', { name: 'OK' }));
    const [url, options] = visit.mock.calls[0]!;
    expect(String(url)).toBe('/collection_item/entry0000001');
    expect(options).toMatchObject({ method: 'patch', data: { note: 'Start here', section: 'Evening' } });
  });

  it('deletes the collection after the spec’s confirmation, with DELETE on the page URL', async () => {
    const user = userEvent.setup();
    const remove = vi.spyOn(router, 'delete').mockImplementation(() => {});
    const confirm = stubConfirm(vi.fn().mockReturnValue(true));
    await renderShow();
    await user.click(await screen.findByRole('button', { name: 'Delete' }));
    expect(confirm).toHaveBeenCalledWith(DELETE_COLLECTION_CONFIRM);
    expect(remove).toHaveBeenCalledWith('/collection/coll00000001');
  });

  it('says so when the collection has no items yet', async () => {
    await renderShow({ sections: [] });
    expect(await screen.findByText(COLLECTION_TEXTS.emptyCollection)).toBeTruthy();
  });
});

describe('Add to Collection', () => {
  const CHOICES: CollectionChoice[] = [
    { ref: 'coll00000001', title: 'Holiday Club', sections: ['Week 1', 'Week 2'], holdsItem: false },
    { ref: 'coll00000002', title: 'Secret Plans', sections: [], holdsItem: false },
  ];

  function renderButton(choices: CollectionChoice[] | undefined, errors: Record<string, string> = {}) {
    const Page = () => <AddToCollectionButton itemRef="item00000009" choices={choices} />;
    const page = { ...pageObject('Home', { ...HOME_PROPS, ...SHARED_MEMBER, errors }, { url: '/i/item00000009' }), component: 'test/AddToCollection' };
    return renderInertiaPage(page, Page);
  }

  it('asks for the viewer’s collections when it opens, and posts note and section to /collection/{collection}/item/{ref}', async () => {
    const user = userEvent.setup();
    const reload = vi.spyOn(router, 'reload').mockImplementation(() => {});
    const visit = vi.spyOn(router, 'visit').mockImplementation(() => {});
    await renderButton(CHOICES);
    await user.click(await screen.findByRole('button', { name: ADD_TO_COLLECTION_TITLE }));
    const dialog = await screen.findByRole('dialog', { name: ADD_TO_COLLECTION_TITLE });
    expect(reload).toHaveBeenCalledWith({ only: ['collectionChoices'] });
    const select = within(dialog).getByLabelText('Collection');
    expect(
      within(select)
        .getAllByRole('option')
        .map((option) => option.textContent),
    ).toEqual([COLLECTION_TEXTS.chooseCollection, 'Holiday Club', 'Secret Plans']);
    await user.selectOptions(select, 'Holiday Club');
    await user.type(within(dialog).getByLabelText('Note'), 'Great for day 2');
    await user.type(within(dialog).getByLabelText('Section'), 'Week 2');
    await user.click(within(dialog).getByRole('button', { name: COLLECTION_TEXTS.addToCollection }));
    const [url, options] = visit.mock.calls[0]!;
    expect(String(url)).toBe('/collection/coll00000001/item/item00000009');
    expect(options).toMatchObject({ method: 'post' });
    expect((options as { data: unknown }).data).toEqual({ note: 'Great for day 2', section: 'Week 2' });
  });

  it('shows an error under `collection` as a danger alert', async () => {
    const user = userEvent.setup();
    vi.spyOn(router, 'reload').mockImplementation(() => {});
    vi.spyOn(router, 'visit').mockImplementation((_url, options) => {
      options?.onError?.({ collection: COLLECTION_MESSAGES.collectionRequired });
      options?.onFinish?.({} as never);
    });
    await renderButton(CHOICES);
    await user.click(await screen.findByRole('button', { name: ADD_TO_COLLECTION_TITLE }));
    const dialog = await screen.findByRole('dialog', { name: ADD_TO_COLLECTION_TITLE });
    await user.click(within(dialog).getByRole('button', { name: COLLECTION_TEXTS.addToCollection }));
    const alert = await within(dialog).findByText(COLLECTION_MESSAGES.collectionRequired);
    expect(alert.closest('.alert-danger')).toBeTruthy();
  });

  it('says Loading... until the collections have come', async () => {
    const user = userEvent.setup();
    vi.spyOn(router, 'reload').mockImplementation(() => {});
    await renderButton(undefined);
    await user.click(await screen.findByRole('button', { name: ADD_TO_COLLECTION_TITLE }));
    const dialog = await screen.findByRole('dialog', { name: ADD_TO_COLLECTION_TITLE });
    expect(
      within(within(dialog).getByLabelText('Collection'))
        .getAllByRole('option')
        .map((option) => option.textContent),
    ).toEqual(['Loading...']);
  });
});
