import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { always, defer, merge, once, optional, scroll } from '../../server/inertia';
import { buildInertiaApp, renderTestPage, TestBrowser } from '../support/inertia-app';
import { expectInertia, pageFromDocument } from '../../server/inertia/testing';

let app: FastifyInstance;
const evaluations = new Map<string, number>();

/** A lazy prop that counts how often it runs. */
function counted<T>(name: string, value: T): () => Promise<T> {
  return async () => {
    evaluations.set(name, (evaluations.get(name) ?? 0) + 1);
    return value;
  };
}

const ONCE_EXPIRY = Date.UTC(2030, 0, 1);

beforeAll(async () => {
  app = await buildInertiaApp(
    (routes) => {
      routes.get('/dashboard', (_request, reply) =>
        renderTestPage(reply, 'test/Dashboard', {
          title: 'Dashboard',
          stats: counted('stats', { items: 3 }),
          recent: counted('recent', ['a', 'b']),
          filters: { query: 'hymns', level: counted('filters.level', 2) },
          clock: always(counted('clock', '12:00')),
          archive: optional(counted('archive', ['old'])),
        }),
      );
      routes.post('/dashboard/archive', (_request, reply) => reply.redirectWithErrors({ archive: 'Choose an entry' }, '/dashboard'));
      routes.get('/profile', (_request, reply) => renderTestPage(reply, 'test/Profile', { profile: { name: 'Ann', address: { city: 'Leeds', code: 'LS1' } } }));
      routes.get('/deferred', (_request, reply) =>
        renderTestPage(reply, 'test/Deferred', {
          item: 'Psalm 23',
          comments: defer(counted('comments', ['Amen'])),
          related: defer(counted('related', ['Psalm 24']), 'sidebar'),
          history: defer(counted('history', ['viewed']), 'sidebar'),
          details: { summary: 'Short', body: defer(counted('details.body', 'Long text')) },
        }),
      );
      routes.get('/merging', (_request, reply) =>
        renderTestPage(reply, 'test/Merging', {
          tags: merge(['new']),
          messages: merge(() => [{ ref: 'm2' }]).prepend(),
          settings: merge({ theme: { dark: true } }).deepMerge(),
          people: merge(() => [{ ref: 'p2' }]).matchOn('ref'),
          feed: merge({ data: [{ ref: 'f2' }], meta: { page: 2 } })
            .append('data')
            .matchOn('data.ref'),
          later: defer(() => ['x']).merge(),
        }),
      );
      routes.get('/scrolling', (_request, reply) =>
        renderTestPage(reply, 'test/Scrolling', {
          items: scroll(async () => ({ data: [{ ref: 'i3' }], links: [] }), {
            pageName: 'page',
            currentPage: 2,
            previousPage: 1,
            nextPage: 3,
          }),
          cursor: scroll(() => ({ rows: [] }), { pageName: 'cursor', currentPage: 'b', previousPage: 'a', nextPage: null, wrapper: 'rows' }),
        }),
      );
      routes.get('/lazy-scrolling', (_request, reply) =>
        renderTestPage(reply, 'test/LazyScrolling', {
          heading: 'Results',
          items: scroll(counted('items', { data: [{ ref: 'i1' }] }), {
            pagination: counted('items.pagination', { pageName: 'page', currentPage: 1, previousPage: null, nextPage: '2~key' }),
          }),
        }),
      );
      routes.get('/once', (_request, reply) =>
        renderTestPage(reply, 'test/Once', {
          levels: once(counted('levels', [1, 2, 3])),
          countries: once(counted('countries', ['NZ']), { key: 'country-list', expiresAt: new Date(ONCE_EXPIRY) }),
          plans: defer(counted('plans', ['free'])).once(),
        }),
      );
      routes.get('/wrapped-in-lazy', (_request, reply) =>
        renderTestPage(reply, 'test/WrappedInLazy', {
          auth: () => ({ user: 'Ann', permissions: defer(() => ['edit'], 'auth') }),
        }),
      );
    },
    {
      sharedProps: () => ({ appName: 'Equip', menu: counted('menu', { drafts: true }) }),
    },
  );
});

