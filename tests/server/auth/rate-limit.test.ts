import { describe, expect, it } from 'vitest';
import { useTestApp } from '../../support/app';
import { seedDemoAccounts } from '../../support/seed';

const ctx = useTestApp({ env: { RATE_LIMIT_SIGN_IN_MAX: '2' }, seed: seedDemoAccounts });

describe('sign-in rate limits', () => {
  it('refuses a third sign-in start from the same address within a minute', async () => {
    const statuses: number[] = [];
    for (let attempt = 0; attempt < 3; attempt++) {
      statuses.push((await ctx.app.inject({ method: 'GET', url: '/auth/google/redirect' })).statusCode);
    }
    expect(statuses).toEqual([302, 302, 429]);
  });

  it('refuses a third demo sign-in attempt within a minute', async () => {
    const statuses: number[] = [];
    for (let attempt = 0; attempt < 3; attempt++) {
      statuses.push((await ctx.app.inject({ method: 'POST', url: '/dev/login', payload: { email: 'member@example.org' } })).statusCode);
    }
    expect(statuses[2]).toBe(429);
  });
});
