import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { cleanup, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { router } from '@inertiajs/react';
import { http, type HttpClient, type HttpRequestConfig, type Page } from '@inertiajs/core';
import { EMPTY_STATES, NO_ITEMS_HERE } from '../../shared/messages';
import { EXACT_COUNT_LIMIT } from '../../shared/constants';
import { BEST_MATCHES_NOTE } from '../../components/items/ItemList';
import type { ItemSummary } from '../../shared/items';
import type { SharedProps } from '../../shared/props';
import { anItemSummary } from '../support/item-fixtures';
import { SHARED_ANONYMOUS, SHARED_MEMBER, pageObject, renderInertiaPage } from './support';
import { AGE, TYPE, aTag, indexProps as sharedIndexProps, type IndexProps } from './items-index-fixtures';

const SHARED_CREATOR: SharedProps = { ...SHARED_MEMBER, can: { ...SHARED_MEMBER.can, create: true } };

function summary(ref: string, title: string, overrides: Partial<ItemSummary> = {}): ItemSummary {
  return anItemSummary({ ref, title, topic: 'Camps', blurb: `${title} blurb`, ...overrides });
}

function indexProps(overrides: Partial<IndexProps> = {}): IndexProps {
  return sharedIndexProps(
    [
      summary('camp1', 'Camp Songbook'),
      summary('draft1', 'My Draft', { visibility: 10, visibility_name: 'DRAFT', visibility_label: 'Draft', badge: 'danger' }),
    ],
    overrides,
  );
}

/** What the server's scroll() prop announces for `items`. */
const SCROLL_PROPS = (nextPage: number | null) => ({ items: { pageName: 'page', currentPage: 1, previousPage: null, nextPage, reset: false } });

async function renderIndex(props: IndexProps, shared: SharedProps = SHARED_ANONYMOUS, url = '/item', nextPage: number | null = null) {
  const page = pageObject('items/Index', { ...props, ...shared }, { url });
  return renderInertiaPage({ ...page, scrollProps: SCROLL_PROPS(nextPage) } as Page);
}

beforeEach(() => {
  vi.spyOn(globalThis, 'fetch').mockImplementation(async () => Response.json({ recentlyViewedItems: [], frequentlyViewedItems: [], myCollections: [] }));
});
afterEach(() => vi.restoreAllMocks());

describe('heading, counts and cards', () => {
  it('shows the heading as the page title and each card linking to its item, with the badge of a draft', async () => {
    await renderIndex(indexProps({ heading: 'Search: "camp"' }));
    expect(screen.getByRole('heading', { level: 1, name: 'Search: "camp"' })).toBeTruthy();
    await waitFor(() => expect(document.title).toBe('Search: "camp" - Equip'));
    const cards = within(screen.getByRole('list', { name: 'Items' })).getAllByRole('article');
    expect(cards).toHaveLength(2);
    expect(within(cards[0]).getByRole('link', { name: 'Camp Songbook' }).getAttribute('href')).toBe('/i/camp1');
    const draftBadge = within(cards[1]).getByText('Draft');
    expect(draftBadge.className).toContain('bg-danger');
  });

  it.each([
    [1, '1 match'],
    [2, '2 matches'],
    [0, '0 matches'],
  ])('shows %i matches as "%s" when filtered', async (count, text) => {
    const data = Array.from({ length: count }, (_, index) => summary(`i${index}`, `Item ${index}`));
    await renderIndex(indexProps({ items: { data }, matchCount: count, filters: { search: 'camp', tags: [] } }));
    expect(screen.getByText(text)).toBeTruthy();
  });

  it('paints the results first, with a placeholder where the count arrives, and no count on an unfiltered list', async () => {
    await renderIndex(indexProps({ filters: { search: 'camp', tags: [] } }));
    expect(screen.getAllByRole('listitem').length).toBeGreaterThan(0);
    expect(screen.getByRole('status').textContent).toBe('');
    expect(screen.getByRole('status').querySelector('.placeholder')).not.toBeNull();
    cleanup();
    await renderIndex(indexProps({ matchCount: 2 }));
    expect(screen.getByRole('status').textContent).toBe('');
    expect(screen.getByRole('status').querySelector('.placeholder')).toBeNull();
  });

  it('shows a count the server stopped at as "1,000+ matches", and the end says how many were loaded', async () => {
    const data = Array.from({ length: 3 }, (_, index) => summary(`i${index}`, `Item ${index}`));
    await renderIndex(
      indexProps({
        items: { data },
        matchCount: EXACT_COUNT_LIMIT + 1,
        filters: { search: 'camp', tags: [] },
        itemsPagination: { currentPage: 1, nextPage: null, previousPage: null, perPage: 24 },
      }),
    );
    expect(screen.getByText('1,000+ matches')).toBeTruthy();
    expect(screen.getByText('Showing 3 items')).toBeTruthy();
    expect(screen.queryByText(BEST_MATCHES_NOTE)).toBeNull();
  });

  it('says a search shows only its best matches when it ends at the limit', async () => {
    const data = Array.from({ length: EXACT_COUNT_LIMIT }, (_, index) => summary(`i${index}`, `Item ${index}`));
    await renderIndex(
      indexProps({
        items: { data },
        matchCount: EXACT_COUNT_LIMIT + 1,
        itemsPagination: { currentPage: 42, nextPage: null, previousPage: 41, perPage: 24 },
      }),
    );
    expect(screen.getByText('Showing 1000 items')).toBeTruthy();
    expect(screen.getByText(BEST_MATCHES_NOTE)).toBeTruthy();
  });

  it('shows no count when not filtered', async () => {
    await renderIndex(indexProps());
    expect(screen.queryByText(/match/)).toBeNull();
  });

  it.each([
    [1, 'Showing 1 item'],
    [2, 'Showing 2 items'],
  ])('ends a list of %i with "%s"', async (count, text) => {
    const data = Array.from({ length: count }, (_, index) => summary(`i${index}`, `Item ${index}`));
    await renderIndex(indexProps({ items: { data } }));
    expect(screen.getByText(text)).toBeTruthy();
  });
});

describe('empty result', () => {
  it('warns and offers anonymous visitors to log in', async () => {
    await renderIndex(indexProps({ items: { data: [] }, matchCount: 0, filters: { search: 'zebra', tags: [] } }));
    const alert = screen.getByText(EMPTY_STATES.items).closest('.alert') as HTMLElement;
    expect(within(alert).getByRole('link', { name: 'Log in' }).getAttribute('href')).toBe('/login');
  });

  it('has no login prompt for signed-in users', async () => {
    await renderIndex(indexProps({ items: { data: [] }, filters: { search: '', tags: ['tagyouth'] }, selectedTags: [AGE.tags[2]] }), SHARED_MEMBER);
    expect(screen.getByText(EMPTY_STATES.items)).toBeTruthy();
    expect(screen.queryByRole('link', { name: 'Log in' })).toBeNull();
  });

  it('does not suggest removing filters when none was chosen, on a listing or on a tag page by its own tag', async () => {
    await renderIndex(indexProps({ listing: 'draft', heading: 'Drafts', items: { data: [] }, matchCount: 0 }), SHARED_MEMBER, '/draft');
    expect(screen.getByText(NO_ITEMS_HERE)).toBeTruthy();
    expect(screen.queryByText(/Try removing some filters/)).toBeNull();
    cleanup();
    const tagPage = { ref: 'tagyouth', path: '/tag/youth' };
    const onTagPage = { listing: 'tag' as const, heading: 'Youth', items: { data: [] }, matchCount: 0, selectedTags: [AGE.tags[2]], tagPage };
    await renderIndex(indexProps({ ...onTagPage, filters: { search: '', tags: ['tagyouth'] } }), SHARED_MEMBER, '/tag/youth');
    expect(screen.getByText(NO_ITEMS_HERE)).toBeTruthy();
    expect(screen.queryByText(/Try removing some filters/)).toBeNull();
    cleanup();
    await renderIndex(indexProps({ ...onTagPage, filters: { search: 'zebra', tags: ['tagyouth'] } }), SHARED_MEMBER, '/tag/youth?search=zebra');
    expect(screen.getByText(EMPTY_STATES.items)).toBeTruthy();
  });
});

describe('filters', () => {
  const COUNTS = { tagresource: 5, tagtraining: 2, tagchildren: 3, tagprimary: 1, tagyouth: 4 };

  it('ticks a tag in a taxonomy menu, keeping the other tags and the search; each tag shows its count', async () => {
    const get = vi.spyOn(router, 'get').mockImplementation(() => {});
    await renderIndex(
      indexProps({ filters: { search: 'camp', tags: ['tagresource', 'tagyouth'] }, selectedTags: [TYPE.tags[0], AGE.tags[2]], tagCounts: COUNTS }),
    );
    await userEvent.click(screen.getByRole('button', { name: 'Type (1)' }));
    const training = await screen.findByRole('checkbox', { name: 'Training (2)' });
    expect((screen.getByRole('checkbox', { name: 'Resource (5)' }) as HTMLInputElement).checked).toBe(true);
    await userEvent.click(training);
    expect(get).toHaveBeenCalledWith('/item', { search: 'camp', tags: 'tagresource-tagyouth-tagtraining' }, { preserveState: true, preserveScroll: true });
  });

  it('shows a tag without a count (the part counted in was too large) by its label alone', async () => {
    const { tagresource: _uncounted, ...counted } = COUNTS;
    await renderIndex(indexProps({ tagCounts: counted }));
    await userEvent.click(screen.getByRole('button', { name: 'Type' }));
    expect(await screen.findByRole('checkbox', { name: 'Resource' })).toBeTruthy();
    expect(screen.getByRole('checkbox', { name: 'Training (2)' })).toBeTruthy();
  });

  it('closes a taxonomy’s menu on Escape, with the focus back on its button, and on a press elsewhere', async () => {
    await renderIndex(indexProps({ tagCounts: COUNTS }));
    const toggle = screen.getByRole('button', { name: 'Age Group' });
    await userEvent.click(toggle);
    expect(toggle.getAttribute('aria-expanded')).toBe('true');
    (await screen.findByRole('checkbox', { name: 'Children (3)' })).focus();
    await userEvent.keyboard('{Escape}');
    expect(screen.queryByRole('checkbox', { name: 'Children (3)' })).toBeNull();
    expect(document.activeElement).toBe(toggle);
    expect(toggle.getAttribute('aria-expanded')).toBe('false');
    await userEvent.click(toggle);
    await userEvent.click(screen.getByRole('checkbox', { name: 'Children (3)' }).closest('fieldset')!);
    expect(screen.getByRole('checkbox', { name: 'Children (3)' })).toBeTruthy();
    await userEvent.click(document.body);
    expect(screen.queryByRole('checkbox', { name: 'Children (3)' })).toBeNull();
  });

  it('closes a taxonomy’s menu when Tab moves the focus on past it', async () => {
    await renderIndex(indexProps({ tagCounts: COUNTS }));
    const toggle = screen.getByRole('button', { name: 'Age Group' });
    await userEvent.click(toggle);
    const checkboxes = within(screen.getByRole('group', { name: 'Age Group' })).getAllByRole('checkbox');
    checkboxes.at(-1)!.focus();
    await userEvent.tab();
    expect(toggle.getAttribute('aria-expanded')).toBe('false');
    expect(screen.queryByRole('group', { name: 'Age Group' })).toBeNull();
  });

  it('moves through a taxonomy’s tags with the keyboard without applying any; Space applies the one in focus', async () => {
    const get = vi.spyOn(router, 'get').mockImplementation(() => {});
    await renderIndex(indexProps({ tagCounts: COUNTS }));
    await userEvent.click(screen.getByRole('button', { name: 'Age Group' }));
    (await screen.findByRole('checkbox', { name: 'Children (3)' })).focus();
    await userEvent.tab();
    await userEvent.tab();
    expect(document.activeElement).toBe(screen.getByRole('checkbox', { name: 'Youth (4)' }));
    expect(get).not.toHaveBeenCalled();
    await userEvent.keyboard(' ');
    expect(get).toHaveBeenCalledWith('/item', { tags: 'tagyouth' }, expect.anything());
  });

  it('unticks a tag, and Clear all removes every tag but keeps the search', async () => {
    const get = vi.spyOn(router, 'get').mockImplementation(() => {});
    await renderIndex(
      indexProps({ filters: { search: 'camp', tags: ['tagyouth', 'tagprimary'] }, selectedTags: [AGE.tags[2], AGE.tags[1]] }),
      SHARED_ANONYMOUS,
      '/tag/youth',
    );
    await userEvent.click(screen.getByRole('button', { name: 'Age Group (2)' }));
    await userEvent.click(await screen.findByRole('checkbox', { name: 'Youth' }));
    expect(get).toHaveBeenLastCalledWith('/item', { search: 'camp', tags: 'tagprimary' }, expect.anything());
    await userEvent.click(screen.getByRole('button', { name: 'Clear all' }));
    expect(get).toHaveBeenLastCalledWith('/item', { search: 'camp' }, expect.anything());
  });

  it('on phones, opens every taxonomy in one Filters (n) sheet with Clear all', async () => {
    const get = vi.spyOn(router, 'get').mockImplementation(() => {});
    await renderIndex(indexProps({ filters: { search: '', tags: ['tagyouth'] }, selectedTags: [AGE.tags[2]], tagCounts: COUNTS, matchCount: 4 }));
    await userEvent.click(screen.getByRole('button', { name: 'Filters (1)' }));
    const sheet = await screen.findByRole('dialog', { name: 'Filters' });
    expect(within(sheet).getByRole('group', { name: 'Type' })).toBeTruthy();
    await userEvent.click(within(sheet).getByRole('checkbox', { name: 'Children (3)' }));
    expect(get).toHaveBeenLastCalledWith('/item', { tags: 'tagyouth-tagchildren' }, expect.anything());
    await userEvent.click(within(sheet).getByRole('button', { name: 'Clear all' }));
    expect(get).toHaveBeenLastCalledWith('/item', {}, expect.anything());
    await userEvent.click(within(sheet).getByRole('button', { name: 'Show 4 matches' }));
    await waitFor(() => expect(screen.queryByRole('dialog', { name: 'Filters' })).toBeNull());
  });

  it('shows selected tags no control offers as removable chips, and keeps special listings on their path', async () => {
    const get = vi.spyOn(router, 'get').mockImplementation(() => {});
    const international = aTag('tagintl', 'International');
    await renderIndex(
      indexProps({ listing: 'popular', heading: 'Popular', filters: { search: '', tags: ['tagintl'] }, selectedTags: [international] }),
      SHARED_ANONYMOUS,
      '/popular',
    );
    await userEvent.click(screen.getByRole('button', { name: 'Remove filter International' }));
    expect(get).toHaveBeenCalledWith('/popular', {}, expect.anything());
  });

  it('on a tag page, keeps the page and its tag: other filters and the search become its query parameters', async () => {
    const get = vi.spyOn(router, 'get').mockImplementation(() => {});
    await renderIndex(
      indexProps({
        listing: 'tag',
        heading: 'Youth',
        filters: { search: '', tags: ['tagyouth'] },
        selectedTags: [AGE.tags[2]],
        tagPage: { ref: 'tagyouth', path: '/tag/youth' },
      }),
      SHARED_ANONYMOUS,
      '/tag/youth',
    );
    // With only the page's own tag there is nothing to clear.
    expect(screen.queryByRole('button', { name: 'Clear all' })).toBeNull();
    await userEvent.click(screen.getByRole('button', { name: 'Type' }));
    await userEvent.click(await screen.findByRole('checkbox', { name: 'Training' }));
    expect(get).toHaveBeenLastCalledWith('/tag/youth', { tags: 'tagtraining' }, { preserveState: true, preserveScroll: true });
    await userEvent.click(screen.getByRole('button', { name: 'Age Group (1)' }));
    expect(((await screen.findByRole('checkbox', { name: 'Youth' })) as HTMLInputElement).disabled).toBe(true);
    await userEvent.type(screen.getByRole('searchbox', { name: 'Search titles and blurbs' }), 'games{Enter}');
    expect(get).toHaveBeenLastCalledWith('/tag/youth', { search: 'games' }, expect.anything());
  });

  it('on a tag page, Clear all removes the other filters and keeps the page’s tag', async () => {
    const get = vi.spyOn(router, 'get').mockImplementation(() => {});
    await renderIndex(
      indexProps({
        listing: 'tag',
        heading: 'Youth, Resource',
        filters: { search: 'camp', tags: ['tagyouth', 'tagresource'] },
        selectedTags: [AGE.tags[2], TYPE.tags[0]],
        tagPage: { ref: 'tagyouth', path: '/tag/youth' },
      }),
      SHARED_ANONYMOUS,
      '/tag/youth?search=camp&tags=tagresource',
    );
    await userEvent.click(screen.getByRole('button', { name: 'Clear all' }));
    expect(get).toHaveBeenLastCalledWith('/tag/youth', { search: 'camp' }, expect.anything());
  });

  it('searches with the typed text', async () => {
    const get = vi.spyOn(router, 'get').mockImplementation(() => {});
    await renderIndex(indexProps());
    await userEvent.type(screen.getByRole('searchbox', { name: 'Search titles and blurbs' }), '  youth games {Enter}');
    expect(get).toHaveBeenCalledWith('/item', { search: 'youth games' }, expect.anything());
  });

  it('announces the count of matches in a polite live region', async () => {
    await renderIndex(indexProps({ matchCount: 2, filters: { search: 'camp', tags: [] } }));
    expect(screen.getByRole('status').textContent).toBe('2 matches');
  });
});

describe('suggestions on an empty result', () => {
  it.each([
    ['closest', [], 'Closest matches'],
    ['popular', ['tagyouth'], 'Popular in these filters'],
    ['popular', [], 'Popular items'],
  ] as const)('shows the %s items (tags %j) under "%s", below the empty state', async (kind, tags, heading) => {
    const filters = { search: 'zebra', tags: [...tags] };
    await renderIndex(
      indexProps({ items: { data: [] }, matchCount: 0, filters, suggestions: { kind, items: [summary('camp1', 'Camp Songbook')] } }),
      SHARED_MEMBER,
    );
    expect(screen.getByText(EMPTY_STATES.items)).toBeTruthy();
    const list = screen.getByRole('list', { name: heading });
    expect(within(list).getByRole('link', { name: 'Camp Songbook' }).getAttribute('href')).toBe('/i/camp1');
  });

  it('shows none when the server has none', async () => {
    await renderIndex(indexProps({ items: { data: [] }, matchCount: 0 }), SHARED_MEMBER);
    expect(screen.queryByRole('heading', { name: /Closest matches|Popular/ })).toBeNull();
  });
});

describe('Create New', () => {
  it('is offered only when the viewer may create', async () => {
    await renderIndex(indexProps(), SHARED_MEMBER);
    expect(screen.queryByRole('button', { name: 'Create New' })).toBeNull();
  });

  describe('the New Item form', () => {
    let requests: HttpRequestConfig[];
    let previousClient: HttpClient;
    let answerErrors: Record<string, string>;

    beforeEach(() => {
      requests = [];
      answerErrors = {};
      previousClient = http.getClient();
      // The server redirects back with errors; the browser follows, so the answer is the index page with props.errors.
      http.setClient({
        request: async (config) => {
          requests.push(config);
          const page = pageObject('items/Index', { ...indexProps({ requiredTaxonomies: [TYPE] }), ...SHARED_CREATOR, errors: answerErrors }, { url: '/item' });
          return {
            status: 200,
            data: JSON.stringify({ ...page, scrollProps: SCROLL_PROPS(null) }),
            headers: { 'x-inertia': 'true', 'content-type': 'application/json' },
          };
        },
      });
    });
    afterEach(() => http.setClient(previousClient));

    async function openForm() {
      await renderIndex(indexProps({ requiredTaxonomies: [TYPE] }), SHARED_CREATOR);
      await userEvent.click(screen.getByRole('button', { name: 'Create New' }));
      return screen.findByRole('dialog', { name: 'New Item' });
    }

    it('opens with empty fields and the first tag of each required taxonomy, and posts them', async () => {
      const dialog = await openForm();
      expect((within(dialog).getByRole('textbox', { name: 'Title' }) as HTMLInputElement).value).toBe('');
      expect((within(dialog).getByRole('combobox', { name: 'Type' }) as HTMLSelectElement).value).toBe('tagresource');
      await userEvent.type(within(dialog).getByRole('textbox', { name: 'Title' }), 'Holiday Club');
      await userEvent.type(within(dialog).getByRole('textbox', { name: 'Topic' }), 'Summer');
      await userEvent.selectOptions(within(dialog).getByRole('combobox', { name: 'Type' }), 'Training');
      await userEvent.click(within(dialog).getByRole('button', { name: 'OK' }));
      await waitFor(() => expect(requests).toHaveLength(1));
      expect(requests[0]).toMatchObject({ method: 'post', url: expect.stringContaining('/i') });
      expect(requests[0].data).toEqual({ title: 'Holiday Club', topic: 'Summer', 'taxonomy-taxtype': 'tagtraining' });
    });

    it('shows the server’s errors under the fields and stays open; opening again starts afresh', async () => {
      answerErrors = { title: 'Please enter a title.', 'taxonomy-taxtype': 'Please choose a Type.' };
      const dialog = await openForm();
      await userEvent.type(within(dialog).getByRole('textbox', { name: 'Topic' }), 'Summer');
      await userEvent.click(within(dialog).getByRole('button', { name: 'OK' }));
      expect(await within(dialog).findByText('Please enter a title.')).toBeTruthy();
      expect(within(dialog).getByText('Please choose a Type.')).toBeTruthy();
      expect(within(dialog).getByRole('textbox', { name: 'Title' }).className).toContain('is-invalid');
      expect(screen.getByRole('dialog', { name: 'New Item' })).toBeTruthy();

      await userEvent.click(within(dialog).getByRole('button', { name: 'Cancel' }));
      await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
      await userEvent.click(screen.getByRole('button', { name: 'Create New' }));
      const reopened = await screen.findByRole('dialog', { name: 'New Item' });
      expect((within(reopened).getByRole('textbox', { name: 'Topic' }) as HTMLInputElement).value).toBe('');
      expect(within(reopened).queryByText('Please enter a title.')).toBeNull();
    });
  });
});
