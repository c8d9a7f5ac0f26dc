import { describe, expect, it } from 'vitest';
import { mailOutbox } from '../../server/db/schema';
import { useTestApp } from '../support/app';
import { send, signInAs } from '../support/http';
import { seedDemoAccounts } from '../support/seed';

const ctx = useTestApp({ env: { RATE_LIMIT_SIGN_IN_MAX: '2' }, seed: seedDemoAccounts });

describe('POST /profile/email rate limit', () => {
  it('refuses a third change within a minute, as POST /profile/verify does, and queues no mail for it', async () => {
    const jar = await signInAs(ctx.app, 'member@example.org');
    const statuses: number[] = [];
    for (const email of ['one@example.org', 'two@example.org', 'three@example.org']) {
      statuses.push((await send(ctx.app, jar, 'POST', '/profile/email', { email })).statusCode);
    }
    expect(statuses).toEqual([303, 303, 429]);
    const queued = await ctx.app.db.select({ to: mailOutbox.toAddress }).from(mailOutbox);
    expect(queued.map((m) => m.to)).toEqual(['one@example.org', 'two@example.org']);
  });
});
