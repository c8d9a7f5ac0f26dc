/**
 * The OpenAPI document describes the API as it answers: every documented operation is called with real refs of the
 * demo library, as a visitor, with a personal access token and signed in, and each answer (successes and refusals
 * alike) is validated against the schema the document gives for its status and content type. The document holds
 * version 1's operations only, with a bearer scheme; the reference page is read from it.
 */
import { beforeAll, describe, expect, it } from 'vitest';
import Ajv2020, { type ValidateFunction } from 'ajv/dist/2020';
import addFormats from 'ajv-formats';
import type { LightMyRequestResponse } from 'fastify';
import type { OpenAPIV3_1 } from 'openapi-types';
import { and, eq } from 'drizzle-orm';
import { VISIBILITY } from '../../shared/enums';
import { collections, items } from '../../server/db/schema';
import { seedDemoLibrary } from '../../server/db/seed';
import { createPersonalAccessToken } from '../../server/features/access-tokens/tokens';
import { expectInertia } from '../../server/inertia/testing';
import { useTestApp } from '../support/app';
import { inertiaHeaders, signInAs } from '../support/http';
import { userIdOf } from './discovery-fixture';

const ctx = useTestApp({
  env: { RATE_LIMIT_MAX: '100000' },
  seed: (handle) => seedDemoLibrary(handle.db, { items: 24, referenceDate: new Date('2026-11-01T00:00:00Z') }).then(() => undefined),
});

type Document = OpenAPIV3_1.Document;
type Operation = OpenAPIV3_1.OperationObject;
interface Caller {
  name: string;
  headers: () => Record<string, string>;
}

let document: Document;
let callers: Caller[];
/** Real refs, by the path parameter's record. */
const refsOf: Record<string, string[]> = {};

const ajv = new Ajv2020({ strict: false, allErrors: true });
addFormats(ajv);
const validators = new Map<object, ValidateFunction>();

beforeAll(async () => {
  const response = await ctx.app.inject({ method: 'GET', url: '/api/openapi.json' });
  expect(response.statusCode).toBe(200);
  document = response.json();
  const { token } = await createPersonalAccessToken(ctx.app.db, await userIdOf(ctx.database, 'leader@example.org'), { name: 'OpenAPI walk', expiresAt: null });
  const admin = await signInAs(ctx.app, 'admin@example.org');
  callers = [
    { name: 'a visitor', headers: () => ({}) },
    { name: 'a leader’s token', headers: () => ({ authorization: `Bearer ${token}` }) },
    { name: 'a signed-in admin', headers: () => ({ cookie: admin.header() }) },
  ];
  const db = ctx.app.db;
  const itemRows = await db.select({ ref: items.ref }).from(items);
  const collectionRows = await db.select({ ref: collections.ref }).from(collections);
  // Refs that name nothing, and one of each kind of refusal: a draft (403 to a visitor), an expired item (410 to all
  // but its maintainer and admins).
  const [draft] = await db.select({ ref: items.ref }).from(items).where(eq(items.visibility, VISIBILITY.DRAFT)).limit(1);
  const [expired] = await db
    .update(items)
    .set({ expiresAt: new Date(Date.now() - 86_400_000), expiresNote: 'Replaced by the new edition.' })
    .where(
      eq(
        items.id,
        (
          await db
            .select({ id: items.id })
            .from(items)
            .where(and(eq(items.visibility, VISIBILITY.DISCOVERABLE), eq(items.minimumAccessLevel, 0)))
            .limit(1)
        )[0]!.id,
      ),
    )
    .returning({ ref: items.ref });
  refsOf['/api/v1/items/{ref}'] = [...itemRows.map((row) => row.ref), 'zzzzzzzzzzzz', 'NOT-A-REF'];
  refsOf['/api/v1/collections/{ref}'] = [...collectionRows.map((row) => row.ref), 'zzzzzzzzzzzz'];
  expect(draft, 'the demo library has a draft').toBeDefined();
  expect(expired, 'the demo library has an expired item').toBeDefined();
  expect(collectionRows.length).toBeGreaterThan(1);
});

