import { describe, expect, it } from 'vitest';
import { visit } from '../support/http';
import { seedDemoAccounts } from '../support/seed';
import { useSessionTestApp } from '../support/sessions';

const context = useSessionTestApp({ seed: seedDemoAccounts, env: { RATE_LIMIT_USER_SEARCH_MAX: '3' } });

describe('GET /user rate limit', () => {
  it(`answers 429 once RATE_LIMIT_USER_SEARCH_MAX searches a minute are used up`, async () => {
    const jar = await context.as('admin@example.org');
    for (const search of ['a', 'b', 'c']) {
      expect((await visit(context.app, `/user?search=${search}`, jar)).response.statusCode).toBe(200);
    }
    expect((await visit(context.app, '/user?search=d', jar)).response.statusCode).toBe(429);
    // The maintainer picker's type-ahead keeps its own allowance.
    const typeAhead = await context.app.inject({
      method: 'GET',
      url: '/user/search?query=maya',
      headers: { cookie: jar.header(), accept: 'application/json' },
    });
    expect(typeAhead.statusCode).toBe(200);
  });

  it('defaults to 60 a minute', async () => {
    const { loadConfig } = await import('../../server/config');
    expect(loadConfig({ NODE_ENV: 'test' }).RATE_LIMIT_USER_SEARCH_MAX).toBe(60);
  });
});
