import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { Page } from '@inertiajs/core';
import { ADD_TO_COLLECTION_TITLE, COLLECTION_MESSAGES, COLLECTION_TEXTS, CREATED_COLLECTION_FLASH, type CollectionChoice } from '../../shared/collections';
import type { FlashNotification } from '../../shared/props';
import { NAVIGATION_HISTORY_CHANGED } from '../../components/layout/navigation-history';
import { ITEM, itemPage } from './item-show-fixtures';
import { pageBack, partialPage, serveInertia, stopServing, type ServerRequest } from './inertia-server';
import { SHARED_MEMBER, renderInertiaPage } from './support';

const HOLIDAY: CollectionChoice = { ref: 'coll00000001', title: 'Holiday Club', sections: ['Week 1', 'Week 2'], holdsItem: false };
const SECRET: CollectionChoice = { ref: 'coll00000002', title: 'Secret Plans', sections: [], holdsItem: false };
const CAMP: CollectionChoice = { ref: 'coll00000003', title: 'Summer Camp', sections: [], holdsItem: false };
const addUrl = (collectionRef: string) => `/collection/${collectionRef}/item/${ITEM.ref}`;

function added(choice: CollectionChoice): FlashNotification {
  return {
    pseudoref: `added-${choice.ref}-${Math.random()}`,
    message: COLLECTION_MESSAGES.added(choice.title),
    type: 'success',
    link: { href: `/collection/${choice.ref}`, label: COLLECTION_TEXTS.openCollection },
  };
}

const ITEM_PAGE = itemPage(SHARED_MEMBER);

/** The item page's server for Add to Collection: the choices on request, each post answered by `answers` in turn. */
function serveAddToCollection(choices: CollectionChoice[], answers: ((request: ServerRequest) => Page)[]) {
  return serveInertia((request) => {
    if (request.method === 'GET') return partialPage(ITEM_PAGE, { collectionChoices: choices });
    const answer = answers.shift();
    if (!answer) throw new Error(`unexpected ${request.method} ${request.path}`);
    return answer(request);
  });
}

beforeEach(() => {
  vi.spyOn(globalThis, 'fetch').mockImplementation(async () => Response.json({ recentlyViewedItems: [], frequentlyViewedItems: [], myCollections: [] }));
});
afterEach(() => {
  stopServing();
  vi.restoreAllMocks();
});

async function openDialog() {
  await userEvent.click(await screen.findByRole('button', { name: ADD_TO_COLLECTION_TITLE }));
  const dialog = await screen.findByRole('dialog', { name: ADD_TO_COLLECTION_TITLE });
  await waitFor(() => expect(optionLabels(dialog)).not.toEqual(['Loading...']));
  return dialog;
}

const collectionSelect = (dialog: HTMLElement) => within(dialog).getByRole('combobox', { name: 'Collection' }) as HTMLSelectElement;
const optionLabels = (dialog: HTMLElement) =>
  within(collectionSelect(dialog))
    .getAllByRole('option')
    .map((option) => option.textContent);
const posts = (requests: ServerRequest[]) => requests.filter((request) => request.method === 'POST').map((request) => [request.path, request.data]);

describe('Add to Collection on the item page', () => {
  it('keeps its choices after an error comes back, and adds on the retry', async () => {
    const requests = serveAddToCollection(
      [HOLIDAY, SECRET],
      [() => pageBack(ITEM_PAGE, { collection: COLLECTION_MESSAGES.collectionRequired }), () => pageBack(ITEM_PAGE, {}, { notifications: [added(SECRET)] })],
    );
    await renderInertiaPage(ITEM_PAGE);
    const dialog = await openDialog();
    await userEvent.type(within(dialog).getByLabelText('Note'), 'For day 2');
    // Its confirm button says what it does (issue 36 §6).
    expect(within(dialog).queryByRole('button', { name: 'OK' })).toBeNull();
    await userEvent.click(within(dialog).getByRole('button', { name: COLLECTION_TEXTS.addToCollection }));

    const alert = await within(dialog).findByText(COLLECTION_MESSAGES.collectionRequired);
    expect(alert.closest('.alert-danger')).toBeTruthy();
    expect(optionLabels(dialog)).toEqual([COLLECTION_TEXTS.chooseCollection, 'Holiday Club', 'Secret Plans']);
    expect((within(dialog).getByLabelText('Note') as HTMLTextAreaElement).value).toBe('For day 2');

    await userEvent.selectOptions(collectionSelect(dialog), 'Secret Plans');
    await userEvent.click(within(dialog).getByRole('button', { name: COLLECTION_TEXTS.addToCollection }));
    await waitFor(() => expect(screen.queryByRole('dialog', { name: ADD_TO_COLLECTION_TITLE })).toBeNull());
    expect(posts(requests)).toEqual([
      [addUrl(''), { note: 'For day 2', section: '' }],
      [addUrl(SECRET.ref), { note: 'For day 2', section: '' }],
    ]);
  });

  it('offers the chosen collection’s sections after an error as before it', async () => {
    serveAddToCollection([HOLIDAY, SECRET], [() => pageBack(ITEM_PAGE, { collection: COLLECTION_MESSAGES.alreadyInCollection })]);
    const { container } = await renderInertiaPage(ITEM_PAGE);
    const dialog = await openDialog();
    await userEvent.selectOptions(collectionSelect(dialog), 'Holiday Club');
    await userEvent.click(within(dialog).getByRole('button', { name: COLLECTION_TEXTS.addToCollection }));
    await within(dialog).findByText(COLLECTION_MESSAGES.alreadyInCollection);
    const suggestions = container.ownerDocument.querySelectorAll(`#${CSS.escape(within(dialog).getByLabelText('Section').getAttribute('list')!)} option`);
    expect([...suggestions].map((option) => option.getAttribute('value'))).toEqual(['Week 1', 'Week 2']);
  });

  it('says which collections already hold the item, and those cannot be chosen', async () => {
    serveAddToCollection([{ ...HOLIDAY, holdsItem: true }, SECRET], []);
    await renderInertiaPage(ITEM_PAGE);
    const dialog = await openDialog();
    const holiday = within(dialog).getByRole('option', { name: 'Holiday Club (already has this item)' }) as HTMLOptionElement;
    expect(holiday.disabled).toBe(true);
    expect((within(dialog).getByRole('option', { name: 'Secret Plans' }) as HTMLOptionElement).disabled).toBe(false);
  });

  it('links its success notice to the collection', async () => {
    serveAddToCollection([HOLIDAY, SECRET], [() => pageBack(ITEM_PAGE, {}, { notifications: [added(HOLIDAY)] })]);
    await renderInertiaPage(ITEM_PAGE);
    const dialog = await openDialog();
    await userEvent.selectOptions(collectionSelect(dialog), 'Holiday Club');
    await userEvent.click(within(dialog).getByRole('button', { name: COLLECTION_TEXTS.addToCollection }));

    const toast = await screen.findByRole('alert');
    expect(toast.textContent).toContain(COLLECTION_MESSAGES.added('Holiday Club'));
    expect(within(toast).getByRole('link', { name: COLLECTION_TEXTS.openCollection }).getAttribute('href')).toBe(`/collection/${HOLIDAY.ref}`);
  });
});

