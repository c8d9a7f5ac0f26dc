import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { screen, within } from '@testing-library/react';
import { API_PROBLEM_TYPES, API_TEXTS, type ApiReferencePage } from '../../shared/api';
import { SHARED_ANONYMOUS, pageObject, renderInertiaPage } from './support';

beforeEach(() => {
  vi.spyOn(globalThis, 'fetch').mockImplementation(async () => Response.json({ recentlyViewedItems: [], frequentlyViewedItems: [], myCollections: [] }));
});
afterEach(() => vi.restoreAllMocks());

const REFERENCE: ApiReferencePage = {
  baseUrl: 'https://equip.example.org',
  openapiPath: '/api/openapi.json',
  version: '1.0.0',
  operations: [
    {
      id: 'listItems',
      method: 'GET',
      path: '/api/v1/items',
      summary: 'Items you may find',
      description: 'The item index.',
      parameters: [{ name: 'search', in: 'query', required: false, type: 'string', description: 'Words to find.' }],
      responses: [
        {
          status: '200',
          description: 'A page of the items you may list.',
          contentType: 'application/json',
          fields: [
            { path: 'data', type: 'array of object', description: '' },
            { path: 'data[].ref', type: 'string', description: 'The item’s ref.' },
          ],
        },
        {
          status: '422',
          description: 'Invalid parameters.',
          contentType: 'application/problem+json',
          fields: [{ path: 'type', type: 'string', description: '' }],
        },
      ],
      curl: 'curl -H "Authorization: Bearer $EQUIP_TOKEN" "https://equip.example.org/api/v1/items?search=prayer"',
    },
    {
      id: 'getItem',
      method: 'GET',
      path: '/api/v1/items/{ref}',
      summary: 'One item',
      description: 'An item you may open.',
      parameters: [{ name: 'ref', in: 'path', required: true, type: 'string', description: 'The item’s ref.' }],
      responses: [{ status: '200', description: 'One item.', contentType: 'application/json', fields: [] }],
      curl: 'curl -H "Authorization: Bearer $EQUIP_TOKEN" "https://equip.example.org/api/v1/items/{ref}"',
    },
  ],
  problems: [...API_PROBLEM_TYPES],
  problemFields: [
    { path: 'type', type: 'string', description: 'What kind of problem.' },
    { path: 'errors', type: 'object (optional)', description: 'Invalid input only.' },
  ],
};

describe('the API reference page', () => {
  it('lists each operation with its parameters, the fields of its answer and a curl command', async () => {
    await renderInertiaPage(pageObject('api/Index', { ...SHARED_ANONYMOUS, reference: REFERENCE, title: API_TEXTS.title }, { url: '/api' }));
    expect(screen.getByRole('heading', { level: 1, name: API_TEXTS.title })).toBeTruthy();
    const operations = screen.getByRole('navigation', { name: 'Operations' });
    expect(within(operations).getByRole('link', { name: 'GET /api/v1/items' }).getAttribute('href')).toBe('#listItems');

    const list = screen.getByRole('region', { name: 'GET /api/v1/items' });
    expect(within(list).getByRole('cell', { name: 'search' })).toBeTruthy();
    expect(within(list).getByRole('cell', { name: 'data[].ref' })).toBeTruthy();
    expect(within(list).getByText(REFERENCE.operations[0]!.curl)).toBeTruthy();
    // A refusal is a problem: its fields are the same for every operation, so they are listed once, under Problems.
    expect(within(list).queryByRole('cell', { name: 'type' })).toBeNull();

    const one = screen.getByRole('region', { name: 'GET /api/v1/items/{ref}' });
    expect(within(one).getByText('(required)')).toBeTruthy();
    expect(screen.getByRole('link', { name: '/api/openapi.json' }).getAttribute('href')).toBe('/api/openapi.json');
  });

  it('gives each problem type the anchor its `type` names', async () => {
    await renderInertiaPage(pageObject('api/Index', { ...SHARED_ANONYMOUS, reference: REFERENCE, title: API_TEXTS.title }, { url: '/api' }));
    const problems = screen.getByRole('region', { name: 'Problems' });
    for (const problem of API_PROBLEM_TYPES) expect(problems.querySelector(`#problem-${problem.slug}`)?.textContent).toContain(problem.title);
    expect(within(problems).getByRole('cell', { name: 'errors' })).toBeTruthy();
  });
});