afterAll(() => app.close());
beforeEach(() => evaluations.clear());

describe('a dialog’s on-demand props and its form’s errors', () => {
  it('leave the optional prop out of the page back after the error, without running it: the client keeps its copy', async () => {
    const browser = new TestBrowser(app);
    await browser.partial('/dashboard', 'test/Dashboard', { only: ['archive'] });
    evaluations.clear();

    const posted = await browser.visit('/dashboard/archive', { method: 'POST' });
    expect([posted.statusCode, posted.headers.location]).toEqual([303, '/dashboard']);
    const back = await browser.page('/dashboard');
    expectInertia(back).errors({ archive: 'Choose an entry' }).missingProp('archive');
    expect(evaluations.has('archive')).toBe(false);
  });

  it('send it with the errors when the post named it (its partial headers follow the redirect back)', async () => {
    const browser = new TestBrowser(app);
    await browser.visit('/dashboard/archive', { method: 'POST' });

    const back = await browser.partial('/dashboard', 'test/Dashboard', { only: ['archive'] });
    expect(back.props).toEqual({ archive: ['old'], clock: '12:00', errors: { archive: 'Choose an entry' } });
  });
});

describe('partial reloads', () => {
  it('send only the requested props, plus always props and errors, without running the others', async () => {
    const page = await new TestBrowser(app).partial('/dashboard', 'test/Dashboard', { only: ['stats'] });

    expect(page.props).toEqual({ stats: { items: 3 }, clock: '12:00', errors: {} });
    expect(evaluations).toEqual(
      new Map([
        ['stats', 1],
        ['clock', 1],
      ]),
    );
  });

  it('remove the excepted props after narrowing by the requested ones', async () => {
    const page = await new TestBrowser(app).partial('/dashboard', 'test/Dashboard', { only: ['stats', 'recent', 'title'], except: ['recent'] });

    expect(Object.keys(page.props).sort()).toEqual(['clock', 'errors', 'stats', 'title']);
    expect(evaluations.has('recent')).toBe(false);
  });

  it('remove excepted props, lazy or not, from everything else when nothing is requested by name', async () => {
    const page = await new TestBrowser(app).partial('/dashboard', 'test/Dashboard', { except: ['stats', 'filters', 'menu'] });

    expect(Object.keys(page.props).sort()).toEqual(['appName', 'archive', 'clock', 'errors', 'recent', 'title']);
    expect(evaluations.has('stats')).toBe(false);
    expect(evaluations.has('menu')).toBe(false);
  });

  it('address nested props by dot paths', async () => {
    const browser = new TestBrowser(app);

    const level = await browser.partial('/dashboard', 'test/Dashboard', { only: ['filters.level'] });
    expectInertia(level).prop('filters', { level: 2 });

    const withoutLevel = await browser.partial('/dashboard', 'test/Dashboard', { only: ['filters'], except: ['filters.level'] });
    expectInertia(withoutLevel).prop('filters', { query: 'hymns' });
    expect(evaluations.get('filters.level')).toBe(1);
  });

  it('address keys inside plain data by dot paths too', async () => {
    const browser = new TestBrowser(app);

    expectInertia(await browser.page('/profile')).prop('profile', { name: 'Ann', address: { city: 'Leeds', code: 'LS1' } });
    expectInertia(await browser.partial('/profile', 'test/Profile', { only: ['profile.address.city'] })).prop('profile', { address: { city: 'Leeds' } });
    expectInertia(await browser.partial('/profile', 'test/Profile', { only: ['profile'], except: ['profile.address'] })).prop('profile', { name: 'Ann' });
    expectInertia(await browser.partial('/profile', 'test/Profile', { only: ['profile'] })).prop('profile', {
      name: 'Ann',
      address: { city: 'Leeds', code: 'LS1' },
    });
  });

  it('send optional props only when asked for by name', async () => {
    const browser = new TestBrowser(app);

    expectInertia(await browser.page('/dashboard')).missingProp('archive');
    expect(evaluations.has('archive')).toBe(false);
    expectInertia(await browser.partial('/dashboard', 'test/Dashboard', { only: ['archive'] })).prop('archive', ['old']);
  });

  it('are ignored when the client reloads another component: it gets a full response', async () => {
    const page = await new TestBrowser(app).partial('/dashboard', 'test/Other', { only: ['stats'] });

    expect(Object.keys(page.props).sort()).toEqual(['appName', 'clock', 'errors', 'filters', 'menu', 'recent', 'stats', 'title']);
  });

  it('still list the shared keys, whichever props are sent', async () => {
    const page = await new TestBrowser(app).partial('/dashboard', 'test/Dashboard', { only: ['stats'] });

    expectInertia(page).sharedProps(['appName', 'menu']);
  });

  it('evaluate each lazy prop at most once per full visit', async () => {
    await new TestBrowser(app).page('/dashboard');

    expect(evaluations).toEqual(
      new Map([
        ['stats', 1],
        ['recent', 1],
        ['filters.level', 1],
        ['clock', 1],
        ['menu', 1],
      ]),
    );
  });
});

