import type { FastifyInstance, LightMyRequestResponse } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { defer, merge, once, scroll } from '../../server/inertia';
import { expectInertia, pageFrom, pageFromDocument, pageProps, partialReloadHeaders } from '../../server/inertia/testing';
import { buildInertiaApp, renderTestPage, TestBrowser } from '../support/inertia-app';

let app: FastifyInstance;
let json: LightMyRequestResponse;
let html: LightMyRequestResponse;

const ITEM = { title: 'Psalm 23', tags: ['psalms', 'comfort'], owner: { name: 'Ann', email: null } };

beforeAll(async () => {
  app = await buildInertiaApp((routes) => {
    routes.get('/item', (_request, reply) =>
      renderTestPage(reply, 'items/Show', {
        item: ITEM,
        comments: merge(['first']),
        related: defer(() => ['Psalm 24'], 'sidebar'),
        levels: once(() => [1, 2]),
        feed: scroll(() => ({ data: [] }), { pageName: 'page', currentPage: 1, previousPage: null, nextPage: 2 }),
      }),
    );
    routes.post('/save', (_request, reply) => reply.notify('Saved', 'success', { pseudoref: 'p1' }).redirect('/item'));
    routes.post('/invalid', (_request, reply) => reply.redirectWithErrors({ title: 'Required' }, '/item'));
  });
  const browser = new TestBrowser(app);
  json = await browser.visit('/item');
  html = await browser.request('/item');
});

afterAll(() => app.close());

/** The assertion's failure message, or a failure of this test when it passed. */
function failure(assertion: () => unknown): string {
  try {
    assertion();
  } catch (error) {
    return (error as Error).message;
  }
  throw new Error('the assertion passed, expected it to fail');
}

describe('reading the page', () => {
  it('reads the same page object from an Inertia visit’s JSON and from a first visit’s document', () => {
    expect(pageFrom(json)).toEqual(pageFrom(html));
    expect(pageFrom(html)).toEqual(pageFromDocument(html.body));
    const page = pageFrom(json);
    expect(pageFrom(page)).toBe(page);
    expect(pageProps(json).item).toEqual(ITEM);
  });

  it('says what came instead of a page', async () => {
    const redirect = await new TestBrowser(app).visit('/save', { method: 'POST' });

    expect(failure(() => pageFrom(redirect))).toMatch(/^not an Inertia page response \(status 302, to \/item, no content type\)/);
    expect(failure(() => pageFromDocument('<html><body>Oops</body></html>'))).toMatch(/no Inertia page element .*Oops/);
  });

  it('checks the component when pageProps is given one', () => {
    expect(pageProps(json, 'items/Show')).toHaveProperty('item');
    expect(failure(() => pageProps(json, 'Home'))).toMatch(/Inertia page component: expected 'items\/Show' to be 'Home'/);
  });
});