function operations(): Array<{ path: string; operation: Operation }> {
  return Object.entries(document.paths ?? {}).flatMap(([path, item]) => (item?.get ? [{ path, operation: item.get }] : []));
}

/** The schema the document gives for an answer's status and content type; fails when it documents none. */
function validatorFor(operation: Operation, response: LightMyRequestResponse): ValidateFunction {
  const status = String(response.statusCode);
  const documented = operation.responses?.[status] as OpenAPIV3_1.ResponseObject | undefined;
  expect(documented, `${operation.operationId} documents a ${status} answer: ${response.body.slice(0, 300)}`).toBeDefined();
  const mediaType = String(response.headers['content-type']).split(';')[0]!;
  const schema = documented!.content?.[mediaType]?.schema;
  expect(schema, `${operation.operationId} documents ${mediaType} for ${status}`).toBeDefined();
  let validate = validators.get(schema!);
  if (!validate) validators.set(schema!, (validate = ajv.compile(schema!)));
  return validate;
}

const checked = new Map<string, Set<number>>();
/** The parts of an item that some answer held, so each part's schema was checked on real values. */
const partsSeen = new Set<string>();

async function callAndValidate(operation: Operation, url: string, caller: Caller): Promise<LightMyRequestResponse> {
  const response = await ctx.app.inject({ method: 'GET', url, headers: caller.headers() });
  const validate = validatorFor(operation, response);
  const valid = validate(response.json());
  expect(valid, `${url} as ${caller.name} (${response.statusCode}): ${ajv.errorsText(validate.errors)}\n${response.body.slice(0, 500)}`).toBe(true);
  if (operation.operationId === 'getItem' && response.statusCode === 200) {
    const item = response.json();
    for (const part of ['contents', 'images', 'characteristics', 'tags'] as const) if (item[part].length > 0) partsSeen.add(part);
  }
  const statuses = checked.get(operation.operationId!) ?? new Set<number>();
  statuses.add(response.statusCode);
  checked.set(operation.operationId!, statuses);
  return response;
}

describe('the OpenAPI document', () => {
  it('is OpenAPI 3.1 of version 1’s operations only, with a bearer scheme, each with its answers’ schemas', () => {
    expect(document.openapi).toBe('3.1.0');
    expect(Object.keys(document.paths ?? {}).sort()).toEqual([
      '/api/v1/collections',
      '/api/v1/collections/{ref}',
      '/api/v1/items',
      '/api/v1/items/{ref}',
      '/api/v1/tags',
      '/api/v1/taxonomies',
    ]);
    expect(document.components?.securitySchemes).toEqual({ personalAccessToken: expect.objectContaining({ type: 'http', scheme: 'bearer' }) });
    for (const { path, operation } of operations()) {
      expect(operation.operationId, path).toEqual(expect.any(String));
      const ok = operation.responses?.['200'] as OpenAPIV3_1.ResponseObject;
      expect(ok.content?.['application/json']?.schema, `${path} 200`).toMatchObject({ type: 'object' });
      expect(ok.description).not.toBe('Default Response');
      for (const [status, response] of Object.entries(operation.responses ?? {}).filter(([status]) => status !== '200'))
        expect(Object.keys((response as OpenAPIV3_1.ResponseObject).content ?? {}), `${path} ${status}`).toEqual(['application/problem+json']);
    }
  });

  it('documents the parameters the routes check', () => {
    const parameters = (path: string) =>
      ((document.paths?.[path]?.get?.parameters ?? []) as OpenAPIV3_1.ParameterObject[]).map((parameter) => `${parameter.in}:${parameter.name}`);
    expect(parameters('/api/v1/items')).toEqual(['query:search', 'query:tags', 'query:cursor', 'query:limit']);
    expect(parameters('/api/v1/items/{ref}')).toEqual(['path:ref']);
    expect(parameters('/api/v1/collections')).toEqual(['query:cursor', 'query:limit']);
  });
});

