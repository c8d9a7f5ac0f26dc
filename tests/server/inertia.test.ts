import type { FastifyInstance, FastifyReply } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { always, defer, isInertiaRequest, merge, once, optional, serializePage, type PageObject } from '../../server/inertia';
import { buildInertiaApp, renderTestPage, TEST_VERSION, TestBrowser } from '../support/inertia-app';
import { pageFromDocument, pageProps } from '../../server/inertia/testing';

let app: FastifyInstance;
let handlerRuns = 0;

beforeAll(async () => {
  app = await buildInertiaApp(
    (routes) => {
      routes.get('/', (_request, reply) => reply.inertia('Home', { intro: 'Welcome', contactHref: '/contact', bannerUrl: null }));
      routes.get('/script', (_request, reply) => renderTestPage(reply, 'test/Script', { note: '</script><script>alert(1)</script>', comment: '<!--<script>' }));
      routes.get('/counted', (_request, reply) => {
        handlerRuns += 1;
        return renderTestPage(reply, 'test/Counted', {});
      });
      routes.post('/counted', (_request, reply) => {
        handlerRuns += 1;
        return renderTestPage(reply, 'test/Counted', {});
      });
      routes.get('/missing', (_request, reply) =>
        reply.inertia('errors/Error', { status: 404, title: 'Not found', message: 'No such page', detail: null }, { status: 404 }),
      );
      routes.get('/gone', (_request, reply) => {
        reply.code(410);
        return renderTestPage(reply, 'test/Gone', {});
      });
      routes.get('/history', (_request, reply) => renderTestPage(reply, 'test/History', {}, { encryptHistory: true, clearHistory: true }));
      routes.get('/plain-history', (_request, reply) => renderTestPage(reply, 'test/History', {}, { encryptHistory: false, clearHistory: false }));
      routes.get('/shared', (_request, reply) => renderTestPage(reply, 'test/Shared', { appName: 'Page override' }));
      routes.get('/is-inertia', (request, reply) => reply.send({ decorated: request.isInertia, helper: isInertiaRequest(request) }));
    },
    {
      sharedProps: () => ({ appName: 'Equip', menu: () => ({ drafts: true }), errors: { ignored: 'shared' } }),
    },
  );
});

afterAll(() => app.close());

describe('first visits', () => {
  it('answer the HTML document with the page object in the v3 script element', async () => {
    const response = await new TestBrowser(app).request('/?tab=about');

    expect(response.statusCode).toBe(200);
    expect(response.headers['content-type']).toBe('text/html; charset=utf-8');
    expect(response.headers.vary).toContain('X-Inertia');
    expect(response.headers['x-inertia']).toBeUndefined();
    expect(pageFromDocument(response.body)).toEqual({
      component: 'Home',
      props: { appName: 'Equip', menu: { drafts: true }, intro: 'Welcome', contactHref: '/contact', bannerUrl: null, errors: {} },
      url: '/?tab=about',
      version: TEST_VERSION,
      sharedProps: ['appName', 'menu'],
    });
  });

  it('escape the JSON so a prop cannot close or derail the script element', async () => {
    const response = await new TestBrowser(app).request('/script');

    const script = /<script data-page="app" type="application\/json">([\s\S]*?)<\/script>/.exec(response.body)?.[1] ?? '';
    expect(script).not.toContain('</script');
    expect(script).not.toContain('<!--');
    expect(script).not.toContain('&lt;');
    expect(script).toContain('\\u003c\\/script>');
    expect(JSON.parse(script).props).toMatchObject({ note: '</script><script>alert(1)</script>', comment: '<!--<script>' });
  });
});

describe('Inertia visits', () => {
  it('answer the page object as JSON with the X-Inertia and Vary headers', async () => {
    const response = await new TestBrowser(app).visit('/?tab=about&page=2');

    expect(response.statusCode).toBe(200);
    expect(response.headers['x-inertia']).toBe('true');
    expect(response.headers.vary).toBe('X-Inertia');
    expect(response.headers['content-type']).toContain('application/json');
    expect(response.json()).toEqual({
      component: 'Home',
      props: { appName: 'Equip', menu: { drafts: true }, intro: 'Welcome', contactHref: '/contact', bannerUrl: null, errors: {} },
      url: '/?tab=about&page=2',
      version: TEST_VERSION,
      sharedProps: ['appName', 'menu'],
    });
  });

  it('let page props override shared props, which then are not listed as shared', async () => {
    const page = await new TestBrowser(app).page('/shared');

    expect(page.props.appName).toBe('Page override');
    expect(page.sharedProps).toEqual(['menu']);
  });

  it('take props.errors from the adapter, never from shared props', async () => {
    const page = await new TestBrowser(app).page('/shared');

    expect(page.props.errors).toEqual({});
  });

  it('answer the status given to reply.inertia, e.g. an error page', async () => {
    const response = await new TestBrowser(app).visit('/missing');

    expect(response.statusCode).toBe(404);
    expect(response.headers['x-inertia']).toBe('true');
    expect(response.json<PageObject>()).toMatchObject({ component: 'errors/Error', props: { status: 404, title: 'Not found' } });
  });

  it('keep a status set before reply.inertia when none is given', async () => {
    expect((await new TestBrowser(app).visit('/gone')).statusCode).toBe(410);
  });

  it('include encryptHistory and clearHistory only when true', async () => {
    const browser = new TestBrowser(app);

    expect(await browser.page('/history')).toMatchObject({ encryptHistory: true, clearHistory: true });
    const plain = await browser.page('/plain-history');
    expect(plain).not.toHaveProperty('encryptHistory');
    expect(plain).not.toHaveProperty('clearHistory');
  });

  it('are recognised by request.isInertia and isInertiaRequest', async () => {
    const browser = new TestBrowser(app);

    expect((await browser.visit('/is-inertia')).json()).toEqual({ decorated: true, helper: true });
    expect((await browser.request('/is-inertia')).json()).toEqual({ decorated: false, helper: false });
  });
});

