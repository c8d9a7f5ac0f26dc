/**
 * The route contracts (shared/routes.ts, issue 18 §1): the typed path builder, and the app registering exactly the
 * declared routes — each method of each pattern, with a params schema naming the pattern's parameters, and no route
 * with path parameters that the contracts leave out; a parameter that is not a ref names nothing (404).
 */
import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { route, ROUTES } from '../../shared/routes';
import { useTestApp } from '../support/app';

const ctx = useTestApp();

describe('a route contract', () => {
  it('builds its path from the parameters the pattern names', () => {
    expect(ROUTES.item.path({ ref: 'abc123' })).toBe('/i/abc123');
    expect(ROUTES.itemTag.path({ ref: 'abc123', tagRef: 'def456' })).toBe('/i/abc123/tag/def456');
    expect(ROUTES.collectionAddItem.path({ collection: 'coll01', ref: 'item01' })).toBe('/collection/coll01/item/item01');
    expect(ROUTES.adminCharacteristic.path({ ref: 'abc123' })).toBe('/admin/characteristic/abc123');
    expect(ROUTES.itemTaxonomy.paramNames).toEqual(['ref', 'taxonomyRef']);
    expect(route('/popular', ['GET']).path()).toBe('/popular');
    expect(route('/popular', ['GET']).paramNames).toEqual([]);
  });

  it('URL-encodes each value', () => {
    expect(ROUTES.tag.path({ label: 'Youth & Children/2?' })).toBe('/tag/Youth%20%26%20Children%2F2%3F');
    expect(ROUTES.tag.path({ label: 'café' })).toBe('/tag/caf%C3%A9');
    // An empty choice still posts Add to Collection, and the server answers the field error.
    expect(ROUTES.collectionAddItem.path({ collection: '', ref: 'item01' })).toBe('/collection//item/item01');
  });
});

describe('the app', () => {
  const registered = () => ctx.app.routeTable.filter((entry) => entry.method !== 'HEAD');

  it('registers every method of every contract, with a params schema of the pattern’s parameters', () => {
    const problems: string[] = [];
    for (const [name, contract] of Object.entries(ROUTES)) {
      for (const method of contract.methods) {
        const entry = registered().find((candidate) => candidate.method === method && candidate.url === contract.pattern);
        if (!entry) {
          problems.push(`${name}: ${method} ${contract.pattern} is not registered`);
          continue;
        }
        const params = entry.schema?.params;
        const keys = params instanceof z.ZodObject ? Object.keys(params.shape) : null;
        if (JSON.stringify(keys) !== JSON.stringify(contract.paramNames))
          problems.push(`${name}: ${method} ${contract.pattern} validates params ${JSON.stringify(keys)}`);
      }
    }
    expect(problems).toEqual([]);
  });

  it('answers 404 for a parameter that is not a ref, before any query looks it up', async () => {
    for (const url of ['/i/NOT-A-REF', '/i/ab', '/content/x%20y', '/collection/%E2%80%94', '/image/a/large', `/tag/${'x'.repeat(200)}`]) {
      expect([url, (await ctx.app.inject({ method: 'GET', url })).statusCode]).toEqual([url, 404]);
    }
  });

  it('registers no route with path parameters that no contract declares', () => {
    const declared = new Set(Object.values(ROUTES).flatMap((contract) => contract.methods.map((method) => `${method} ${contract.pattern}`)));
    const undeclared = registered()
      .filter((entry) => entry.url.includes('/:') && !declared.has(`${entry.method} ${entry.url}`))
      .map((entry) => `${entry.method} ${entry.url}`);
    expect(undeclared).toEqual([]);
  });
});
