/**
 * One input layer (issue 14 §3): characters no column can store are refused before any route reads them, input a
 * route could not parse or the database refused is a refusal (never a 5xx), and a URL Fastify cannot decode gets the
 * app's 400 page. Each answer fits the request: Inertia visits go back with `errors`, JSON gets 422, pages get 400.
 */
import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { INPUT_REFUSED } from '../../shared/messages';
import { itemImages, items, sessions } from '../../server/db/schema';
import { multipartBody } from '../fixtures/images/files';
import { seedDemoLibrary } from '../../server/db/seed';
import { inertiaHeaders, nextPage, send, xsrfHeader } from '../support/http';
import { pageFromDocument } from '../../server/inertia/testing';
import { useSessionTestApp } from '../support/sessions';

const context = useSessionTestApp({ seed: (handle) => seedDemoLibrary(handle.db, { items: 8 }).then(() => undefined) });

async function anItem() {
  const [item] = await context.db().select({ id: items.id, ref: items.ref, title: items.title }).from(items).limit(1);
  return item!;
}

async function titleOf(id: number) {
  const [row] = await context.db().select({ title: items.title }).from(items).where(eq(items.id, id));
  return row!.title;
}

describe('characters that cannot be stored', () => {
  for (const [name, title] of [
    ['a NUL byte', 'Games\u0000night'],
    ['half a surrogate pair', 'Games \ud800 night'],
    ['a NUL byte in a nested value', { nested: ['ok', 'bad\u0000'] }],
  ] as const) {
    it(`an Inertia edit with ${name} goes back with a field error and changes nothing`, async () => {
      const item = await anItem();
      const jar = await context.as('superadmin@example.org');
      const response = await send(context.app, jar, 'PATCH', `/i/${item.ref}`, { title });
      expect(response.statusCode).toBe(303);
      expect((await nextPage(context.app, jar)).errors).toEqual({ title: INPUT_REFUSED.unstorable });
      expect(await titleOf(item.id)).toBe(item.title);
    });
  }

  it('a JSON request with a NUL byte gets 422 with the field named', async () => {
    const item = await anItem();
    const jar = await context.as('superadmin@example.org');
    const response = await context.app.inject({
      method: 'PATCH',
      url: `/i/${item.ref}`,
      headers: { ...xsrfHeader(jar), accept: 'application/json', 'content-type': 'application/json' },
      payload: JSON.stringify({ blurb: 'x\u0000' }),
    });
    expect(response.statusCode).toBe(422);
    expect(response.json()).toEqual({ message: INPUT_REFUSED.invalid, errors: { blurb: INPUT_REFUSED.unstorable } });
  });

  it('a NUL byte in the query of a page gets the 400 page', async () => {
    const response = await context.app.inject({ url: '/item?search=prayer%00games' });
    expect(response.statusCode).toBe(400);
    expect(pageFromDocument(response.body)).toMatchObject({ component: 'errors/Error', props: { status: 400 } });
  });

  it('a NUL byte in a path parameter gets the 400 page, not a database error', async () => {
    const jar = await context.as('superadmin@example.org');
    const response = await context.app.inject({ url: '/admin/taxonomy/%00', headers: { ...(await inertiaHeaders(context.app)), cookie: jar.header() } });
    expect(response.statusCode).toBe(400);
    expect(response.json()).toMatchObject({ component: 'errors/Error', props: { status: 400 } });
  });
});

describe('characters that cannot be stored, in a multipart upload', () => {
  it('refuses a file name with a NUL byte with the upload field error and stores nothing', async () => {
    const item = await anItem();
    const jar = await context.as('superadmin@example.org');
    const before = await context.db().select({ id: itemImages.id }).from(itemImages).where(eq(itemImages.itemId, item.id));
    const { payload, contentType } = await multipartBody([{ name: 'photo\u0000.png', data: Buffer.from('not really a picture'), type: 'image/png' }]);
    const response = await context.app.inject({
      method: 'POST',
      url: `/item/${item.ref}/image/upload`,
      headers: { ...xsrfHeader(jar), ...(await inertiaHeaders(context.app)), 'content-type': contentType, referer: `http://localhost/i/${item.ref}` },
      payload,
    });
    expect(response.statusCode).toBe(303);
    expect(Object.values((await nextPage(context.app, jar)).errors)).toContain(INPUT_REFUSED.unstorable);
    expect(await context.db().select({ id: itemImages.id }).from(itemImages).where(eq(itemImages.itemId, item.id))).toEqual(before);
  });
});