describe('asset version check', () => {
  it('answers 409 with the full URL in X-Inertia-Location and does not run the handler', async () => {
    const runsBefore = handlerRuns;
    const response = await new TestBrowser(app).visit('/counted?x=1', { headers: { 'x-inertia-version': 'stale' } });

    expect(response.statusCode).toBe(409);
    expect(response.headers['x-inertia-location']).toBe('http://localhost/counted?x=1');
    expect(response.headers['x-inertia-version']).toBe(TEST_VERSION);
    expect(response.headers['x-inertia']).toBeUndefined();
    expect(handlerRuns).toBe(runsBefore);
  });

  it('treats a missing version header as a mismatch when the app is versioned', async () => {
    const response = await new TestBrowser(app).request('/counted', { headers: { 'x-inertia': 'true' } });

    expect(response.statusCode).toBe(409);
  });

  it('ignores the version of first visits and of non-GET visits', async () => {
    const browser = new TestBrowser(app);

    expect((await browser.request('/counted', { headers: { 'x-inertia-version': 'stale' } })).statusCode).toBe(200);
    const post = await browser.visit('/counted', { method: 'POST', headers: { 'x-inertia-version': 'stale' } });
    expect(post.statusCode).toBe(200);
  });

  it('accepts unversioned clients when the app is unversioned', async () => {
    const unversioned = await buildInertiaApp((routes) => routes.get('/', (_request, reply) => renderTestPage(reply, 'test/Plain', {})), { version: () => '' });
    const response = await unversioned.inject({ method: 'GET', url: '/', headers: { 'x-inertia': 'true' } });
    await unversioned.close();

    expect(response.statusCode).toBe(200);
    expect(response.json<PageObject>().version).toBe('');
  });
});

describe('serializePage', () => {
  it('escapes every slash and angle bracket as JSON escapes', () => {
    const page: PageObject = { component: 'a/B', props: { errors: {}, html: '<b>x</b>' }, url: '/a', version: '' };

    expect(serializePage(page)).toBe('{"component":"a\\/B","props":{"errors":{},"html":"\\u003cb>x\\u003c\\/b>"},"url":"\\/a","version":""}');
    expect(JSON.parse(serializePage(page))).toEqual(page);
  });
});

/**
 * Never called: `tsc` proves that reply.inertia checks props against shared/pages.ts, and reply.notify and
 * redirectWithErrors take Equip's types — registered with the adapter by server/web/inertia-types.ts.
 */
export function typeChecksOfReplyInertia(reply: FastifyReply): void {
  void reply.inertia('Home', { intro: 'Hi', contactHref: '/contact', bannerUrl: null });
  void reply.inertia('Home', { intro: () => 'Hi', contactHref: always('/contact'), bannerUrl: defer(async () => null) });
  void reply.inertia('Home', { intro: merge('Hi'), contactHref: optional(() => '/c'), bannerUrl: 'x', title: 'Home' });
  void reply.inertia('Home', { intro: always(async () => 'Hi'), contactHref: merge(() => '/c'), bannerUrl: once(async () => null) });
  void reply.inertia('errors/Error', { status: 404, title: 't', message: 'm', detail: null }, { status: 404 });
  // @ts-expect-error a required prop is missing
  void reply.inertia('Home', { intro: 'Hi', contactHref: '/contact' });
  // @ts-expect-error a prop has the wrong type
  void reply.inertia('Home', { intro: 42, contactHref: '/contact', bannerUrl: null });
  // @ts-expect-error a lazy prop resolves to the wrong type
  void reply.inertia('Home', { intro: () => 42, contactHref: '/contact', bannerUrl: null });
  // @ts-expect-error a wrapped prop resolves to the wrong type
  void reply.inertia('Home', { intro: defer(() => 42), contactHref: '/contact', bannerUrl: null });
  // @ts-expect-error an unknown prop
  void reply.inertia('Home', { intro: 'Hi', contactHref: '/contact', bannerUrl: null, surprise: true });
  // @ts-expect-error an unknown component
  void reply.inertia('NoSuchPage', {});
  // @ts-expect-error a shared prop overridden with the wrong type
  void reply.inertia('Home', { intro: 'Hi', contactHref: '/contact', bannerUrl: null, appName: 42 });
  reply.notify('Saved', 'warning', { pseudoref: 'p1', link: { href: '/item', label: 'All items' } });
  // @ts-expect-error not a notification type of Equip's
  reply.notify('Saved', 'fireworks');
  // @ts-expect-error a link needs its label
  reply.notify('Saved', 'info', { link: { href: '/item' } });
  reply.redirectWithErrors({ title: 'Required', tags: ['Too many'] });
  // @ts-expect-error a field's error is a message or messages
  reply.redirectWithErrors({ title: 42 });
  // A typed read of a page's props: `pageProps(response, 'Home').intro` is a string.
  const intro: string = pageProps({ statusCode: 200, headers: {}, body: '' }, 'Home').intro;
  // @ts-expect-error not a prop of Home
  void pageProps({ statusCode: 200, headers: {}, body: '' }, 'Home').item;
  void intro;
}