describe('expectInertia', () => {
  it.each([
    ['JSON', () => json],
    ['HTML', () => html],
  ])('passes on what is right (%s response)', (_kind, response) => {
    expectInertia(response())
      .status(200)
      .component('items/Show')
      .url('/item')
      .prop('item')
      .prop('item.title', 'Psalm 23')
      .prop('item.tags.1', 'comfort')
      .prop('item.owner.email', null)
      .prop('item.owner', expect.objectContaining({ name: 'Ann' }))
      .props({ item: { title: 'Psalm 23' }, comments: ['first'] })
      .missingProp('related')
      .missingProp('item.subtitle')
      .errors({})
      .flash(undefined)
      .notifications([])
      .deferred({ sidebar: ['related'] })
      .mergeProps(['comments', 'feed.data'])
      .prependProps([])
      .deepMergeProps([])
      .matchPropsOn([])
      .onceProps({ levels: { prop: 'levels', expiresAt: null } })
      .scrollProps({ feed: { pageName: 'page', currentPage: 1, previousPage: null, nextPage: 2, reset: false } })
      .sharedProps([]);
  });

  it('fails with a message naming the component and the prop', () => {
    const page = expectInertia(json);

    expect(failure(() => page.status(404))).toMatch(/status of the items\/Show response: expected 200 to be 404/);
    expect(failure(() => page.component('items/Index'))).toMatch(/Inertia page component: expected 'items\/Show' to be 'items\/Index'/);
    expect(failure(() => page.url('/other'))).toMatch(/url of items\/Show: expected '\/item' to be '\/other'/);
    expect(failure(() => page.prop('item.title', 'Psalm 24'))).toMatch(/prop item.title of items\/Show: expected 'Psalm 23' to deeply equal 'Psalm 24'/);
    expect(failure(() => page.prop('item.subtitle'))).toBe(
      'items/Show has no prop item.subtitle (item has no subtitle); props: item, comments, levels, feed, errors',
    );
    expect(failure(() => page.prop('stats.count', 1))).toMatch(/^items\/Show has no prop stats.count \(no stats\)/);
    expect(failure(() => page.props({ item: { title: 'Psalm 24' } }))).toMatch(/props of items\/Show: expected .* to match object/);
    expect(failure(() => page.missingProp('item.owner'))).toBe('items/Show has prop item.owner, expected none; it is {"name":"Ann","email":null}');
    expect(failure(() => page.errors({ title: 'Required' }))).toMatch(/props.errors of items\/Show: expected {} to deeply equal/);
    expect(failure(() => page.flash({ notifications: [] }))).toMatch(/flash of items\/Show: expected undefined to deeply equal/);
    expect(failure(() => page.notifications(['Saved']))).toMatch(/flash.notifications of items\/Show: expected \[\] to deeply equal \[ 'Saved' \]/);
    expect(failure(() => page.deferred({}))).toMatch(/deferredProps of items\/Show: expected .* to deeply equal undefined/);
    expect(failure(() => page.prependProps(['comments']))).toMatch(/prependProps of items\/Show: expected undefined to deeply equal \[ 'comments' \]/);
    expect(failure(() => page.mergeProps(['comments']))).toMatch(/mergeProps of items\/Show/);
    expect(failure(() => page.onceProps({}))).toMatch(/onceProps of items\/Show/);
    expect(failure(() => page.scrollProps({}))).toMatch(/scrollProps of items\/Show/);
    expect(failure(() => page.sharedProps(['appName']))).toMatch(/sharedProps of items\/Show/);
  });

  it('takes an empty metadata expectation to mean the field is absent, as the adapter sends none empty', () => {
    const page = pageFrom(json);
    expectInertia({ ...page, prependProps: [] }).mergeProps(['comments', 'feed.data']);
    expect(failure(() => expectInertia({ ...page, prependProps: [] }).prependProps([]))).toMatch(/expected \[\] to deeply equal undefined/);
  });

  it('asserts a prop given as undefined is present and undefined, not missing', () => {
    expect(failure(() => expectInertia(json).prop('item.subtitle', undefined))).toMatch(/has no prop item.subtitle/);
    expect(failure(() => expectInertia(json).prop('item.title', undefined))).toMatch(/expected 'Psalm 23' to deeply equal undefined/);
  });

  it('reads errors and flash that a redirect left for the next page', async () => {
    const browser = new TestBrowser(app);
    await browser.visit('/invalid', { method: 'POST' });
    await browser.visit('/save', { method: 'POST' });

    expectInertia(await browser.visit('/item'))
      .errors({ title: 'Required' })
      .flash({ notifications: [{ pseudoref: 'p1', message: 'Saved', type: 'success' }] })
      .notifications(['Saved']);
  });

  it('refuses status() on a page object, which has none', () => {
    expect(failure(() => expectInertia(pageFrom(json)).status(200))).toBe('status(): expectInertia was given a page object, not a response');
  });
});

describe('partialReloadHeaders', () => {
  it('builds the headers router.reload sends, leaving out the lists not given', () => {
    expect(partialReloadHeaders('items/Show', { only: ['item.title', 'related'] })).toEqual({
      'x-inertia-partial-component': 'items/Show',
      'x-inertia-partial-data': 'item.title,related',
    });
    expect(partialReloadHeaders('items/Show', { except: ['comments'], reset: ['feed'] })).toEqual({
      'x-inertia-partial-component': 'items/Show',
      'x-inertia-partial-except': 'comments',
      'x-inertia-reset': 'feed',
    });
  });

  it('gets a partial reload answered by the adapter', async () => {
    const response = await new TestBrowser(app).visit('/item', { headers: partialReloadHeaders('items/Show', { only: ['related'] }) });

    expectInertia(response).prop('related', ['Psalm 24']).missingProp('item').deferred({});
  });
});
