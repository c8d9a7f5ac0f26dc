import { describe, expect, it } from 'vitest';
import { send } from '../support/http';
import { useSessionTestApp } from '../support/sessions';
import { ITEMS, seedSharingLibrary, sharesTo, STAFF } from './sharing-fixture';

const context = useSessionTestApp({ env: { RATE_LIMIT_SHARE_MAX: '2' }, seed: seedSharingLibrary });

describe('the share rate limit', () => {
  it('refuses grants beyond RATE_LIMIT_SHARE_MAX a minute with 429, recording nothing more', async () => {
    const jar = await context.as(STAFF);
    const grant = (email: string) => send(context.app, jar, 'POST', `/i/${ITEMS.open}/share`, { level: 2, email, daysValidity: 7 });
    expect((await grant('one@example.com')).statusCode).toBe(303);
    expect((await grant('two@example.com')).statusCode).toBe(303);
    expect((await grant('three@example.com')).statusCode).toBe(429);
    expect(await sharesTo(context.db(), 'three@example.com')).toHaveLength(0);
    expect(await sharesTo(context.db(), 'two@example.com')).toHaveLength(1);
  });

  it('defaults to 20 a minute', async () => {
    expect(context.config.RATE_LIMIT_SHARE_MAX).toBe(2);
    const { testConfig } = await import('../support/app');
    expect(testConfig().RATE_LIMIT_SHARE_MAX).toBe(20);
  });
});
