import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { http, router } from '@inertiajs/react';
import type { HttpClient, HttpRequestConfig, Page, VisitHelperOptions } from '@inertiajs/core';
import { VISIBILITY } from '../../shared/enums';
import type { Taxonomy } from '../../shared/items';
import type { PagePropsMap } from '../../shared/pages';
import { ITEM, NO_EDITING, SHARED_ADMIN, itemPage, tag, withItem } from './item-show-fixtures';
import { SHARED_MEMBER, renderInertiaPage } from './support';

type ShowProps = PagePropsMap['items/Show'];

const MAINTAINER_EDITS: ShowProps['editable'] = { ...NO_EDITING, fields: true };
const ADMIN_EDITS: ShowProps['editable'] = { fields: true, visibility: true, maintainer: true, submitForPublishing: false, revertToDraft: false };

const TYPE: Taxonomy = {
  ref: 'taxtype00001',
  title: 'Type',
  usage_note: '',
  required: true,
  multiselect: false,
  public: true,
  show_in_filtering: true,
  tags: [tag('tagresource1', 'Resource'), tag('tagtraining1', 'Training')],
};

/** The item page as its maintainer (a leader, level 3) gets it. */
function maintainerPage(overrides: Partial<ShowProps> = {}, shared = SHARED_MEMBER) {
  return itemPage(
    shared,
    { editable: MAINTAINER_EDITS, accessLevelChoices: [0, 1, 2, 3], taxonomies: [TYPE], ...overrides },
    { update: true, duplicate: true },
  );
}

function adminPage(overrides: Partial<ShowProps> = {}) {
  return itemPage(
    SHARED_ADMIN,
    { editable: ADMIN_EDITS, accessLevelChoices: [0, 1, 2, 3, 4, 5, 6], taxonomies: [TYPE], ...overrides },
    {
      update: true,
      duplicate: true,
      delete: true,
    },
  );
}

type Patch = { url: string; data: unknown };

/** Mocks PATCH visits: the server accepts them, or refuses them with the errors the page was rendered with. */
function mockPatches(answer: 'saved' | 'refused' = 'saved'): Patch[] {
  const patches: Patch[] = [];
  vi.spyOn(router, 'patch').mockImplementation((url, data = {}, options: VisitHelperOptions = {}) => {
    patches.push({ url: String(url), data });
    if (answer === 'saved') options.onSuccess?.({} as never);
    else options.onError?.({});
    options.onFinish?.({} as never);
  });
  return patches;
}

beforeEach(() => {
  vi.spyOn(globalThis, 'fetch').mockImplementation(async (input) =>
    String(input).startsWith('/image/search') ? Response.json([]) : Response.json({ recentlyViewedItems: [], frequentlyViewedItems: [], myCollections: [] }),
  );
});

afterEach(() => vi.restoreAllMocks());

const button = (name: string) => screen.getByRole('button', { name });
// Edit is among the item's actions, which load on demand (components/lib/on-demand.tsx).
const startEditing = async () => userEvent.click(await screen.findByRole('button', { name: 'Edit' }));

