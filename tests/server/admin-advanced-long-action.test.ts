/** A long Admin Advanced action through the page: shown running with who started it, joined when posted again, its report once it ends. */
import { describe, expect, it, vi } from 'vitest';
import { eq, sql } from 'drizzle-orm';
import type { AdvancedRunView } from '../../shared/advanced';
import { adminActionRuns } from '../../server/db/schema';
import { send, visit } from '../support/http';
import { seedDemoAccounts } from '../support/seed';
import { useSessionTestApp } from '../support/sessions';

const ctx = useSessionTestApp({ seed: seedDemoAccounts, env: { ADVANCED_ACTION_WAIT_SECONDS: '0.2' } });
const SUPERADMIN = 'superadmin@example.org';

async function advancedPage(jar: Awaited<ReturnType<typeof ctx.as>>, query = '') {
  const { response, page } = await visit(ctx.app, `/admin/advanced${query}`, jar);
  return { status: response.statusCode, props: page?.props as { response: string; run: AdvancedRunView | null; recentRuns: AdvancedRunView[] } };
}

describe('a long action on /admin/advanced', () => {
  it('is shown running, joined when posted again, and its report is shown once when it ends', async () => {
    let finish: (usage: { usedBytes: number; limitBytes: number | null }) => void = () => undefined;
    const usage = vi.spyOn(ctx.app.drive, 'storageUsage').mockImplementation(() => new Promise((resolve) => (finish = resolve)));
    const jar = await ctx.as(SUPERADMIN);
    const posted = await send(ctx.app, jar, 'POST', '/admin/advanced', { action: 'storage_stats' });
    expect(posted.statusCode).toBe(303);
    expect(posted.headers.location).toBe('/admin/advanced');

    const running = await advancedPage(jar);
    expect(running.props.response).toBe('');
    expect(running.props.run).toMatchObject({ action: 'storage_stats', label: 'Storage Stats', status: 'running', finishedAt: null, startedBy: 'Tom Fraser' });
    expect(running.props.recentRuns[0]).toMatchObject({ id: running.props.run!.id, status: 'running' });

    expect((await send(ctx.app, jar, 'POST', '/admin/advanced', { action: 'storage_stats' })).statusCode).toBe(303);
    expect(await ctx.db().select().from(adminActionRuns).where(eq(adminActionRuns.action, 'storage_stats'))).toHaveLength(1);
    expect(usage).toHaveBeenCalledOnce();

    finish({ usedBytes: 2048, limitBytes: null });
    await vi.waitFor(async () =>
      expect((await ctx.db().select().from(adminActionRuns).where(eq(adminActionRuns.id, running.props.run!.id)))[0]?.status).toBe('done'),
    );
    const ended = await advancedPage(jar);
    expect(ended.props.run).toBeNull();
    expect(ended.props.response).toMatch(/^storage_stats \(\d{4}-\d\d-\d\d \d\d:\d\d UTC\)/);
    expect(ended.props.recentRuns[0]).toMatchObject({ id: running.props.run!.id, status: 'done' });
    expect((await advancedPage(jar)).props.response).toBe('');

    const again = await advancedPage(jar, `?run=${running.props.run!.id}`);
    expect(again.props.response).toBe(ended.props.response);
    usage.mockRestore();
  });

  it('shows a run whose server stopped as interrupted; an unknown run is 404 and a malformed one is ignored', async () => {
    const jar = await ctx.as(SUPERADMIN);
    const [dead] = await ctx
      .db()
      .insert(adminActionRuns)
      .values({ action: 'drive_stats', progress: 'Checking 3 of 9 item folders.', heartbeatAt: sql`now() - interval '10 minutes'` })
      .returning();
    const shown = await advancedPage(jar, `?run=${dead!.id}`);
    expect(shown.props.run).toBeNull();
    expect(shown.props.response).toBe(
      'drive_stats was interrupted: the server stopped before it finished (last progress: Checking 3 of 9 item folders.). Run it again for a report.',
    );
    expect(shown.props.recentRuns.find((run) => run.id === dead!.id)?.status).toBe('interrupted');
    expect((await advancedPage(jar, '?run=999999')).status).toBe(404);
    expect((await advancedPage(jar, '?run=abc')).status).toBe(200);
  });

  it('refuses an admin who is not a superadmin a run report', async () => {
    const [run] = await ctx.db().insert(adminActionRuns).values({ action: 'about', status: 'done', report: 'about (secret)' }).returning();
    const { status } = await advancedPage(await ctx.as('admin@example.org'), `?run=${run!.id}`);
    expect(status).toBe(403);
  });
});