describe('deferred props', () => {
  it('are left out of the first response, unevaluated, and listed by group', async () => {
    const page = pageFromDocument((await new TestBrowser(app).request('/deferred')).body);

    expect(page.props).toEqual({ appName: 'Equip', menu: { drafts: true }, item: 'Psalm 23', details: { summary: 'Short' }, errors: {} });
    expectInertia(page).deferred({ default: ['comments', 'details.body'], sidebar: ['related', 'history'] });
    expect(['comments', 'related', 'history', 'details.body'].some((name) => evaluations.has(name))).toBe(false);
  });

  it('are fetched by the partial reload the client makes for a group, without being announced again', async () => {
    const page = await new TestBrowser(app).partial('/deferred', 'test/Deferred', { only: ['related', 'history'] });

    expect(page.props).toEqual({ related: ['Psalm 24'], history: ['viewed'], errors: {} });
    expectInertia(page).deferred({});
    expect(evaluations.has('comments')).toBe(false);
  });

  it('can be nested and fetched by dot path', async () => {
    const page = await new TestBrowser(app).partial('/deferred', 'test/Deferred', { only: ['details.body'] });

    expect(page.props).toEqual({ details: { body: 'Long text' }, errors: {} });
  });

  it('can sit inside what a lazy prop returns', async () => {
    const browser = new TestBrowser(app);

    const full = await browser.page('/wrapped-in-lazy');
    expectInertia(full)
      .prop('auth', { user: 'Ann' })
      .deferred({ auth: ['auth.permissions'] });

    const partial = await browser.partial('/wrapped-in-lazy', 'test/WrappedInLazy', { only: ['auth.permissions'] });
    expectInertia(partial).prop('auth', { permissions: ['edit'] });
  });
});

describe('merge props', () => {
  it('announce append, prepend, deep merge and match keys', async () => {
    const page = await new TestBrowser(app).partial('/merging', 'test/Merging', {});

    expectInertia(page)
      .mergeProps(['tags', 'people', 'feed.data', 'later'])
      .prependProps(['messages'])
      .deepMergeProps(['settings'])
      .matchPropsOn(['people.ref', 'feed.data.ref'])
      .prop('feed', { data: [{ ref: 'f2' }], meta: { page: 2 } });
  });

  it('are announced only when sent', async () => {
    const page = await new TestBrowser(app).partial('/merging', 'test/Merging', { only: ['tags'] });

    expectInertia(page).mergeProps(['tags']).prependProps([]).deepMergeProps([]).matchPropsOn([]);
  });

  it('are sent without merge labels when the client resets them', async () => {
    const page = await new TestBrowser(app).partial('/merging', 'test/Merging', { only: ['tags', 'people'] }, { 'x-inertia-reset': 'people' });

    expectInertia(page).mergeProps(['tags']).matchPropsOn([]);
  });
});