describe('switching edit mode', () => {
  it('is offered only with can.update', async () => {
    await renderInertiaPage(itemPage(SHARED_MEMBER, { editable: MAINTAINER_EDITS }));
    await within(await screen.findByRole('toolbar', { name: 'Item actions' })).findByRole('button', { name: 'Add to Collection' });
    expect(screen.queryByRole('button', { name: 'Edit' })).toBeNull();
    expect(screen.queryByRole('button', { name: /^Edit / })).toBeNull();
    expect(screen.queryByRole('button', { name: 'Add Image' })).toBeNull();
  });

  it('shows every section’s editors in edit mode, and the read view again after Stop Editing', async () => {
    await renderInertiaPage(maintainerPage());
    expect(screen.queryByRole('button', { name: 'Edit Title' })).toBeNull();

    await startEditing();
    const details = await screen.findByRole('region', { name: 'Details' });
    for (const field of ['Title', 'Topic', 'Blurb', 'Authors', 'External link', 'First published', 'Last updated']) {
      expect(within(details).getByRole('button', { name: `Edit ${field}` })).toBeTruthy();
    }
    const characteristics = screen.getByRole('region', { name: 'Characteristics' });
    // Unset characteristics are editable too.
    expect(await within(characteristics).findByRole('button', { name: 'Edit Group size' })).toBeTruthy();
    expect(await within(screen.getByRole('region', { name: 'Tags' })).findByRole('button', { name: 'Edit Type' })).toBeTruthy();
    expect(button('Add Image')).toBeTruthy();
    expect(await screen.findByRole('button', { name: 'Edit Minimum access' })).toBeTruthy();

    await userEvent.click(button('Stop Editing'));
    expect(screen.queryByRole('region', { name: 'Details' })).toBeNull();
    expect(screen.queryByRole('button', { name: 'Edit Group size' })).toBeNull();
    expect(screen.queryByRole('button', { name: 'Add Image' })).toBeNull();
    expect(screen.getByText('Ruth Ellis, Sam Ng')).toBeTruthy();
  });

  it('shows the fields read-only in edit mode when the server allows no field edits', async () => {
    await renderInertiaPage(maintainerPage({ editable: NO_EDITING, accessLevelChoices: [] }));
    await startEditing();
    expect(within(screen.getByRole('region', { name: 'Details' })).queryAllByRole('button')).toEqual([]);
    expect(screen.queryByRole('button', { name: 'Edit Minimum access' })).toBeNull();
  });

  it('offers Duplicate and Delete once each, beside Edit', async () => {
    await renderInertiaPage(adminPage());
    const toolbar = await screen.findByRole('toolbar', { name: 'Item actions' });
    await within(toolbar).findByRole('button', { name: 'Add to Collection' });
    expect(
      within(toolbar)
        .getAllByRole('button')
        .map((action) => action.textContent),
    ).toEqual(['Edit', 'Add to Collection', 'Duplicate', 'Delete']);
  });
});

describe('editing fields', () => {
  it('saves a field with a PATCH of that one field to the item', async () => {
    const patches = mockPatches();
    await renderInertiaPage(maintainerPage());
    await startEditing();
    await userEvent.click(button('Edit Topic'));
    const topic = await screen.findByRole('textbox', { name: 'Topic' });
    await userEvent.clear(topic);
    await userEvent.type(topic, 'Primary assemblies{Enter}');
    expect(patches).toEqual([{ url: `/i/${ITEM.ref}`, data: { topic: 'Primary assemblies' } }]);
  });

  it('sends the authors one per line as a list', async () => {
    const patches = mockPatches();
    await renderInertiaPage(maintainerPage());
    await startEditing();
    await userEvent.click(button('Edit Authors'));
    await userEvent.type(screen.getByRole('textbox', { name: 'Authors' }), '{Enter}Jo Bloggs');
    await userEvent.click(button('Save Authors'));
    expect(patches).toEqual([{ url: `/i/${ITEM.ref}`, data: { authors: ['Ruth Ellis', 'Sam Ng', 'Jo Bloggs'] } }]);
  });

  it('saves whether the maintainer is shown as a boolean', async () => {
    const patches = mockPatches();
    await renderInertiaPage(maintainerPage());
    await startEditing();
    await userEvent.click(button('Edit Show the maintainer'));
    await userEvent.selectOptions(screen.getByRole('combobox', { name: 'Show the maintainer' }), 'No');
    await userEvent.click(button('Save Show the maintainer'));
    expect(patches).toEqual([{ url: `/i/${ITEM.ref}`, data: { show_created_by: false } }]);
  });

  it('offers the minimum access levels the server allows, by name, and shows its refusal under the field', async () => {
    const patches = mockPatches('refused');
    await renderInertiaPage(
      maintainerPage({}, { ...SHARED_MEMBER, errors: { minimum_access_level: 'You may not lower the access level of a published item.' } }),
    );
    await startEditing();
    await userEvent.click(button('Edit Minimum access'));
    const select = screen.getByRole('combobox', { name: 'Minimum access' });
    expect(
      within(select)
        .getAllByRole('option')
        .map((option) => option.textContent),
    ).toEqual(['Public', 'Anyone logged in', 'Affiliates (volunteers, churches, international)', 'Leaders (chaplains, team leaders)']);
    await userEvent.selectOptions(select, 'Public');
    await userEvent.click(button('Save Minimum access'));
    expect(patches).toEqual([{ url: `/i/${ITEM.ref}`, data: { minimum_access_level: '0' } }]);
    expect(screen.getByText('You may not lower the access level of a published item.')).toBeTruthy();
  });

  it('edits characteristics with their editors', async () => {
    const patches = mockPatches();
    await renderInertiaPage(maintainerPage());
    await startEditing();
    await userEvent.click(button('Edit Group size'));
    await userEvent.type(screen.getByRole('textbox', { name: 'Group size' }), '10-30{Enter}');
    expect(patches).toEqual([{ url: `/i/${ITEM.ref}`, data: { 'characteristic-chargroup001': '10-30' } }]);
  });
});

