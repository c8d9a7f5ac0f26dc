import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { FlashNotification } from '../../shared/props';
import { buildInertiaApp, renderTestPage, TestBrowser } from '../support/inertia-app';

let app: FastifyInstance;

beforeAll(async () => {
  app = await buildInertiaApp((routes) => {
    routes.get('/form', (_request, reply) => renderTestPage(reply, 'test/Form', {}));
    routes.get('/other', (_request, reply) => renderTestPage(reply, 'test/Other', {}));
    routes.get('/json', (_request, reply) => reply.send({ ok: true }));
    routes.route({
      method: ['POST', 'PUT', 'PATCH', 'DELETE'],
      url: '/save',
      handler: (_request, reply) => reply.redirect('/form'),
    });
    routes.get('/anchor', (_request, reply) => reply.redirect('/form#comments'));
    routes.route({
      method: ['GET', 'POST'],
      url: '/away',
      handler: (_request, reply) => reply.inertiaLocation('https://drive.example.com/file/1'),
    });
    routes.route({
      method: ['GET', 'POST', 'PATCH'],
      url: '/elsewhere',
      handler: (request, reply) => reply.redirect(String((request.query as { to?: string }).to ?? 'https://drive.example.com/folder/1#files')),
    });
    routes.post('/invalid', (_request, reply) => reply.redirectWithErrors({ title: 'Title is required', tags: ['Too many', 'Unknown tag'] }));
    routes.post('/invalid-with-fallback', (_request, reply) => reply.redirectWithErrors({ title: 'Required' }, '/other'));
    routes.get('/back', (_request, reply) => reply.redirectBack());
    routes.post('/back', (_request, reply) => reply.redirectBack('/other'));
    routes.post('/flash', (_request, reply) => reply.flash('highlight', 'item-abc').notify('Saved', 'success', { pseudoref: 'save-1' }).redirect('/form'));
    routes.post('/notify-with-link', (_request, reply) =>
      reply
        .notify('Added to “Holiday Club”.', 'success', { pseudoref: 'link-1', link: { href: '/collection/coll00000001', label: 'Open the collection' } })
        .redirect('/form'),
    );
    routes.post('/notify-twice', (_request, reply) => reply.notify('First').notify('Second', 'warning').redirect('/form'));
    routes.get('/flash-and-render', (_request, reply) => {
      reply.notify('Shown right away', 'info', { pseudoref: 'now-1' });
      return renderTestPage(reply, 'test/Form', {});
    });
  });
});

afterAll(() => app.close());

describe('redirect statuses', () => {
  it('keeps 302 after POST', async () => {
    const response = await new TestBrowser(app).visit('/save', { method: 'POST' });

    expect(response.statusCode).toBe(302);
    expect(response.headers.location).toBe('/form');
  });

  it.each(['PUT', 'PATCH', 'DELETE'] as const)('turns 302 into 303 after %s', async (method) => {
    const browser = new TestBrowser(app);

    expect((await browser.visit('/save', { method })).statusCode).toBe(303);
    expect((await browser.request('/save', { method })).statusCode).toBe(303);
  });

  it('answers a redirect to a URL with a fragment with 409 and X-Inertia-Redirect to Inertia visits', async () => {
    const response = await new TestBrowser(app).visit('/anchor');

    expect(response.statusCode).toBe(409);
    expect(response.headers['x-inertia-redirect']).toBe('/form#comments');
    expect(response.headers.location).toBeUndefined();
  });

  it('leaves a fragment redirect alone for first visits', async () => {
    const response = await new TestBrowser(app).request('/anchor');

    expect(response.statusCode).toBe(302);
    expect(response.headers.location).toBe('/form#comments');
  });
});

describe('reply.inertiaLocation', () => {
  it('answers 409 with X-Inertia-Location to Inertia visits', async () => {
    const response = await new TestBrowser(app).visit('/away');

    expect(response.statusCode).toBe(409);
    expect(response.headers['x-inertia-location']).toBe('https://drive.example.com/file/1');
    expect(response.headers.location).toBeUndefined();
  });

  it('redirects plain requests: 302 after GET, 303 after POST', async () => {
    const browser = new TestBrowser(app);
    const afterGet = await browser.request('/away');
    const afterPost = await browser.request('/away', { method: 'POST' });

    expect([afterGet.statusCode, afterGet.headers.location]).toEqual([302, 'https://drive.example.com/file/1']);
    expect([afterPost.statusCode, afterPost.headers.location]).toEqual([303, 'https://drive.example.com/file/1']);
  });
});

