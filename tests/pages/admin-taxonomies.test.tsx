/** The admin taxonomy pages (admin-curation §2 "Taxonomies and tags", §4, §5, §8): list, tag tree and quick-tag matrix. */
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { act, cleanup, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { router } from '@inertiajs/react';
import Sortable, { type SortableEvent } from 'sortablejs';
import { DRAG_ANIMATION_MS } from '../../shared/constants';
import { EMPTY_STATES, pastLastPageText } from '../../shared/messages';
import type { PagePropsMap } from '../../shared/pages';
import type { SharedProps } from '../../shared/props';
import {
  DELETE_TAG_CONFIRM,
  DELETE_TAXONOMY_CONFIRM,
  NEW_TAXONOMY_TITLE,
  deleteTagConfirm,
  deleteTaxonomyConfirm,
  tagItemCountText,
  untaggedItemsWarning,
  type AdminTag,
  type AdminTaxonomyDetail,
  type TaxonomyUsage,
} from '../../shared/taxonomies-admin';
import { MENUS, SHARED_MEMBER, pageObject, renderInertiaPage, sortableOf } from './support';

const ADMIN: SharedProps = { ...SHARED_MEMBER, auth: { ...SHARED_MEMBER.auth, admin: true }, menu: MENUS.admin };

function tag(ref: string, label: string, parent: AdminTag | null = null, position = 0, itemCount = 0): AdminTag {
  return {
    ref,
    label,
    parentLabel: parent?.label ?? null,
    parentRef: parent?.ref ?? null,
    fullLabel: parent ? `${parent.label} > ${label}` : label,
    force_show_in_filtering: false,
    position,
    itemCount,
  };
}

const CHILDREN = tag('tagchildren1', 'Children');
const PRIMARY = tag('tagprimary01', 'Primary', CHILDREN, 0, 1);
const YOUTH = tag('tagyouth0001', 'Youth', null, 1, 12);
const TAXONOMY: AdminTaxonomyDetail = {
  ref: 'taxage000001',
  title: 'Age Group',
  usage_note: 'Who it is for',
  required: false,
  multiselect: true,
  public: true,
  show_in_filtering: true,
  tags: [CHILDREN, PRIMARY, YOUTH],
};

const NO_USAGE: TaxonomyUsage = { taggedItems: 0, untaggedItems: 0 };

function renderShow(taxonomy: AdminTaxonomyDetail = TAXONOMY, usage: TaxonomyUsage = NO_USAGE) {
  return renderInertiaPage(pageObject('admin/taxonomy/Show', { taxonomy, usage, ...ADMIN, title: taxonomy.title }, { url: `/admin/taxonomy/${taxonomy.ref}` }));
}

function renderItems(props: Partial<PagePropsMap['admin/taxonomy/Items']> = {}, errors: Record<string, string> = {}) {
  const defaults: PagePropsMap['admin/taxonomy/Items'] = {
    taxonomy: TAXONOMY,
    matrix: {
      data: [
        { ref: 'itempublic01', code: 'EQ-00001', title: 'Assembly Plan: The Lost Sheep', thumbnailUrl: '/image/img1/large', tagRefs: ['tagprimary01'] },
        { ref: 'itemrelated1', code: 'EQ-00002', title: 'Lost Coin Drama Script', thumbnailUrl: null, tagRefs: [] },
        { ref: 'itemrelated2', code: 'EQ-00003', title: 'Lost Coin Drama Script', thumbnailUrl: null, tagRefs: [] },
      ],
      links: [],
    },
    total: 2,
    all: true,
    filters: { search: '' },
  };
  return renderInertiaPage(pageObject('admin/taxonomy/Items', { ...defaults, ...props, ...ADMIN, errors }, { url: '/admin/taxonomy/taxage000001/item/all' }));
}

beforeEach(() => {
  vi.spyOn(globalThis, 'fetch').mockImplementation(async () => Response.json({ recentlyViewedItems: [], frequentlyViewedItems: [], myCollections: [] }));
});
afterEach(() => {
  vi.restoreAllMocks();
  vi.unstubAllGlobals();
});

describe('taxonomy list', () => {
  it("shows the empty state and opens the 'New Taxonomy' dialog with its checkboxes", async () => {
    await renderInertiaPage(pageObject('admin/taxonomy/Index', { taxonomies: [], ...ADMIN, title: 'Taxonomies' }, { url: '/admin/taxonomy' }));
    expect(screen.getByText(EMPTY_STATES.taxonomies)).toBeTruthy();
    await userEvent.click(screen.getByRole('button', { name: /Create New/ }));
    const dialog = await screen.findByRole('dialog', { name: NEW_TAXONOMY_TITLE });
    for (const name of ['Required', 'Multiselect', 'Public', 'Show in filtering'])
      expect((within(dialog).getByRole('checkbox', { name }) as HTMLInputElement).checked).toBe(false);
  });

  it('lists each taxonomy with a link to it and its flags', async () => {
    const summary = { ...TAXONOMY, tag_count: 3 } as const;
    await renderInertiaPage(pageObject('admin/taxonomy/Index', { taxonomies: [summary], ...ADMIN, title: 'Taxonomies' }, { url: '/admin/taxonomy' }));
    const row = screen.getByRole('listitem', { name: 'Age Group' });
    expect(within(row).getByRole('link', { name: 'Age Group' }).getAttribute('href')).toBe('/admin/taxonomy/taxage000001');
    expect(within(row).getByText('Multiselect')).toBeTruthy();
    expect(within(row).queryByText('Required')).toBeNull();
    expect(within(row).getByText('Who it is for')).toBeTruthy();
  });
});

describe('tag tree', () => {
  it('filters on the client, keeping the ancestors of a match, and says when nothing matches', async () => {
    await renderShow();
    const filter = screen.getByRole('searchbox', { name: 'Filter tags' });
    expect(screen.getByRole('listitem', { name: 'Youth' })).toBeTruthy();
    await userEvent.type(filter, 'prim');
    expect(screen.getByRole('listitem', { name: 'Children > Primary' })).toBeTruthy();
    expect(screen.getByRole('listitem', { name: 'Children' })).toBeTruthy();
    expect(screen.queryByRole('listitem', { name: 'Youth' })).toBeNull();
    await userEvent.clear(filter);
    await userEvent.type(filter, 'zzz');
    expect(screen.getByText(EMPTY_STATES.treeFilter)).toBeTruthy();
    expect(screen.queryByRole('listitem', { name: 'Children' })).toBeNull();
  });

  it('deletes a tag only after the confirmation, and toggles force-show with a PATCH', async () => {
    const remove = vi.spyOn(router, 'delete').mockImplementation(() => {});
    const patch = vi.spyOn(router, 'patch').mockImplementation(() => {});
    const confirm = vi.fn(() => false);
    vi.stubGlobal('confirm', confirm);
    await renderShow();
    await userEvent.click(screen.getByRole('button', { name: 'Delete Youth' }));
    expect(confirm).toHaveBeenCalledWith(deleteTagConfirm(YOUTH.itemCount));
    expect(remove).not.toHaveBeenCalled();
    confirm.mockReturnValue(true);
    await userEvent.click(screen.getByRole('button', { name: 'Delete Youth' }));
    expect(remove).toHaveBeenCalledWith('/admin/tag/tagyouth0001', expect.objectContaining({ preserveScroll: true }));
    const youthRow = screen.getByRole('listitem', { name: 'Youth' });
    await userEvent.click(within(youthRow).getByRole('checkbox', { name: 'Always show in filtering' }));
    expect(patch).toHaveBeenCalledWith('/admin/tag/tagyouth0001', { force_show_in_filtering: true }, expect.objectContaining({ preserveScroll: true }));
  });

  it('saves a drag among siblings with POST /admin/tag/{ref}/reposition, and drags nothing while filtering', async () => {
    const post = vi.spyOn(router, 'post').mockImplementation(() => {});
    await renderShow();
    const topLevel = screen.getByRole('list', { name: 'Tags' });
    const sortable = await sortableOf(topLevel);
    expect(sortable.options.animation).toBe(DRAG_ANIMATION_MS);
    const item = screen.getByRole('listitem', { name: 'Youth' });
    act(() => sortable.options.onEnd!({ item, from: topLevel, to: topLevel, oldIndex: 1, newIndex: 0 } as unknown as SortableEvent));
    expect(post).toHaveBeenCalledWith('/admin/tag/tagyouth0001/reposition', { position: 0 }, expect.objectContaining({ preserveScroll: true }));
    // The children of Children are a list of their own: a tag moves only among its siblings.
    await sortableOf(screen.getByRole('list', { name: 'Children children' }));
    await userEvent.type(screen.getByRole('searchbox', { name: 'Filter tags' }), 'y');
    expect(Sortable.get(screen.getByRole('list', { name: 'Tags' }))).toBeFalsy();
    expect(screen.queryByRole('img', { name: 'Drag Youth' })).toBeNull();
  });

  it('says how many items a delete takes tags from, and how many items a Required taxonomy would leave untagged', async () => {
    const confirm = vi.fn(() => false);
    vi.stubGlobal('confirm', confirm);
    await renderShow(TAXONOMY, { taggedItems: 9, untaggedItems: 4 });
    await userEvent.click(screen.getByRole('button', { name: 'Delete Youth' }));
    expect(confirm).toHaveBeenLastCalledWith(deleteTagConfirm(12));
    expect(deleteTagConfirm(12)).toBe(`${DELETE_TAG_CONFIRM} 12 items carry it.`);
    expect(deleteTagConfirm(1)).toBe(`${DELETE_TAG_CONFIRM} 1 item carries it.`);
    await userEvent.click(screen.getByRole('button', { name: 'Delete Children' }));
    expect(confirm).toHaveBeenLastCalledWith(DELETE_TAG_CONFIRM);
    expect(screen.getByText(untaggedItemsWarning(4))).toBeTruthy();
    expect(deleteTaxonomyConfirm(9)).toBe(`${DELETE_TAXONOMY_CONFIRM} 9 items lose their tags in it.`);
    expect(deleteTaxonomyConfirm(1)).toBe(`${DELETE_TAXONOMY_CONFIRM} 1 item loses its tags in it.`);
    expect(untaggedItemsWarning(1)).toBe('1 item has no tag in this taxonomy. Making it Required does not tag it: give it one with Quick tag: untagged items.');
  });

  it("shows each tag's item count next to its label as words: 'no items', '1 item', '12 items'", async () => {
    await renderShow();
    expect(within(screen.getByRole('listitem', { name: 'Children' })).getAllByText('no items')).toHaveLength(1);
    expect(within(screen.getByRole('listitem', { name: 'Children > Primary' })).getByText('1 item')).toBeTruthy();
    expect(within(screen.getByRole('listitem', { name: 'Youth' })).getByText('12 items')).toBeTruthy();
    expect(tagItemCountText(0)).toBe('no items');
    // The counts sit beside the drag handles and the keyboard moves, which stay.
    expect(screen.getByRole('img', { name: 'Drag Youth' })).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Move Youth up' })).toBeTruthy();
  });

  it('gives no Required warning once the taxonomy is required', async () => {
    await renderShow({ ...TAXONOMY, required: true }, { taggedItems: 9, untaggedItems: 4 });
    expect(screen.queryByText(untaggedItemsWarning(4))).toBeNull();
  });

  it('moves a tag among its siblings by keyboard with Move up/down, announcing where it went once saved', async () => {
    const post = vi.spyOn(router, 'post').mockImplementation((_url, _data, options) => options?.onSuccess?.({} as never));
    await renderShow();
    expect((screen.getByRole('button', { name: 'Move Children up' }) as HTMLButtonElement).disabled).toBe(true);
    expect((screen.getByRole('button', { name: 'Move Youth down' }) as HTMLButtonElement).disabled).toBe(true);
    // Primary has no sibling: nothing to move among.
    expect(screen.queryByRole('button', { name: 'Move Primary up' })).toBeNull();
    screen.getByRole('button', { name: 'Move Children down' }).focus();
    await userEvent.keyboard('{Enter}');
    expect(post).toHaveBeenCalledWith('/admin/tag/tagchildren1/reposition', { position: 1 }, expect.objectContaining({ preserveScroll: true }));
    expect(await screen.findByText("Moved 'Children' to position 2 of 2.")).toBeTruthy();
  });

  it('offers no moves while the tree is filtered', async () => {
    await renderShow();
    await userEvent.type(screen.getByRole('searchbox', { name: 'Filter tags' }), 'y');
    expect(screen.queryByRole('button', { name: /^Move .* (up|down)$/ })).toBeNull();
  });

  it("shows a refused tag delete's error", async () => {
    await renderInertiaPage(
      pageObject(
        'admin/taxonomy/Show',
        {
          taxonomy: TAXONOMY,
          usage: NO_USAGE,
          ...ADMIN,
          errors: { tag: 'Required taxonomies cannot have their tag removed: some items have no other Type tag.' },
        },
        { url: '/admin/taxonomy/taxage000001' },
      ),
    );
    expect(screen.getByText(/Required taxonomies cannot have their tag removed/)).toBeTruthy();
  });
});

describe('quick-tag matrix', () => {
  it('a click on an empty cell posts the tag route by the item ref, a click on a linked cell deletes it; the rows are not reloaded', async () => {
    const post = vi.spyOn(router, 'post').mockImplementation(() => {});
    const remove = vi.spyOn(router, 'delete').mockImplementation(() => {});
    await renderItems();
    expect(screen.getAllByRole('link', { name: 'Lost Coin Drama Script' }).map((link) => link.getAttribute('href'))).toEqual([
      '/i/itemrelated1',
      '/i/itemrelated2',
    ]);
    const empty = screen.getByRole('button', { name: 'Youth on Lost Coin Drama Script (EQ-00002)' });
    expect(empty.getAttribute('aria-pressed')).toBe('false');
    await userEvent.click(empty);
    expect(post).toHaveBeenCalledWith(
      '/i/itemrelated1/tag/tagyouth0001',
      {},
      expect.objectContaining({ preserveScroll: true, preserveState: true, only: ['total'] }),
    );
    const linked = screen.getByRole('button', { name: 'Children > Primary on Assembly Plan: The Lost Sheep (EQ-00001)' });
    expect(linked.getAttribute('aria-pressed')).toBe('true');
    await userEvent.click(linked);
    expect(remove).toHaveBeenCalledWith('/i/itempublic01/tag/tagprimary01', expect.objectContaining({ only: ['total'] }));
  });

  it('marks a cell once the server has saved it, and only that item of two with the same title', async () => {
    vi.spyOn(router, 'post').mockImplementation((_url, _data, options) => options?.onSuccess?.({} as never));
    await renderItems();
    await userEvent.click(screen.getByRole('button', { name: 'Youth on Lost Coin Drama Script (EQ-00003)' }));
    await userEvent.click(screen.getByRole('button', { name: 'Children > Primary on Lost Coin Drama Script (EQ-00003)' }));
    expect(screen.getByRole('button', { name: 'Youth on Lost Coin Drama Script (EQ-00003)' }).getAttribute('aria-pressed')).toBe('true');
    expect(screen.getByRole('button', { name: 'Children > Primary on Lost Coin Drama Script (EQ-00003)' }).getAttribute('aria-pressed')).toBe('true');
    expect(screen.getByRole('button', { name: 'Youth on Lost Coin Drama Script (EQ-00002)' }).getAttribute('aria-pressed')).toBe('false');
    expect(screen.getByText('EQ-00002')).toBeTruthy();
  });

  it('in a taxonomy of one tag per item, moves the tick to the tag added, as the server replaced the other', async () => {
    vi.spyOn(router, 'post').mockImplementation((_url, _data, options) => options?.onSuccess?.({} as never));
    await renderItems({ taxonomy: { ...TAXONOMY, multiselect: false } });
    const cell = (label: string) => screen.getByRole('button', { name: `${label} on Assembly Plan: The Lost Sheep (EQ-00001)` });
    expect(cell('Children > Primary').getAttribute('aria-pressed')).toBe('true');
    await userEvent.click(cell('Youth'));
    expect(cell('Youth').getAttribute('aria-pressed')).toBe('true');
    expect(cell('Children > Primary').getAttribute('aria-pressed')).toBe('false');
  });

  it('leaves a cell as it was when the server refuses the change', async () => {
    vi.spyOn(router, 'post').mockImplementation((_url, _data, options) => options?.onError?.({} as never));
    await renderItems();
    await userEvent.click(screen.getByRole('button', { name: 'Youth on Lost Coin Drama Script (EQ-00002)' }));
    expect(screen.getByRole('button', { name: 'Youth on Lost Coin Drama Script (EQ-00002)' }).getAttribute('aria-pressed')).toBe('false');
  });

  it('reloads the rows only when the admin asks', async () => {
    const reload = vi.spyOn(router, 'reload').mockImplementation(() => {});
    await renderItems();
    await userEvent.click(screen.getByRole('button', { name: 'Refresh list' }));
    expect(reload).toHaveBeenCalledWith({ only: ['matrix', 'total'] });
  });

  it("shows a refusal's error, and the empty state of the untagged list", async () => {
    await renderItems({ all: false, matrix: { data: [], links: [] }, total: 0 }, { 'taxonomy-taxage000001': 'Age Group needs at least one tag.' });
    expect(screen.getByText('Age Group needs at least one tag.')).toBeTruthy();
    expect(screen.getByText(EMPTY_STATES.unlinkedFiles)).toBeTruthy();
    // The count reads as words, not '0 item(s)'.
    expect(screen.getByText('0 items')).toBeTruthy();
    expect(screen.queryByText(/item\(s\)/)).toBeNull();
  });

  it('says a page past the end is past the end, with a link to the last page keeping the search, not that there are no items', async () => {
    const lastPageUrl = '/admin/taxonomy/taxage000001/item/all?search=lost&page=2';
    await renderItems({ matrix: { data: [], links: [], pastLastPage: { page: 6, lastPage: 2, lastPageUrl } }, total: 60, filters: { search: 'lost' } });
    expect(screen.getByText(pastLastPageText(6, 2), { exact: false })).toBeTruthy();
    expect(screen.getByRole('link', { name: 'Go to page 2' }).getAttribute('href')).toBe(lastPageUrl);
    expect(screen.queryByText(EMPTY_STATES.items)).toBeNull();
    expect(screen.queryByRole('button', { name: 'Refresh list' })).toBeNull();
  });

  it("says '1 item' and '2 items' above the matrix", async () => {
    await renderItems({ total: 1 });
    expect(screen.getByText('1 item')).toBeTruthy();
    cleanup();
    await renderItems();
    expect(screen.getByText('2 items')).toBeTruthy();
  });
});
