/**
 * The item index where scripts cannot run (issue 36 §1): the server's render carries, in `<noscript>`, a GET form of
 * the tag filters and links to the next and earlier pages, which keep the search and the tags; the browser's render
 * leaves them out, so hydration never sees them.
 */
import { afterEach, describe, expect, it } from 'vitest';
import { renderToString } from 'react-dom/server';
import { screen, within } from '@testing-library/react';
import { App, config } from '@inertiajs/react';
import type { Page } from '@inertiajs/core';
import { defaultLayout, inertiaDefaults, pageTitle } from '../../components/app/inertia-setup';
import { resolvePage } from '../../components/lib/page-modules';
import { anItemSummary } from '../support/item-fixtures';
import { SHARED_ANONYMOUS, pageObject, renderInertiaPage } from './support';
import { CHILDREN, PRIMARY, RESOURCE, aTag, indexProps as sharedIndexProps, type IndexProps } from './items-index-fixtures';

const INTERNATIONAL = aTag('tagintl', 'International');

function indexProps(overrides: Partial<IndexProps> = {}): IndexProps {
  return sharedIndexProps([anItemSummary({ ref: 'camp1', title: 'Camp Songbook' }), anItemSummary({ ref: 'kit1', title: 'Equipment Kit' })], overrides);
}

interface Pages {
  currentPage: number;
  previousPage: number | null;
  nextPage: string | number | null;
}

const FIRST_OF_TWO: Pages = { currentPage: 1, previousPage: null, nextPage: '2~WyJrIiwxXQ' };

function indexPage(props: IndexProps, url: string, pages: Pages = { currentPage: 1, previousPage: null, nextPage: null }): Page {
  const page = pageObject('items/Index', { ...props, ...SHARED_ANONYMOUS }, { url });
  return { ...page, scrollProps: { items: { pageName: 'page', reset: false, ...pages } } } as Page;
}

/**
 * The page as the server renders it, in the document as a browser without scripts reads it: the content of each
 * `<noscript>` is markup (a browser with scripts, and a DOM parser, read it as text).
 */
async function renderedOnServer(page: Page): Promise<HTMLElement> {
  config.replace(inertiaDefaults);
  const component = await resolvePage(page.component);
  const html = renderToString(
    <App initialPage={page} initialComponent={component} resolveComponent={resolvePage} defaultLayout={defaultLayout} titleCallback={pageTitle} />,
  );
  const container = document.createElement('div');
  container.innerHTML = html;
  for (const noscript of container.querySelectorAll('noscript')) {
    const content = document.createElement('div');
    content.innerHTML = noscript.children.length > 0 ? noscript.innerHTML : (noscript.textContent ?? '');
    noscript.replaceWith(...content.childNodes);
  }
  document.body.append(container);
  return container;
}

// What renderedOnServer put in the document (Testing Library's cleanup removes only what it rendered).
afterEach(() => document.body.replaceChildren());

const filterForm = () => screen.getByRole('form', { name: 'Filter by tags' });
const pageLinks = () => screen.getByRole('navigation', { name: 'Pages of results' });
const hrefOf = (link: HTMLElement) => link.getAttribute('href');

describe('the tag filters without scripts', () => {
  it('asks the same index for the ticked tags, a fieldset per taxonomy, keeping the search', async () => {
    await renderedOnServer(
      indexPage(indexProps({ filters: { search: 'camp', tags: [RESOURCE.ref] }, selectedTags: [RESOURCE] }), '/item?search=camp&tags=tagresource'),
    );
    const form = filterForm() as HTMLFormElement;
    expect(form.getAttribute('method')).toBe('get');
    expect(form.getAttribute('action')).toBe('/item');
    const type = within(form).getByRole('group', { name: 'Type' });
    const resource = within(type).getByRole('checkbox', { name: 'Resource' }) as HTMLInputElement;
    expect([resource.name, resource.value, resource.checked]).toEqual(['tags', RESOURCE.ref, true]);
    expect((within(type).getByRole('checkbox', { name: 'Training' }) as HTMLInputElement).checked).toBe(false);
    const age = within(form).getByRole('group', { name: 'Age Group' });
    expect(
      within(age)
        .getAllByRole('checkbox')
        .map((box) => (box as HTMLInputElement).value),
    ).toEqual([CHILDREN.ref, PRIMARY.ref, 'tagyouth']);
    const search = form.querySelector<HTMLInputElement>('input[type="hidden"]');
    expect([search?.name, search?.value]).toEqual(['search', 'camp']);
    expect(form.querySelectorAll('input[type="hidden"]')).toHaveLength(1);
    expect(within(form).getByRole('button', { name: 'Apply filters' }).getAttribute('type')).toBe('submit');
  });

  it('keeps a special listing on its path, and a selected tag no taxonomy offers, ticked, to be unticked', async () => {
    await renderedOnServer(
      indexPage(
        indexProps({ listing: 'popular', heading: 'Popular', filters: { search: '', tags: [INTERNATIONAL.ref] }, selectedTags: [INTERNATIONAL] }),
        '/popular',
      ),
    );
    expect(filterForm().getAttribute('action')).toBe('/popular');
    const other = within(within(filterForm()).getByRole('group', { name: 'Other tags' })).getByRole('checkbox', { name: 'International' }) as HTMLInputElement;
    expect([other.name, other.value, other.checked]).toEqual(['tags', INTERNATIONAL.ref, true]);
  });

  it('on a tag page, keeps the page: its own tag is ticked and fixed, and not sent (the path applies it)', async () => {
    await renderedOnServer(
      indexPage(
        indexProps({
          listing: 'tag',
          heading: 'Children',
          tagPage: { ref: CHILDREN.ref, path: '/tag/children' },
          filters: { search: '', tags: [CHILDREN.ref] },
          selectedTags: [CHILDREN],
        }),
        '/tag/children',
      ),
    );
    expect(filterForm().getAttribute('action')).toBe('/tag/children');
    const own = within(filterForm()).getByRole('checkbox', { name: 'Children' }) as HTMLInputElement;
    expect([own.checked, own.disabled]).toEqual([true, true]);
    expect(filterForm().querySelectorAll('input[type="hidden"]')).toHaveLength(0);
    expect(within(filterForm()).queryByRole('group', { name: 'Other tags' })).toBeNull();
  });
});