describe('a redirect to another origin', () => {
  it('answers Inertia visits with 409 and X-Inertia-Location, whatever the method, fragment included', async () => {
    const browser = new TestBrowser(app);

    for (const method of ['GET', 'POST', 'PATCH'] as const) {
      const response = await browser.visit('/elsewhere', { method });
      expect([response.statusCode, response.headers['x-inertia-location'], response.headers.location]).toEqual([
        409,
        'https://drive.example.com/folder/1#files',
        undefined,
      ]);
      expect(response.headers['x-inertia-redirect']).toBeUndefined();
    }
  });

  it('counts another scheme or port, and a protocol-relative URL, as another origin', async () => {
    const browser = new TestBrowser(app);

    for (const to of ['https://localhost/form', 'http://localhost:8080/form', '//evil.example/x']) {
      const response = await browser.visit(`/elsewhere?to=${encodeURIComponent(to)}`);
      expect([response.statusCode, response.headers['x-inertia-location']]).toEqual([409, to]);
    }
  });

  it('leaves same-origin redirects, absolute or not, to the client', async () => {
    const browser = new TestBrowser(app);

    for (const to of ['http://localhost/form', '/form', 'form']) {
      const response = await browser.visit(`/elsewhere?to=${encodeURIComponent(to)}`);
      expect([response.statusCode, response.headers.location]).toEqual([302, to]);
    }
  });

  it('stays a plain redirect for first visits and form posts', async () => {
    const browser = new TestBrowser(app);

    for (const [method, status] of [
      ['GET', 302],
      ['PATCH', 303],
    ] as const) {
      const response = await browser.request('/elsewhere', { method });
      expect([response.statusCode, response.headers.location]).toEqual([status, 'https://drive.example.com/folder/1#files']);
    }
  });
});

describe('reply.redirectBack', () => {
  it('goes back to the path and query of a same-origin Referer', async () => {
    const response = await new TestBrowser(app).visit('/back', { headers: { referer: 'http://localhost/items?page=2#top' } });

    expect(response.statusCode).toBe(302);
    expect(response.headers.location).toBe('/items?page=2');
  });

  it('ignores an external Referer, so it is no open redirect', async () => {
    const browser = new TestBrowser(app);

    expect((await browser.visit('/back', { headers: { referer: 'https://evil.example/phish' } })).headers.location).toBe('/');
    expect((await browser.visit('/back', { method: 'POST', headers: { referer: 'http://localhost.evil.example/x' } })).headers.location).toBe('/other');
    expect((await browser.visit('/back', { headers: { referer: 'https://localhost/items' } })).headers.location).toBe('/');
  });

  it('never answers a protocol-relative path that a browser would read as another host', async () => {
    const response = await new TestBrowser(app).visit('/back', { headers: { referer: 'http://localhost//evil.example/x' } });

    expect(response.headers.location).toBe('/evil.example/x');
  });

  it('uses the fallback without a Referer, and 303 after POST', async () => {
    const browser = new TestBrowser(app);
    const afterGet = await browser.visit('/back');
    const afterPost = await browser.visit('/back', { method: 'POST', headers: { referer: 'not a url' } });

    expect([afterGet.statusCode, afterGet.headers.location]).toEqual([302, '/']);
    expect([afterPost.statusCode, afterPost.headers.location]).toEqual([303, '/other']);
  });
});

describe('validation errors', () => {
  it('redirect back with 303, never 422, and reach the next page once in props.errors', async () => {
    const browser = new TestBrowser(app);
    const response = await browser.visit('/invalid', { method: 'POST', headers: { referer: 'http://localhost/form' } });

    expect(response.statusCode).toBe(303);
    expect(response.headers.location).toBe('/form');
    expect((await browser.page('/form')).props.errors).toEqual({ title: 'Title is required', tags: ['Too many', 'Unknown tag'] });
    expect((await browser.page('/form')).props.errors).toEqual({});
  });

  it('are nested under the error bag the client names', async () => {
    const browser = new TestBrowser(app);
    await browser.visit('/invalid', { method: 'POST', headers: { 'x-inertia-error-bag': 'createItem' } });

    expect((await browser.page('/form')).props.errors).toEqual({
      createItem: { title: 'Title is required', tags: ['Too many', 'Unknown tag'] },
    });
  });

  it('redirect to the fallback when there is no usable Referer', async () => {
    const response = await new TestBrowser(app).visit('/invalid-with-fallback', { method: 'POST' });

    expect(response.headers.location).toBe('/other');
  });

  it('belong to one browser session only', async () => {
    await new TestBrowser(app).visit('/invalid', { method: 'POST' });

    expect((await new TestBrowser(app).page('/form')).props.errors).toEqual({});
  });
});