describe('every documented operation answers as the document says', () => {
  it('for every caller and every real ref, and through every page of each list', async () => {
    for (const caller of callers) {
      for (const { path, operation } of operations()) {
        if (path.includes('{ref}')) {
          for (const ref of refsOf[path]!) await callAndValidate(operation, path.replace('{ref}', ref), caller);
          continue;
        }
        const pageParameters = ((operation.parameters ?? []) as OpenAPIV3_1.ParameterObject[]).some((parameter) => parameter.name === 'cursor');
        if (!pageParameters) {
          await callAndValidate(operation, path, caller);
          continue;
        }
        let cursor: string | null = null;
        do {
          const response = await callAndValidate(operation, `${path}?limit=5${cursor ? `&cursor=${encodeURIComponent(cursor)}` : ''}`, caller);
          cursor = response.json().next_cursor;
        } while (cursor !== null);
        await callAndValidate(operation, `${path}?limit=1000`, caller);
        await callAndValidate(operation, `${path}?cursor=not-a-cursor`, caller);
      }
      const items = operations().find(({ path }) => path === '/api/v1/items')!.operation;
      await callAndValidate(items, '/api/v1/items?search=prayer', caller);
      await callAndValidate(items, '/api/v1/items?tags=zzzzzzzzzzzz', caller);
    }
    // Every kind of answer was seen and checked: successes, and the refusals each operation documents.
    expect(Object.fromEntries([...checked].map(([id, statuses]) => [id, [...statuses].sort()]))).toEqual({
      listItems: [200, 422],
      getItem: [200, 403, 404, 410],
      listCollections: [200, 422],
      getCollection: [200, 403, 404],
      listTags: [200],
      listTaxonomies: [200],
    });
    expect([...partsSeen].sort()).toEqual(['characteristics', 'contents', 'images', 'tags']);
  }, 120_000);

  it('answers an unknown or revoked token with a documented problem', async () => {
    const items = operations().find(({ path }) => path === '/api/v1/items')!.operation;
    const response = await callAndValidate(items, '/api/v1/items', { name: 'a made-up token', headers: () => ({ authorization: 'Bearer equip_pat_madeup' }) });
    expect(response.statusCode).toBe(401);
  });
});

describe('the reference page (/api)', () => {
  it('lists every operation of the document with its parameters, answers and a curl command', async () => {
    const response = await ctx.app.inject({ method: 'GET', url: '/api', headers: await inertiaHeaders(ctx.app) });
    expectInertia(response).status(200).component('api/Index');
    const { reference } = response.json().props;
    expect(reference.operations.map((operation: { id: string }) => operation.id).sort()).toEqual(
      operations()
        .map(({ operation }) => operation.operationId)
        .sort(),
    );
    const listItems = reference.operations.find((operation: { id: string }) => operation.id === 'listItems');
    expect(listItems.parameters.map((parameter: { name: string }) => parameter.name)).toEqual(['search', 'tags', 'cursor', 'limit']);
    expect(listItems.responses.map((answer: { status: string }) => answer.status)).toEqual(expect.arrayContaining(['200', '422']));
    expect(listItems.responses[0].fields.map((field: { path: string }) => field.path)).toEqual(expect.arrayContaining(['data', 'data[].ref', 'next_cursor']));
    expect(listItems.curl).toBe(`curl -H "Authorization: Bearer $EQUIP_TOKEN" "${ctx.config.APP_URL}/api/v1/items?search=prayer"`);
    expect(reference.problems.map((problem: { status: number }) => problem.status)).toEqual(expect.arrayContaining([403, 404, 410, 422, 429]));
  });
});
