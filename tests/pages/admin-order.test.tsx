/**
 * Re-ordering the admin lists (taxonomies, characteristics, affirmation options) by drag or Move up / down, and a
 * tag's Move to… dialog (issue 19 §3).
 */
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { act, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { router } from '@inertiajs/react';
import type { SortableEvent } from 'sortablejs';
import type { AdminAffirmation, AdminCharacteristic } from '../../shared/admin';
import type { SharedProps } from '../../shared/props';
import type { AdminTag, AdminTaxonomyDetail, AdminTaxonomySummary, TagMoveTarget } from '../../shared/taxonomies-admin';
import { MENUS, SHARED_MEMBER, pageObject, renderInertiaPage, sortableOf } from './support';

const ADMIN: SharedProps = { ...SHARED_MEMBER, auth: { ...SHARED_MEMBER.auth, admin: true }, menu: MENUS.admin };

function summary(ref: string, title: string): AdminTaxonomySummary {
  return { ref, title, usage_note: '', required: false, multiselect: false, public: true, show_in_filtering: true, tag_count: 0 };
}

const TYPE = summary('taxtype00001', 'Type');
const AGE = summary('taxage000001', 'Age Group');
const CURATION = summary('taxcuration1', 'Curation Status');

function renderTaxonomies(taxonomies = [TYPE, AGE, CURATION]) {
  return renderInertiaPage(pageObject('admin/taxonomy/Index', { taxonomies, ...ADMIN, title: 'Taxonomies' }, { url: '/admin/taxonomy' }));
}

function characteristic(ref: string, title: string): AdminCharacteristic {
  return { ref, title, usage_note: '', format: 'text', minimum: null, public: true };
}

beforeEach(() => {
  vi.spyOn(globalThis, 'fetch').mockImplementation(async () => Response.json({ recentlyViewedItems: [], frequentlyViewedItems: [], myCollections: [] }));
});
afterEach(() => {
  vi.restoreAllMocks();
});

/** router.post answered as a saved move: its onSuccess runs. */
const savedPosts = () => vi.spyOn(router, 'post').mockImplementation((_url, _data, options) => options?.onSuccess?.({} as never));

describe('the taxonomy list', () => {
  it('moves a taxonomy by Move up / down, keeping the page state, and says where it went', async () => {
    const post = savedPosts();
    await renderTaxonomies();
    expect((screen.getByRole('button', { name: 'Move Type up' }) as HTMLButtonElement).disabled).toBe(true);
    expect((screen.getByRole('button', { name: 'Move Curation Status down' }) as HTMLButtonElement).disabled).toBe(true);
    await userEvent.click(screen.getByRole('button', { name: 'Move Age Group up' }));
    expect(post).toHaveBeenCalledWith(
      '/admin/taxonomy/taxage000001/reposition',
      { position: 0 },
      expect.objectContaining({ preserveScroll: true, preserveState: true }),
    );
    expect(await screen.findByText("Moved 'Age Group' to position 1 of 3.")).toBeTruthy();
    // The row still links to its taxonomy, and its grip is there for a pointer.
    const row = screen.getByRole('listitem', { name: 'Age Group' });
    expect(within(row).getByRole('link', { name: 'Age Group' }).getAttribute('href')).toBe('/admin/taxonomy/taxage000001');
    expect(within(row).getByRole('img', { name: 'Drag Age Group' })).toBeTruthy();
  });

  it('posts the drop index of a drag as the new position', async () => {
    const post = vi.spyOn(router, 'post').mockImplementation(() => {});
    await renderTaxonomies();
    const list = screen.getByRole('list', { name: 'Taxonomies' });
    const sortable = await sortableOf(list);
    expect(sortable.options.animation).toBe(250);
    const item = screen.getByRole('listitem', { name: 'Curation Status' });
    act(() => sortable.options.onEnd!({ item, from: list, to: list, oldIndex: 2, newIndex: 0 } as unknown as SortableEvent));
    expect(post).toHaveBeenCalledWith('/admin/taxonomy/taxcuration1/reposition', { position: 0 }, expect.objectContaining({ preserveState: true }));
  });
});

describe('the paged lists', () => {
  it('count a later page from where it starts: its first card can move up onto the page before, the last card of all cannot move down', async () => {
    const post = savedPosts();
    const data = [characteristic('charlength01', 'Session length'), characteristic('chargroup001', 'Group size')];
    await renderInertiaPage(
      pageObject(
        'admin/characteristic/Index',
        { ...ADMIN, characteristics: { data, links: [] }, order: { offset: 24, total: 26 }, formats: { text: 'Text' }, title: 'Characteristics' },
        { url: '/admin/characteristic?page=2' },
      ),
    );
    expect((screen.getByRole('button', { name: 'Move Group size down' }) as HTMLButtonElement).disabled).toBe(true);
    await userEvent.click(screen.getByRole('button', { name: 'Move Session length up' }));
    expect(post).toHaveBeenCalledWith('/admin/characteristic/charlength01/reposition', { position: 23 }, expect.anything());
    expect(await screen.findByText("Moved 'Session length' to position 24 of 26.")).toBeTruthy();
  });

  it('drags an affirmation card to a place counted over every page', async () => {
    const post = vi.spyOn(router, 'post').mockImplementation(() => {});
    const data: AdminAffirmation[] = [
      { ref: 'optionhelpful', title: 'Helpful', is_negative: false },
      { ref: 'optionoutdated', title: 'Outdated', is_negative: true },
    ];
    await renderInertiaPage(
      pageObject(
        'admin/affirmation/Index',
        { ...ADMIN, affirmations: { data, links: [] }, order: { offset: 48, total: 50 }, title: 'Affirmations' },
        { url: '/admin/affirmation?page=3' },
      ),
    );
    const list = screen.getByRole('list', { name: 'Affirmations' });
    const item = screen.getByRole('listitem', { name: 'Outdated' });
    // The card's link still opens it; the move tools are separate controls.
    expect(within(item).getByRole('link', { name: 'Outdated' }).getAttribute('href')).toBe('/admin/affirmation/optionoutdated');
    const sortable = await sortableOf(list);
    act(() => sortable.options.onEnd!({ item, from: list, to: list, oldIndex: 1, newIndex: 0 } as unknown as SortableEvent));
    expect(post).toHaveBeenCalledWith('/admin/affirmation/optionoutdated/reposition', { position: 48 }, expect.anything());
  });
});

function tag(ref: string, label: string, parent: AdminTag | null = null, position = 0): AdminTag {
  return {
    ref,
    label,
    parentLabel: parent?.label ?? null,
    parentRef: parent?.ref ?? null,
    fullLabel: parent ? `${parent.label} > ${label}` : label,
    force_show_in_filtering: false,
    position,
    itemCount: 0,
  };
}

const CHILDREN = tag('tagchildren1', 'Children');
const PRIMARY = tag('tagprimary01', 'Primary', CHILDREN);
const YOUTH = tag('tagyouth0001', 'Youth', null, 1);
const TAXONOMY: AdminTaxonomyDetail = { ...AGE, tags: [CHILDREN, PRIMARY, YOUTH] };
const TARGETS: TagMoveTarget[] = [
  { ref: AGE.ref, title: AGE.title, tags: [CHILDREN, PRIMARY, YOUTH].map(({ ref, fullLabel }) => ({ ref, fullLabel })) },
  { ref: CURATION.ref, title: CURATION.title, tags: [{ ref: 'tagstaffpick', fullLabel: 'Staff Pick' }] },
];

function renderShow(extra: { moveTargets?: TagMoveTarget[]; errors?: Record<string, string> } = {}) {
  return renderInertiaPage(
    pageObject(
      'admin/taxonomy/Show',
      { taxonomy: TAXONOMY, usage: { taggedItems: 0, untaggedItems: 0 }, ...ADMIN, ...extra, title: AGE.title },
      { url: `/admin/taxonomy/${AGE.ref}` },
    ),
  );
}

describe("a tag's Move to…", () => {
  it('asks for the targets when it opens, shows Loading... until they come, and cannot be sent before', async () => {
    const reload = vi.spyOn(router, 'reload').mockImplementation(() => {});
    await renderShow();
    await userEvent.click(screen.getByRole('button', { name: 'Move to… (Youth)' }));
    const dialog = await screen.findByRole('dialog', { name: 'Move tag: Youth' });
    expect(reload).toHaveBeenCalledWith({ only: ['moveTargets'] });
    expect(within(dialog).getByRole('option', { name: 'Loading...' })).toBeTruthy();
    expect((within(dialog).getByRole('button', { name: 'Move' }) as HTMLButtonElement).disabled).toBe(true);
  });

  it("offers every taxonomy and, as parents, the chosen one's tags but for the tag's own subtree; posts taxonomy and parent", async () => {
    vi.spyOn(router, 'reload').mockImplementation(() => {});
    const visit = vi.spyOn(router, 'visit').mockImplementation(() => {});
    await renderShow({ moveTargets: TARGETS });
    await userEvent.click(screen.getByRole('button', { name: 'Move to… (Children)' }));
    const dialog = await screen.findByRole('dialog', { name: 'Move tag: Children' });
    const taxonomy = within(dialog).getByRole('combobox', { name: 'Taxonomy' }) as HTMLSelectElement;
    const parent = within(dialog).getByRole('combobox', { name: 'Parent tag' }) as HTMLSelectElement;
    expect(taxonomy.value).toBe(AGE.ref);
    expect(
      within(taxonomy)
        .getAllByRole('option')
        .map((option) => option.textContent),
    ).toEqual(['Age Group', 'Curation Status']);
    // Neither Children itself nor Primary under it can be its parent.
    expect(
      within(parent)
        .getAllByRole('option')
        .map((option) => option.textContent),
    ).toEqual(['(top level)', 'Youth']);
    await userEvent.selectOptions(parent, 'tagyouth0001');
    await userEvent.selectOptions(taxonomy, CURATION.ref);
    // Another taxonomy: its own tags, and the parent starts again at the top level.
    expect(parent.value).toBe('');
    expect(
      within(parent)
        .getAllByRole('option')
        .map((option) => option.textContent),
    ).toEqual(['(top level)', 'Staff Pick']);
    await userEvent.selectOptions(parent, 'tagstaffpick');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Move' }));
    const [url, options] = visit.mock.calls[0]!;
    expect(String(url)).toBe('/admin/tag/tagchildren1/move');
    expect(options).toMatchObject({ method: 'post', data: { taxonomy_ref: CURATION.ref, parent_ref: 'tagstaffpick' } });
  });

  it("shows the server's refusal under the field it is about", async () => {
    vi.spyOn(router, 'reload').mockImplementation(() => {});
    const message = 'Curation Status allows one tag per item, and 1 item would have more.';
    vi.spyOn(router, 'visit').mockImplementation((_url, options) => options?.onError?.({ taxonomy_ref: message }));
    await renderShow({ moveTargets: TARGETS });
    await userEvent.click(screen.getByRole('button', { name: 'Move to… (Youth)' }));
    const dialog = await screen.findByRole('dialog', { name: 'Move tag: Youth' });
    await userEvent.selectOptions(within(dialog).getByRole('combobox', { name: 'Taxonomy' }), CURATION.ref);
    await userEvent.click(within(dialog).getByRole('button', { name: 'Move' }));
    expect(await within(dialog).findByText(message)).toBeTruthy();
    expect(screen.getByRole('dialog', { name: 'Move tag: Youth' })).toBeTruthy();
  });
});