describe('visibility and ownership', () => {
  it('gives the maintainer of a draft Submit for Publishing, in read mode too', async () => {
    const patches = mockPatches();
    await renderInertiaPage(maintainerPage({ ...withItem({ visibility: VISIBILITY.DRAFT }), editable: { ...MAINTAINER_EDITS, submitForPublishing: true } }));
    expect(screen.queryByRole('button', { name: 'Revert to Draft' })).toBeNull();
    await userEvent.click(button('Submit for Publishing'));
    expect(patches).toEqual([{ url: `/i/${ITEM.ref}`, data: { visibility: VISIBILITY.PENDING } }]);
  });

  it('gives the maintainer of a pending item Revert to Draft, and no visibility select', async () => {
    await renderInertiaPage(maintainerPage({ ...withItem({ visibility: VISIBILITY.PENDING }), editable: { ...MAINTAINER_EDITS, revertToDraft: true } }));
    expect(button('Revert to Draft')).toBeTruthy();
    expect(screen.queryByRole('button', { name: 'Submit for Publishing' })).toBeNull();
    await startEditing();
    expect(button('Revert to Draft')).toBeTruthy();
    expect(screen.queryByRole('button', { name: 'Edit Visibility' })).toBeNull();
    expect(screen.queryByRole('button', { name: 'Change maintainer' })).toBeNull();
    expect(screen.queryByRole('button', { name: 'Edit User contributed' })).toBeNull();
    expect(screen.queryByRole('button', { name: 'Edit Expires' })).toBeNull();
  });

  it('gives admins in edit mode the visibility select, the maintainer picker, expiry and review in the sidebar', async () => {
    const patches = mockPatches();
    await renderInertiaPage(adminPage());
    const sidebar = await screen.findByRole('complementary', { name: 'Item administration' });
    expect(within(sidebar).queryByRole('button', { name: 'Edit Visibility' })).toBeNull();
    expect(within(sidebar).queryByRole('button', { name: 'Change maintainer' })).toBeNull();

    await startEditing();
    for (const name of ['Change maintainer', 'Edit User contributed', 'Edit Expires', 'Edit Expiry note', 'Edit Review after', 'Edit Review']) {
      expect(await within(sidebar).findByRole('button', { name })).toBeTruthy();
    }
    await userEvent.click(within(sidebar).getByRole('button', { name: 'Edit Visibility' }));
    await userEvent.selectOptions(within(sidebar).getByRole('combobox', { name: 'Visibility' }), 'Unlisted');
    await userEvent.click(within(sidebar).getByRole('button', { name: 'Save Visibility' }));
    expect(patches).toEqual([{ url: `/i/${ITEM.ref}`, data: { visibility: String(VISIBILITY.UNLISTED) } }]);
  });

  it('offers admins every access level', async () => {
    await renderInertiaPage(adminPage());
    await startEditing();
    await userEvent.click(button('Edit Minimum access'));
    expect(within(screen.getByRole('combobox', { name: 'Minimum access' })).getAllByRole('option')).toHaveLength(7);
  });
});