describe('infinite scroll props', () => {
  it('announce their pagination and merge their wrapped items', async () => {
    const page = await new TestBrowser(app).page('/scrolling');

    expectInertia(page)
      .scrollProps({
        items: { pageName: 'page', currentPage: 2, previousPage: 1, nextPage: 3, reset: false },
        cursor: { pageName: 'cursor', currentPage: 'b', previousPage: 'a', nextPage: null, reset: false },
      })
      .mergeProps(['items.data', 'cursor.rows'])
      .prop('items', { data: [{ ref: 'i3' }], links: [] });
  });

  it('prepend when the client scrolls up', async () => {
    const page = await new TestBrowser(app).partial(
      '/scrolling',
      'test/Scrolling',
      { only: ['items'] },
      { 'x-inertia-infinite-scroll-merge-intent': 'prepend' },
    );

    expectInertia(page).prependProps(['items.data']).mergeProps([]);
  });

  it('announce a pagination known only once the page is read, and read neither for a partial reload of other props', async () => {
    const browser = new TestBrowser(app);
    expectInertia(await browser.page('/lazy-scrolling'))
      .scrollProps({ items: { pageName: 'page', currentPage: 1, previousPage: null, nextPage: '2~key', reset: false } })
      .prop('items', { data: [{ ref: 'i1' }] });
    evaluations.clear();

    const partial = await browser.partial('/lazy-scrolling', 'test/LazyScrolling', { only: ['heading'] });
    expectInertia(partial).missingProp('items').prop('heading', 'Results');
    expect(partial.scrollProps).toBeUndefined();
    expect([evaluations.has('items'), evaluations.has('items.pagination')]).toEqual([false, false]);
  });

  it('are marked reset and not merged when the client resets them', async () => {
    const page = await new TestBrowser(app).partial('/scrolling', 'test/Scrolling', { only: ['items'] }, { 'x-inertia-reset': 'items' });

    expectInertia(page)
      .scrollProps({ items: { pageName: 'page', currentPage: 2, previousPage: 1, nextPage: 3, reset: true } })
      .mergeProps([]);
  });
});

describe('once props', () => {
  it('are sent and announced with their key and expiry', async () => {
    const page = await new TestBrowser(app).page('/once');

    expectInertia(page)
      .props({ levels: [1, 2, 3], countries: ['NZ'] })
      .onceProps({
        levels: { prop: 'levels', expiresAt: null },
        'country-list': { prop: 'countries', expiresAt: ONCE_EXPIRY },
        plans: { prop: 'plans', expiresAt: null },
      })
      .deferred({ default: ['plans'] });
  });

  it('are skipped, unevaluated, while the client still has them, and stay announced', async () => {
    const page = await new TestBrowser(app).page('/once', { headers: { 'x-inertia-except-once-props': 'levels,country-list,plans' } });

    expectInertia(page).missingProp('levels').missingProp('countries').deferred({});
    expect(Object.keys(page.onceProps ?? {})).toEqual(['levels', 'country-list', 'plans']);
    expect(evaluations.size).toBe(1);
    expect(evaluations.get('menu')).toBe(1);
  });

  it('are sent on partial reloads even when the client has them', async () => {
    const page = await new TestBrowser(app).partial('/once', 'test/Once', { only: ['levels'] }, { 'x-inertia-except-once-props': 'levels' });

    expectInertia(page)
      .prop('levels', [1, 2, 3])
      .onceProps({ levels: { prop: 'levels', expiresAt: null } });
  });
});
