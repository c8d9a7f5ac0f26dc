/**
 * The JSON API's refusals and failures are problem details (`application/problem+json`: type, title, status, detail),
 * whatever the request asked for: the rate limit's too, while the pages beside the API keep their error pages.
 */
import { describe, expect, it } from 'vitest';
import { API_PROBLEM_TYPES, API_SIGN_IN_HINT } from '../../shared/api';
import { SIGN_IN_HINT } from '../../shared/messages';
import { problemOf } from '../../server/features/errors/problem';
import { useTestApp } from '../support/app';

const ctx = useTestApp({ env: { RATE_LIMIT_MAX: '3' } });

describe('the API’s problems', () => {
  it('answers the global rate limit’s refusal as a problem, and a page’s as the page', async () => {
    const statuses: number[] = [];
    let last = null as Awaited<ReturnType<typeof ctx.app.inject>> | null;
    for (let request = 0; request < 4; request++) {
      last = await ctx.app.inject({ method: 'GET', url: '/api/v1/tags', remoteAddress: '10.9.0.1', headers: { accept: 'text/html' } });
      statuses.push(last.statusCode);
    }
    expect(statuses).toEqual([200, 200, 200, 429]);
    expect(last!.headers['content-type']).toMatch(/^application\/problem\+json/);
    expect(last!.json()).toEqual({
      type: `${ctx.config.APP_URL}/api#problem-rate-limited`,
      title: 'Too Many Requests',
      status: 429,
      detail: expect.any(String),
    });
    for (let request = 0; request < 4; request++) last = await ctx.app.inject({ method: 'GET', url: '/login', remoteAddress: '10.9.0.2' });
    expect(last!.statusCode).toBe(429);
    expect(last!.headers['content-type']).toMatch(/^text\/html/);
  });

  it('names each type by its section of the reference page, and the HTTP reason for the others', () => {
    const appUrl = 'https://equip.example.org/';
    expect(problemOf(appUrl, 404, null)).toEqual({
      type: 'https://equip.example.org/api#problem-not-found',
      title: 'Not Found',
      status: 404,
      detail: expect.any(String),
    });
    expect(problemOf(appUrl, 415, null)).toMatchObject({ type: 'about:blank', title: 'Unsupported Media Type', status: 415 });
    // A failure names its reference, never its cause.
    expect(problemOf(appUrl, 502, 'Reference: abc')).toMatchObject({ title: 'Internal Server Error', status: 500, detail: 'Reference: abc' });
    expect(problemOf(appUrl, 403, SIGN_IN_HINT).detail).toBe(API_SIGN_IN_HINT);
    expect(problemOf(appUrl, 422, null, { limit: ['too big', 'not whole'] }).errors).toEqual({ limit: 'too big not whole' });
    expect(new Set(API_PROBLEM_TYPES.map((type) => type.slug)).size).toBe(API_PROBLEM_TYPES.length);
  });

  it('answers a body the API cannot read as a problem, never Fastify’s JSON', async () => {
    const response = await ctx.app.inject({
      method: 'POST',
      url: '/api/v1/items',
      remoteAddress: '10.9.0.3',
      headers: { 'content-type': 'application/json' },
      payload: '{not json',
    });
    expect(response.headers['content-type']).toMatch(/^application\/problem\+json/);
    expect(response.body).not.toMatch(/"statusCode"|FST_/);
  });
});