describe('images', () => {
  it('opens the Add Image and Remove Image dialogs', async () => {
    await renderInertiaPage(maintainerPage());
    await startEditing();
    await userEvent.click(button('Add Image'));
    const addDialog = await screen.findByRole('dialog', { name: 'Add Image' });
    await userEvent.click(within(addDialog).getByRole('button', { name: 'Cancel' }));
    await waitFor(() => expect(screen.queryByRole('dialog', { name: 'Add Image' })).toBeNull());

    await userEvent.click(button('Remove Image'));
    const removeDialog = await screen.findByRole('dialog', { name: 'Remove Image' });
    expect(within(removeDialog).getAllByRole('radio')).toHaveLength(ITEM.all_images.length);
  });

  it('offers Remove Image only when the item has images', async () => {
    await renderInertiaPage(maintainerPage(withItem({ all_images: [], image: null })));
    await startEditing();
    expect(button('Add Image')).toBeTruthy();
    expect(screen.queryByRole('button', { name: 'Remove Image' })).toBeNull();
  });
});

describe('after a visit', () => {
  let originalClient: HttpClient;
  let requests: HttpRequestConfig[];

  /** Answers every Inertia request as the server does after PATCH /i/{ref} and its 303 back: the item page with fresh props. */
  function serverAnswers(page: Page) {
    requests = [];
    originalClient = http.getClient();
    http.setClient({
      request: async (config) => {
        requests.push(config);
        return { status: 200, data: JSON.stringify(page), headers: { 'x-inertia': 'true', 'content-type': 'application/json' } };
      },
    });
  }

  afterEach(() => http.setClient(originalClient));

  it('keeps edit mode when the page’s props reload', async () => {
    const renamed = 'Assembly Plan: The Lost Sheep (KS2)';
    serverAnswers(maintainerPage(withItem({ title: renamed })));
    await renderInertiaPage(maintainerPage());
    await startEditing();
    await userEvent.click(button('Edit Title'));
    const title = screen.getByRole('textbox', { name: 'Title' });
    await userEvent.clear(title);
    await userEvent.type(title, `${renamed}{Enter}`);

    expect(await screen.findByRole('heading', { level: 1, name: renamed })).toBeTruthy();
    expect(requests.map((request) => [request.method, new URL(request.url).pathname, request.data])).toEqual([['patch', `/i/${ITEM.ref}`, { title: renamed }]]);
    expect(button('Stop Editing').getAttribute('aria-pressed')).toBe('true');
    expect(within(screen.getByRole('region', { name: 'Details' })).getByText(renamed)).toBeTruthy();
    expect(screen.getByRole('img', { name: 'Title saved' })).toBeTruthy();
  });

  it('opens the copy made by Duplicate in read mode', async () => {
    const copy = { ...ITEM, ref: 'sheepcopy001', title: `Copy of ${ITEM.title}` };
    serverAnswers(maintainerPage({ item: copy }));
    await renderInertiaPage(maintainerPage());
    await startEditing();
    await userEvent.click(button('Duplicate'));

    expect(await screen.findByRole('heading', { level: 1, name: copy.title })).toBeTruthy();
    expect(requests.map((request) => [request.method, new URL(request.url).pathname])).toEqual([['post', `/i/${ITEM.ref}`]]);
    expect(button('Edit').getAttribute('aria-pressed')).toBe('false');
    expect(screen.queryByRole('region', { name: 'Details' })).toBeNull();
  });
});
