/** Admin Advanced (admin-curation §2 "Admin Advanced", §6, §7 POST /admin/advanced): superadmin-only actions. */
import { describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { ADVANCED_ACTION_BUTTONS, ADVANCED_ACTIONS, ADVANCED_MESSAGES } from '../../shared/advanced';
import { DRIVE_HEALTH_ACTIONS, VISIBILITY } from '../../shared/enums';
import { SIGN_IN_HINT } from '../../shared/messages';
import { changeHistory, brokenExternalLinkAlerts, deploymentTasks, invitations, items, shares, users, userTypes } from '../../server/db/schema';
import type { CookieJar } from '../support/app';
import { send, visit } from '../support/http';
import { seedDemoAccounts } from '../support/seed';
import { useSessionTestApp } from '../support/sessions';
import { expectInertia } from '../../server/inertia/testing';

const ctx = useSessionTestApp({ seed: seedDemoAccounts });

const SUPERADMIN = 'superadmin@example.org';

/** Posts an action as the router does (confirmed, as its question was answered), then reads the page it redirects to. */
async function runAction(jar: CookieJar, action: unknown, confirmed = true) {
  const posted = await send(ctx.app, jar, 'POST', '/admin/advanced', { action, confirmed });
  expect(posted.statusCode).toBe(303);
  expect(posted.headers.location).toBe('/admin/advanced');
  const { page } = await visit(ctx.app, '/admin/advanced', jar);
  return { response: page.props.response as string, errors: page.props.errors as Record<string, string> };
}

describe('access to /admin/advanced', () => {
  it('shows a superadmin the page, titled Advanced under Admin, with no response yet', async () => {
    const { response, page } = await visit(ctx.app, '/admin/advanced', await ctx.as(SUPERADMIN));
    expect(response.statusCode).toBe(200);
    expectInertia(page)
      .component('admin/advanced/Index')
      .prop('response', '')
      .prop('breadcrumbs', [{ label: 'Admin', href: '/admin' }, { label: 'Advanced' }]);
  });

  it('refuses anonymous visitors with the 403 page and the sign-in hint', async () => {
    const { response, page } = await visit(ctx.app, '/admin/advanced', await ctx.as(null));
    expect(response.statusCode).toBe(403);
    expectInertia(page).component('errors/Error').prop('detail', SIGN_IN_HINT);
  });

  it.each(['member@example.org', 'staff@example.org', 'admin@example.org'])('refuses %s with 403 and runs nothing', async (email) => {
    const jar = await ctx.as(email);
    const { response, page } = await visit(ctx.app, '/admin/advanced', jar);
    expect(response.statusCode).toBe(403);
    expectInertia(page).prop('detail', null);
    await ctx.db().insert(deploymentTasks).values({ name: 'migrate', state: 'running' });
    const posted = await send(ctx.app, jar, 'POST', '/admin/advanced', { action: 'clear_running_deployment_tasks' });
    expect(posted.statusCode).toBe(403);
    expect(await ctx.db().select().from(deploymentTasks).where(eq(deploymentTasks.state, 'running'))).toHaveLength(1);
    await ctx.db().delete(deploymentTasks);
  });

  it('refuses an anonymous post with the 403 page', async () => {
    const posted = await send(ctx.app, await ctx.as(null), 'POST', '/admin/advanced', { action: 'about' });
    expect(posted.statusCode).toBe(403);
  });
});

describe('the action list', () => {
  it('has every action value once, the drive checks among them, hidden ones without a button', () => {
    expect(new Set(ADVANCED_ACTIONS).size).toBe(ADVANCED_ACTIONS.length);
    expect(ADVANCED_ACTION_BUTTONS.map((entry) => entry.action).sort()).toEqual([...ADVANCED_ACTIONS].sort());
    for (const action of DRIVE_HEALTH_ACTIONS) expect(ADVANCED_ACTIONS).toContain(action);
    expect(
      ADVANCED_ACTION_BUTTONS.filter((entry) => entry.hidden)
        .map((entry) => entry.action)
        .sort(),
    ).toEqual(['clear_failed_deployment_tasks', 'notion_seeder']);
  });
});

describe('POST /admin/advanced', () => {
  it('about: version, commit, uptime, runtime, database and drive; shown once', async () => {
    const jar = await ctx.as(SUPERADMIN);
    const { response } = await runAction(jar, 'about');
    expect(response.split('\n')[0]).toMatch(/^about \(\d{4}-\d\d-\d\d \d\d:\d\d UTC\)$/);
    expect(response).toContain('Equip 0.1.0');
    expect(response).toMatch(/Git commit:\s+(\w+)/);
    expect(response).toMatch(/Uptime:\s+\d/);
    expect(response).toContain(`Node.js ${process.version}`);
    expect(response).toMatch(/Database:\s+PostgreSQL \d+(\.\d+)* \((PGlite, embedded|server)\)/);
    expect(response).toMatch(/Drive adapter:\s+local/);
    const { page } = await visit(ctx.app, '/admin/advanced', jar);
    expectInertia(page).prop('response', '');
  });

  it('php: says Equip runs on Node.js and gives the runtime and process', async () => {
    const { response } = await runAction(await ctx.as(SUPERADMIN), 'php');
    const lines = response.split('\n');
    expect(lines[1]).toBe('Equip does not run on PHP: these are the Node.js runtime and process details instead.');
    expect(response).toMatch(new RegExp(`Process id:\\s+${process.pid}`));
    expect(response).toMatch(/Heap used:\s+[\d.]+ [KMG]?B of/);
  });

  it('database_stats: every table with its row count and size, and the database size', async () => {
    const { response } = await runAction(await ctx.as(SUPERADMIN), 'database_stats');
    expect(response).toMatch(/^users\s+10\s+[\d.]+ (B|KB|MB)$/m);
    expect(response).toMatch(/^items\s+0\s+/m);
    expect(response).toMatch(/\d+ tables, [\d,]+ rows\. Database size: [\d.]+ (KB|MB|GB)\./);
  });

  it('deployment tasks: lists them with their states; clears the running, then the failed (hidden) ones', async () => {
    await ctx
      .db()
      .insert(deploymentTasks)
      .values([
        { name: 'migrate database', state: 'running' },
        { name: 'build assets', state: 'running' },
        { name: 'warm caches', state: 'failed', output: 'timeout' },
        { name: 'seed', state: 'done' },
      ]);
    const jar = await ctx.as(SUPERADMIN);
    const listed = await runAction(jar, 'deployment_tasks');
    expect(listed.response).toMatch(/migrate database\s+running/);
    expect(listed.response).toMatch(/warm caches\s+failed/);
    expect(listed.response).toContain('4 deployment tasks.');
    // An action that changes data runs only once its question was answered (issue 34 §5); the page quotes the check.
    expect((await runAction(jar, 'clear_running_deployment_tasks', false)).errors).toEqual({ action: ADVANCED_MESSAGES.confirmFirst });
    expect((await ctx.db().select().from(deploymentTasks)).filter((task) => task.state === 'running')).toHaveLength(2);
    const checks = (await visit(ctx.app, '/admin/advanced', jar)).page.props.lastChecks as Record<string, { summary: string }>;
    expect(checks.deployment_tasks!.summary).toBe('4 deployment tasks.');
    expect((await runAction(jar, 'clear_running_deployment_tasks')).response).toContain('Cleared 2 running deployment tasks.');
    expect((await ctx.db().select().from(deploymentTasks)).map((task) => task.state).sort()).toEqual(['done', 'failed']);
    expect((await runAction(jar, 'clear_failed_deployment_tasks')).response).toContain('Cleared 1 failed deployment task.');
    expect((await ctx.db().select().from(deploymentTasks)).map((task) => task.state)).toEqual(['done']);
    const audited = await ctx.db().select().from(changeHistory).where(eq(changeHistory.kind, 'advanced:clear_running_deployment_tasks'));
    expect(audited).toHaveLength(1);
    await ctx.db().delete(deploymentTasks);
  });

  it('update-search-indexes: rebuilds the items search index and says how long it took; search still works', async () => {
    await ctx.db().insert(items).values({ code: 'EQ-900', title: 'Harvest assembly', visibility: VISIBILITY.DISCOVERABLE });
    const { response } = await runAction(await ctx.as(SUPERADMIN), 'update-search-indexes');
    expect(response).toMatch(/Rebuilt the full-text index items_search_idx and refreshed the statistics of items in \d+ ms\./);
    const { page } = await visit(ctx.app, '/item?search=harvest', await ctx.as(SUPERADMIN));
    expect(page.props.items.data.map((item: { title: string }) => item.title)).toEqual(['Harvest assembly']);
    await ctx.db().delete(items);
  });

  it('a drive action is wired to the drive health checks', async () => {
    const { response } = await runAction(await ctx.as(SUPERADMIN), 'storage_stats');
    expect(response.split('\n')[0]).toMatch(/^storage_stats \(\d{4}-\d\d-\d\d \d\d:\d\d UTC\)$/);
    const folders = await runAction(await ctx.as(SUPERADMIN), 'wrongly-located-drive-folder');
    expect(folders.response.split('\n')[0]).toMatch(/^wrongly-located-drive-folder \(/);
  });

  it('all-items: a fixed-width table of every item with a count line', async () => {
    await ctx
      .db()
      .insert(items)
      .values([
        { code: 'EQ-001', title: 'Camp Songbook', visibility: VISIBILITY.DISCOVERABLE, availableExternalLink: 'https://example.org/songs' },
        { code: 'EQ-002', title: 'Staff Handbook', visibility: VISIBILITY.DRAFT, minimumAccessLevel: 4 },
      ]);
    const { response } = await runAction(await ctx.as(SUPERADMIN), 'all-items');
    const lines = response.split('\n');
    expect(lines[0]).toBe('all-items: All items');
    expect(lines[2]).toMatch(/^ref\s+code\s+title\s+visibility\s+level\s+maintainer\s+external link\s+created$/);
    expect(response).toMatch(/EQ-001\s+Camp Songbook\s+Discoverable\s+0\s+-\s+https:\/\/example\.org\/songs/);
    expect(response).toMatch(/EQ-002\s+Staff Handbook\s+Draft\s+4/);
    expect(lines.at(-1)).toBe('2 items.');
    await ctx.db().delete(items);
  });

  it('all-users and all-potential-users list people', async () => {
    const everyone = await runAction(await ctx.as(SUPERADMIN), 'all-users');
    expect(everyone.response).toContain('superadmin@example.org');
    expect(everyone.response.split('\n').at(-1)).toBe('10 users.');
    const potential = await runAction(await ctx.as(SUPERADMIN), 'all-potential-users');
    expect(potential.response.split('\n').at(-1)).toBe('0 potential users.');
  });

  it('all-potential-users: people sent a share or an open invitation who hold no account with that address verified', async () => {
    const [item] = await ctx.db().insert(items).values({ code: 'EQ-004', title: 'Shared pack' }).returning();
    const [type] = await ctx.db().select().from(userTypes).limit(1);
    const day = 24 * 60 * 60 * 1000;
    // Typed on an account and never verified: a claim, not the address's account (as unverified@example.org's is).
    const [claimant] = await ctx.db().insert(users).values({ name: 'Claimant', email: 'Helper@example.com', userTypeId: type!.id }).returning();
    await ctx
      .db()
      .insert(shares)
      .values([
        { sharedType: 'item', itemId: item!.id, toEmail: 'newcomer@example.com', level: 1 },
        { sharedType: 'item', itemId: item!.id, toEmail: 'member@example.org', level: 1 },
        { sharedType: 'item', itemId: item!.id, toEmail: 'unverified@example.org', level: 1 },
      ]);
    await ctx
      .db()
      .insert(invitations)
      .values([
        { tokenHash: 'a'.repeat(64), userTypeId: type!.id, sentTo: ['Newcomer@example.com', 'helper@example.com'], expiresAt: new Date(Date.now() + day) },
        { tokenHash: 'b'.repeat(64), userTypeId: type!.id, sentTo: ['expired@example.com'], expiresAt: new Date(Date.now() - day) },
      ]);
    const { response } = await runAction(await ctx.as(SUPERADMIN), 'all-potential-users');
    expect(response).toMatch(/^newcomer@example\.com\s+1\s+1\s+/m);
    expect(response).toMatch(/^helper@example\.com\s+0\s+1\s+/m);
    expect(response).toMatch(/^unverified@example\.org\s+1\s+0\s+/m);
    expect(response).not.toMatch(/^member@example\.org/m);
    expect(response).not.toContain('expired@example.com');
    expect(response.split('\n').at(-1)).toBe('3 potential users.');
    await ctx.db().delete(invitations);
    await ctx.db().delete(items);
    await ctx.db().delete(users).where(eq(users.id, claimant!.id));
  });

  it.each(['all-content', 'all-shares', 'all-tasks', 'all-taxonomies', 'all-tags', 'all-broken-external-link-alerts'])(
    '%s answers its listing',
    async (action) => {
      const { response } = await runAction(await ctx.as(SUPERADMIN), action);
      expect(response.split('\n')[0]).toMatch(new RegExp(`^${action}: All `));
      expect(response).toMatch(/^0 [a-z ]+\.$/m);
    },
  );

  it('notion_seeder (hidden) answers that no Notion source is configured', async () => {
    const { response } = await runAction(await ctx.as(SUPERADMIN), 'notion_seeder');
    expect(response).toContain('No Notion source is configured');
  });

  it('check-external-links refuses a link to a loopback address (the strict guard) and records it', async () => {
    const [item] = await ctx.db().insert(items).values({ code: 'EQ-003', title: 'Intranet', availableExternalLink: 'http://127.0.0.1:9/secret' }).returning();
    const { response } = await runAction(await ctx.as(SUPERADMIN), 'check-external-links');
    expect(response).toContain('Checked 1 of 1 external links: 0 working, 1 broken.');
    const alerts = await ctx.db().select().from(brokenExternalLinkAlerts).where(eq(brokenExternalLinkAlerts.itemId, item!.id));
    expect(alerts).toHaveLength(1);
    expect(alerts[0]!.message).toContain('Refused: 127.0.0.1 resolves to the non-public address 127.0.0.1');
    await ctx.db().delete(items);
  });

  it.each([
    ['drop-tables', "Refused: 'drop-tables' is not an action."],
    ['', 'Refused: no action was given.'],
    [42, 'Refused: no action was given.'],
  ])('refuses the unknown action %j with a field error and a message in the response box', async (action, message) => {
    const { response, errors } = await runAction(await ctx.as(SUPERADMIN), action);
    expect(errors.action).toBe(ADVANCED_MESSAGES.unknownAction);
    expect(response).toBe(`${message} ${ADVANCED_MESSAGES.unknownAction}`);
  });

  it('answers a plain form post (no Inertia) with a redirect too', async () => {
    const jar = await ctx.as(SUPERADMIN);
    const { xsrfHeader } = await import('../support/http');
    const posted = await ctx.app.inject({
      method: 'POST',
      url: '/admin/advanced',
      headers: { ...xsrfHeader(jar), 'content-type': 'application/x-www-form-urlencoded' },
      payload: 'action=notion_seeder',
    });
    expect(posted.statusCode).toBe(303);
  });
});
