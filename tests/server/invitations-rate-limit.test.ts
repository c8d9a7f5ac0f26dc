import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { invitations, userTypes } from '../../server/db/schema';
import { send } from '../support/http';
import { seedDemoAccounts } from '../support/seed';
import { useSessionTestApp } from '../support/sessions';

const ctx = useSessionTestApp({ env: { RATE_LIMIT_INVITE_MAX: '3' }, seed: seedDemoAccounts });

describe('invitation rate limits', () => {
  it('opening accept links is limited per minute, so links cannot be guessed in bulk', async () => {
    const statuses: number[] = [];
    for (let i = 0; i < 4; i += 1) {
      const response = await ctx.app.inject({ method: 'GET', url: `/invite/${'guess'.padEnd(43, String(i))}` });
      statuses.push(response.statusCode);
    }
    expect(statuses.slice(0, 3)).toEqual([302, 302, 302]);
    expect(statuses[3]).toBe(429);
  });

  it('creating invitations is limited per minute', async () => {
    const admin = await ctx.as('admin@example.org');
    const [member] = await ctx.db().select({ id: userTypes.id }).from(userTypes).where(eq(userTypes.title, 'Member'));
    const statuses: number[] = [];
    for (let i = 0; i < 4; i += 1) {
      statuses.push((await send(ctx.app, admin, 'POST', '/user_invitation', { user_type_id: member.id, note_to_self: `batch ${i}` })).statusCode);
    }
    expect(statuses).toEqual([303, 303, 303, 429]);
    expect(await ctx.db().select().from(invitations)).toHaveLength(3);
  });
});