describe('the pages of results without scripts', () => {
  it('links the next page by what the infinite scroll would ask for, keeping the search and the tags', async () => {
    const filters = { search: 'camp songs', tags: [RESOURCE.ref, CHILDREN.ref] };
    await renderedOnServer(
      indexPage(indexProps({ filters, selectedTags: [RESOURCE, CHILDREN] }), '/item?search=camp+songs&tags=tagresource-tagchildren', FIRST_OF_TWO),
    );
    const links = within(pageLinks()).getAllByRole('link');
    expect(links.map((link) => link.textContent)).toEqual(['Next page']);
    const next = new URL(hrefOf(links[0]!)!, 'http://localhost');
    expect(next.pathname).toBe('/item');
    expect(Object.fromEntries(next.searchParams)).toEqual({ search: 'camp songs', tags: 'tagresource-tagchildren', page: '2~WyJrIiwxXQ' });
  });

  it('on a tag page, keeps its path; on a later page, links the previous page, and from the third the first', async () => {
    const tagPage = { ref: CHILDREN.ref, path: '/tag/children' };
    const props = indexProps({ listing: 'tag', tagPage, filters: { search: '', tags: [CHILDREN.ref, RESOURCE.ref] }, selectedTags: [CHILDREN, RESOURCE] });
    await renderedOnServer(indexPage(props, '/tag/children?tags=tagresource&page=2', { currentPage: 2, previousPage: 1, nextPage: '3~WyJrIiwyXQ' }));
    expect(
      within(pageLinks())
        .getAllByRole('link')
        .map((link) => [link.textContent, hrefOf(link)]),
    ).toEqual([
      ['Previous page', '/tag/children?tags=tagresource'],
      ['Next page', '/tag/children?tags=tagresource&page=3%7EWyJrIiwyXQ'],
    ]);
    document.body.replaceChildren();

    await renderedOnServer(indexPage(props, '/tag/children?tags=tagresource&page=3', { currentPage: 3, previousPage: 2, nextPage: null }));
    expect(
      within(pageLinks())
        .getAllByRole('link')
        .map((link) => [link.textContent, hrefOf(link)]),
    ).toEqual([
      ['First page', '/tag/children?tags=tagresource'],
      ['Previous page', '/tag/children?tags=tagresource&page=2'],
    ]);
    // The last page, opened by its address: its cards are not all there are, so the end does not count them.
    expect(screen.queryByText(/^Showing/)).toBeNull();
  });

  it('has no links when the list has a single page', async () => {
    await renderedOnServer(indexPage(indexProps(), '/item'));
    expect(screen.queryByRole('navigation', { name: 'Pages of results' })).toBeNull();
    expect(screen.getByText('Showing 2 items')).toBeTruthy();
  });
});

describe('with scripts', () => {
  it("the browser's render leaves the form and the links out, and keeps the app's filters", async () => {
    await renderInertiaPage(indexPage(indexProps(), '/item', FIRST_OF_TWO));
    expect(screen.getByRole('heading', { level: 1, name: 'All Items' })).toBeTruthy();
    expect(screen.queryByRole('form', { name: 'Filter by tags' })).toBeNull();
    expect(screen.queryByRole('button', { name: 'Apply filters' })).toBeNull();
    expect(screen.queryByRole('link', { name: 'Next page' })).toBeNull();
    expect(document.querySelectorAll('noscript')).toHaveLength(2);
    for (const noscript of document.querySelectorAll('noscript')) expect(noscript.innerHTML).toBe('');
    expect(screen.getAllByRole('button', { name: /^(Type|Age Group|Filters \(0\))$/ }).length).toBeGreaterThan(0);
  });
});