describe('flash data', () => {
  it('survives one redirect, arrives as the top-level flash field, and is then cleared', async () => {
    const browser = new TestBrowser(app);
    await browser.visit('/flash', { method: 'POST' });

    const page = await browser.page('/form');
    expect(page.flash).toEqual({ highlight: 'item-abc', notifications: [{ pseudoref: 'save-1', message: 'Saved', type: 'success' }] });
    expect(page.props).not.toHaveProperty('flash');
    expect(await browser.page('/form')).not.toHaveProperty('flash');
  });

  it('is kept through a 409 asset-version reload and shown by the page after it', async () => {
    const browser = new TestBrowser(app);
    await browser.visit('/flash', { method: 'POST' });

    const stale = await browser.visit('/form', { headers: { 'x-inertia-version': 'old' } });
    expect(stale.statusCode).toBe(409);
    expect((await browser.page('/form')).flash).toMatchObject({ highlight: 'item-abc' });
  });

  it('is not consumed by responses that are not pages', async () => {
    const browser = new TestBrowser(app);
    await browser.visit('/flash', { method: 'POST' });
    await browser.request('/json');

    expect((await browser.page('/form')).flash).toMatchObject({ highlight: 'item-abc' });
  });

  it('is left for the page the person sees by a page fetched ahead of them (a hover prefetch, the offline worker)', async () => {
    const browser = new TestBrowser(app);
    await browser.visit('/flash', { method: 'POST' });

    expect(await browser.page('/form', { headers: { purpose: 'prefetch' } })).not.toHaveProperty('flash');
    expect(await browser.page('/form', { headers: { 'sec-purpose': 'prefetch' } })).not.toHaveProperty('flash');
    expect((await browser.page('/form')).flash).toMatchObject({ highlight: 'item-abc' });
  });

  it('reaches a first visit inside the document', async () => {
    const browser = new TestBrowser(app);
    await browser.request('/flash', { method: 'POST' });

    const html = (await browser.request('/form')).body;
    expect(html).toContain('"flash":{"highlight":"item-abc"');
  });

  it('appends notifications, each with a type (default success) and a generated pseudoref', async () => {
    const browser = new TestBrowser(app);
    await browser.visit('/notify-twice', { method: 'POST' });

    const notifications = (await browser.page('/form')).flash?.notifications as FlashNotification[];
    expect(notifications.map(({ message, type }) => ({ message, type }))).toEqual([
      { message: 'First', type: 'success' },
      { message: 'Second', type: 'warning' },
    ]);
    expect(notifications[0].pseudoref).toMatch(/^[0-9a-z]{12}$/);
    expect(notifications[0].pseudoref).not.toBe(notifications[1].pseudoref);
  });

  it('carries a notification’s link, and leaves the field out of notifications without one', async () => {
    const browser = new TestBrowser(app);
    await browser.visit('/notify-with-link', { method: 'POST' });
    expect((await browser.page('/form')).flash?.notifications).toEqual([
      { pseudoref: 'link-1', message: 'Added to “Holiday Club”.', type: 'success', link: { href: '/collection/coll00000001', label: 'Open the collection' } },
    ]);

    await browser.visit('/notify-twice', { method: 'POST' });
    const plain = (await browser.page('/form')).flash?.notifications as FlashNotification[];
    expect(plain.every((notification) => !('link' in notification))).toBe(true);
  });

  it('set while rendering appears on that same page', async () => {
    const browser = new TestBrowser(app);

    expect((await browser.page('/flash-and-render')).flash).toEqual({
      notifications: [{ pseudoref: 'now-1', message: 'Shown right away', type: 'info' }],
    });
    expect(await browser.page('/form')).not.toHaveProperty('flash');
  });
});