describe('+ New collection in Add to Collection', () => {
  it('creates a collection through POST /collection, shows its title error in place, then chooses the new one', async () => {
    const requests = serveAddToCollection(
      [HOLIDAY, SECRET],
      [
        () => partialPage(ITEM_PAGE, { collectionChoices: [HOLIDAY, SECRET] }, { title: COLLECTION_MESSAGES.titleRequired }),
        () => partialPage(ITEM_PAGE, { collectionChoices: [HOLIDAY, SECRET, CAMP] }, {}, { [CREATED_COLLECTION_FLASH]: CAMP.ref }),
        () => pageBack(ITEM_PAGE, {}, { notifications: [added(CAMP)] }),
      ],
    );
    await renderInertiaPage(ITEM_PAGE);
    const dialog = await openDialog();
    await userEvent.type(within(dialog).getByLabelText('Note'), 'Bring torches');
    const toggle = within(dialog).getByRole('button', { name: COLLECTION_TEXTS.newCollectionInline });
    expect(toggle.getAttribute('aria-expanded')).toBe('false');
    await userEvent.click(toggle);
    expect(toggle.getAttribute('aria-expanded')).toBe('true');
    const title = within(dialog).getByRole('textbox', { name: COLLECTION_TEXTS.newCollectionTitle });
    expect(document.activeElement).toBe(title);

    await userEvent.click(within(dialog).getByRole('button', { name: COLLECTION_TEXTS.createCollection }));
    expect(await within(dialog).findByText(COLLECTION_MESSAGES.titleRequired)).toBeTruthy();
    expect(title.getAttribute('aria-invalid')).toBe('true');
    expect(optionLabels(dialog)).toEqual([COLLECTION_TEXTS.chooseCollection, 'Holiday Club', 'Secret Plans']);

    const sidebarRefresh = vi.fn();
    window.addEventListener(NAVIGATION_HISTORY_CHANGED, sidebarRefresh);
    await userEvent.type(title, 'Summer Camp{Enter}');
    await waitFor(() => expect(collectionSelect(dialog).value).toBe(CAMP.ref));
    window.removeEventListener(NAVIGATION_HISTORY_CHANGED, sidebarRefresh);
    expect(sidebarRefresh).toHaveBeenCalledTimes(1);
    expect(document.activeElement).toBe(collectionSelect(dialog));
    expect(within(dialog).queryByRole('textbox', { name: COLLECTION_TEXTS.newCollectionTitle })).toBeNull();
    expect((within(dialog).getByLabelText('Note') as HTMLTextAreaElement).value).toBe('Bring torches');
    const creations = requests.filter((request) => request.path === '/collection');
    expect(creations.map((request) => [request.data, request.only])).toEqual([
      [{ title: '', stay: true }, ['collectionChoices']],
      [{ title: 'Summer Camp', stay: true }, ['collectionChoices']],
    ]);

    await userEvent.click(within(dialog).getByRole('button', { name: COLLECTION_TEXTS.addToCollection }));
    await waitFor(() => expect(screen.queryByRole('dialog', { name: ADD_TO_COLLECTION_TITLE })).toBeNull());
    expect(posts(requests).at(-1)).toEqual([addUrl(CAMP.ref), { note: 'Bring torches', section: '' }]);
  });
});