describe('input a route could not parse', () => {
  it('a repeated query parameter on a JSON endpoint is a 4xx, not a 500', async () => {
    const jar = await context.as('member@example.org');
    const response = await context.app.inject({ url: '/image/search?q=sun&q=rain', headers: { cookie: jar.header(), accept: 'application/json' } });
    expect(response.statusCode).toBe(422);
    expect(response.json().errors).toHaveProperty('q');
  });

  it('a value out of the database range is refused, not a 500, and changes nothing', async () => {
    const item = await anItem();
    const jar = await context.as('superadmin@example.org');
    const response = await send(context.app, jar, 'PATCH', `/i/${item.ref}`, { minimum_access_level: 2147483648 });
    expect(response.statusCode).toBeLessThan(500);
    expect(await titleOf(item.id)).toBe(item.title);
  });

  it('an error bag that is not a plain name keeps the errors unbagged', async () => {
    const item = await anItem();
    const jar = await context.as('superadmin@example.org');
    const response = await context.app.inject({
      method: 'PATCH',
      url: `/i/${item.ref}`,
      headers: { ...(await inertiaHeaders(context.app)), ...xsrfHeader(jar), 'content-type': 'application/json', 'x-inertia-error-bag': '__proto__' },
      payload: JSON.stringify({ title: 'x\u0000' }),
    });
    expect(response.statusCode).toBe(303);
    expect((await nextPage(context.app, jar)).errors).toEqual({ title: INPUT_REFUSED.unstorable });
  });
});

describe('a URL Fastify cannot decode', () => {
  it('gets the app 400 page as HTML', async () => {
    const response = await context.app.inject({ url: '/i/%ZZ' });
    expect(response.statusCode).toBe(400);
    expect(response.headers['content-type']).toMatch(/text\/html/);
    expect(pageFromDocument(response.body)).toMatchObject({ component: 'errors/Error', props: { status: 400, title: '400: Bad Request' } });
  });

  it('gets the 400 page as an Inertia response for a visit, and JSON for a JSON request', async () => {
    const visit = await context.app.inject({ url: '/i/%E0%A4%A', headers: await inertiaHeaders(context.app) });
    expect(visit.statusCode).toBe(400);
    expect(visit.json()).toMatchObject({ component: 'errors/Error', props: { status: 400 } });
    const json = await context.app.inject({ url: '/collection/%ZZ', headers: { accept: 'application/json' } });
    expect(json.statusCode).toBe(400);
    expect(json.json()).toEqual({ message: expect.any(String), status: 400 });
    expect(json.body).not.toContain('FST_');
  });
});

describe('the session', () => {
  it('keeps a flashed text with a character jsonb refuses, replaced, instead of failing the response', async () => {
    const jar = await context.as('member@example.org');
    const sid = decodeURIComponent(jar.get('equip_session') ?? '').split('.')[0]!;
    const store = context.app.sessionStore;
    const [row] = await context.db().select({ data: sessions.data }).from(sessions).where(eq(sessions.sid, sid));
    const session = { ...(row!.data as object), inertiaFlash: { notifications: [{ pseudoref: 'x', message: 'Saved "a\u0000b\ud800"', type: 'success' }] } };
    await new Promise<void>((resolve, reject) => store.set(sid, session as never, (error) => (error ? reject(error) : resolve())));
    const [saved] = await context.db().select({ data: sessions.data }).from(sessions).where(eq(sessions.sid, sid));
    expect(JSON.stringify(saved!.data)).toContain('Saved \\"a\ufffdb\ufffd\\"');
  });
});
