import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { FastifyInstance } from 'fastify';
import { ERROR_PAGES } from '../../shared/messages';
import { buildApp } from '../../server/app';
import type { DatabaseHandle } from '../../server/db/client';
import { forbidden, gone } from '../../server/lib/http-errors';
import { RETRY_AFTER_SECONDS } from '../../server/features/errors/plugin';
import { freshDatabase } from '../support/database';
import { testConfig } from '../support/app';
import { visit } from '../support/http';
import { expectInertia, pageFromDocument } from '../../server/inertia/testing';

let database: DatabaseHandle;
let app: FastifyInstance;
const logged: unknown[] = [];

beforeAll(async () => {
  database = await freshDatabase();
  app = await buildApp(testConfig(), { database });
  app.addHook('onError', async (request, _reply, error) => {
    logged.push({ reqId: request.id, message: error.message });
  });
  app.get('/test/boom', async () => {
    throw new Error('database exploded at /secret/path');
  });
  app.get('/test/forbidden', async () => {
    throw forbidden('Sign in to see this item.');
  });
  app.get('/test/gone', async () => {
    throw gone();
  });
  await app.ready();
});
afterAll(async () => {
  await app?.close();
  await database?.close();
});

describe('error pages', () => {
  it('an exception gives the 500 page with a reference and no stack trace', async () => {
    const response = await app.inject({ method: 'GET', url: '/test/boom' });
    expect(response.statusCode).toBe(500);
    expect(response.body).not.toContain('exploded');
    expect(response.body).not.toContain('/secret/path');
    const page = pageFromDocument(response.body);
    expectInertia(page)
      .props({ status: 500, title: ERROR_PAGES[500].title, message: ERROR_PAGES[500].message })
      .prop('detail', `Reference: ${response.headers['x-request-id']}`);
    expect(logged).toContainEqual({ reqId: response.headers['x-request-id'], message: 'database exploded at /secret/path' });
  });

  it('an exception during an Inertia visit gives the 500 page object', async () => {
    const { response, page } = await visit(app, '/test/boom');
    expect(response.statusCode).toBe(500);
    expectInertia(page).component('errors/Error').prop('title', 'Server Error');
  });

  it('a refused resource gives the 403 page with its hint', async () => {
    const { response, page } = await visit(app, '/test/forbidden');
    expect(response.statusCode).toBe(403);
    expectInertia(page).props({ title: 'Forbidden', message: ERROR_PAGES[403].message, detail: 'Sign in to see this item.' });
  });

  it('an expired destination gives the 410 page', async () => {
    const { response, page } = await visit(app, '/test/gone');
    expect(response.statusCode).toBe(410);
    expectInertia(page).props({ title: ERROR_PAGES[410].title, message: ERROR_PAGES[410].message });
  });

  it('a malformed JSON body is a 400 page, never a 500', async () => {
    const response = await app.inject({ method: 'POST', url: '/test/boom', headers: { 'content-type': 'application/json' }, payload: '{nope' });
    expect(response.statusCode).toBeGreaterThanOrEqual(400);
    expect(response.statusCode).toBeLessThan(500);
  });
});

describe('maintenance mode', () => {
  it('answers every page with the 503 page', async () => {
    const maintenanceApp = await buildApp(testConfig({ MAINTENANCE_MODE: 'true' }), { database });
    try {
      const response = await maintenanceApp.inject({ method: 'GET', url: '/' });
      expect(response.statusCode).toBe(503);
      expect(response.headers['retry-after']).toBe(String(RETRY_AFTER_SECONDS.maintenance));
      expectInertia(response).props({ title: ERROR_PAGES[503].title, message: ERROR_PAGES[503].message });
    } finally {
      await maintenanceApp.close();
    }
  });
});
