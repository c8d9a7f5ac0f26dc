/**
 * Three instances behind HAProxy, one truth (issue 17): sessions, writes, rate limits, CSRF tokens, flashes, mail and
 * periodic jobs behave as one application whichever instance answers. Reads that must see a write are sent to every
 * instance directly, so none of them can be skipped by the balancer's turn.
 */
import { describe, expect, it } from 'vitest';
import { AUTH_NOTICES } from '../../server/auth/messages';
import { SESSION_COOKIE } from '../../server/auth/session';
import { logLines, useCluster } from './support/cluster';
import type { Browser, InertiaPage } from './support/browser';

const TYPE_AHEAD_MAX = 12;
const PERIOD_SECONDS = 2;
const cluster = useCluster({ instances: 3, env: { RATE_LIMIT_TYPEAHEAD_MAX: String(TYPE_AHEAD_MAX), PERIODIC_JOBS_INTERVAL_SECONDS: String(PERIOD_SECONDS) } });

interface ItemRow {
  ref: string;
  title: string;
}

async function query<T>(text: string, values: unknown[] = []): Promise<T[]> {
  return (await cluster.database.query(text, values)).rows as T[];
}

/** Discoverable public items that do not expire, that the leader neither maintains nor has been given, in a fixed order. */
const publicItems = (count: number) =>
  query<ItemRow>(
    `select ref, title from items where visibility = 50 and minimum_access_level = 0 and expires_at is null
       and created_by_user_id <> (select id from users where email = 'leader@example.org')
       and not exists (select 1 from shares where shares.item_id = items.id) order by id limit $1`,
    [count],
  );

const titlesOn = (page: InertiaPage | null) => (page?.props.items as { data: { title: string }[] }).data.map((item) => item.title);
const signedInEmail = (page: InertiaPage | null) => {
  const auth = page?.props.auth as { authenticated: boolean; email: string | null };
  return auth.authenticated ? auth.email : null;
};

/** What this browser's search shows on each instance, asked of each directly. */
async function searchOnEachInstance(browser: Browser, words: string): Promise<string[][]> {
  return Promise.all(
    cluster.instances.map(async (instance) => titlesOn((await browser.at(instance.url).visit(`/item?search=${encodeURIComponent(words)}`)).page)),
  );
}

async function statusOnEachInstance(browser: Browser, path: string): Promise<number[]> {
  return Promise.all(cluster.instances.map(async (instance) => (await browser.at(instance.url).visit(path)).status));
}

describe('three instances behind HAProxy', () => {
  it('spreads requests over every instance, round robin', async () => {
    const browser = cluster.browser();
    const servedBy = new Set<string | null>();
    for (let n = 0; n < 6; n += 1) servedBy.add((await browser.open('/')).servedBy);
    expect([...servedBy].sort()).toEqual(['i1', 'i2', 'i3']);
  });

  it('keeps a session made through one instance on every other, and signs it out everywhere from any', async () => {
    const browser = await cluster.signIn('leader@example.org');
    for (const instance of cluster.instances) expect(signedInEmail((await browser.at(instance.url).visit('/')).page), instance.name).toBe('leader@example.org');
    const sameCookieElsewhere = cluster.instances.map((instance) => browser.at(instance.url));

    const signOut = await browser.send('POST', '/logout');
    expect(signOut.status).toBe(303);
    const next = await browser.visit('/');
    expect(next.servedBy).not.toBe(signOut.servedBy);
    expect(next.page?.flash?.notifications?.map((notice) => notice.message)).toEqual([AUTH_NOTICES.signedOut]);
    expect(signedInEmail(next.page)).toBeNull();
    // The cookie from before the sign-out no longer signs anybody in, on any instance.
    for (const copy of sameCookieElsewhere) expect(signedInEmail((await copy.visit('/')).page)).toBeNull();
  });

  it('accepts a CSRF token from one instance on another, and refuses a change without it on every one', async () => {
    const browser = await cluster.signIn('leader@example.org');
    const [item] = await publicItems(1);
    const tokenFrom = (await browser.open(`/i/${item!.ref}`)).servedBy;
    const comment = await browser.send(
      'POST',
      `/i/${item!.ref}/comment`,
      { comment: 'Written through another instance than the token came from.' },
      `/i/${item!.ref}`,
    );
    expect(comment.status).toBe(303);
    expect(comment.servedBy).not.toBe(tokenFrom);
    expect(await query(`select 1 from comments where comment = $1`, ['Written through another instance than the token came from.'])).toHaveLength(1);

    for (const instance of cluster.instances) {
      const forged = await fetch(`${instance.url}/i/${item!.ref}/comment`, {
        method: 'POST',
        headers: { 'content-type': 'application/json', cookie: `${SESSION_COOKIE}=${browser.cookie(SESSION_COOKIE)}` },
        body: JSON.stringify({ comment: 'Forged from another site, without the token.' }),
      });
      expect(forged.status, instance.name).toBeGreaterThanOrEqual(400);
    }
    expect(await query(`select 1 from comments where comment = $1`, ['Forged from another site, without the token.'])).toHaveLength(0);
  });

  it('shows a write through one instance to a read through every other at once: edits, access level, expiry, tags and shares', async () => {
    const admin = await cluster.signIn('admin@example.org');
    const leader = await cluster.signIn('leader@example.org');
    const [item] = await publicItems(1);
    const ref = item!.ref;
    // Every instance caches the leader's search before the write.
    expect(await searchOnEachInstance(leader, 'Zanzibar')).toEqual([[], [], []]);

    expect((await admin.send('PATCH', `/i/${ref}`, { title: 'Zanzibar Cluster Songbook' }, `/i/${ref}`)).status).toBe(303);
    expect(await searchOnEachInstance(leader, 'Zanzibar')).toEqual([
      ['Zanzibar Cluster Songbook'],
      ['Zanzibar Cluster Songbook'],
      ['Zanzibar Cluster Songbook'],
    ]);

    expect((await admin.send('PATCH', `/i/${ref}`, { minimum_access_level: 5 }, `/i/${ref}`)).status).toBe(303);
    expect(await searchOnEachInstance(leader, 'Zanzibar')).toEqual([[], [], []]);
    expect(await statusOnEachInstance(leader, `/i/${ref}`)).toEqual([403, 403, 403]);

    // A share to the leader opens it again for the leader, on every instance.
    const share = await admin.send('POST', `/i/${ref}/share`, { level: 5, email: 'leader@example.org', daysValidity: 7 }, `/i/${ref}`);
    expect(share.status).toBe(303);
    expect(await statusOnEachInstance(leader, `/i/${ref}`)).toEqual([200, 200, 200]);

    expect((await admin.send('PATCH', `/i/${ref}`, { minimum_access_level: 0 }, `/i/${ref}`)).status).toBe(303);
    expect((await admin.send('PATCH', `/i/${ref}`, { expires_at: '2020-01-01' }, `/i/${ref}`)).status).toBe(303);
    const visitor = cluster.browser();
    expect(await searchOnEachInstance(visitor, 'Zanzibar')).toEqual([[], [], []]);

    expect((await admin.send('PATCH', `/i/${ref}`, { expires_at: '' }, `/i/${ref}`)).status).toBe(303);
    const [tag] = await query<{ ref: string }>(
      `select t.ref from tags t where not exists (select 1 from item_tags it join items i on i.id = it.item_id where it.tag_id = t.id and i.ref = $1) order by t.id limit 1`,
      [ref],
    );
    const tagged = async () =>
      Promise.all(cluster.instances.map(async (instance) => titlesOn((await visitor.at(instance.url).visit(`/item?tags=${tag!.ref}&search=Zanzibar`)).page)));
    expect(await tagged()).toEqual([[], [], []]);
    expect((await admin.send('POST', `/i/${ref}/tag/${tag!.ref}`, undefined, `/i/${ref}`)).status).toBe(303);
    expect(await tagged()).toEqual([['Zanzibar Cluster Songbook'], ['Zanzibar Cluster Songbook'], ['Zanzibar Cluster Songbook']]);
  });

  it('ends a removed grant on every instance at once: its link answers 410, and what it opened 403', async () => {
    const admin = await cluster.signIn('admin@example.org');
    const leader = await cluster.signIn('leader@example.org');
    const [item] = await publicItems(1);
    const ref = item!.ref;
    expect((await admin.send('PATCH', `/i/${ref}`, { minimum_access_level: 5 }, `/i/${ref}`)).status).toBe(303);
    expect((await admin.send('POST', `/i/${ref}/share`, { level: 5, email: 'leader@example.org', daysValidity: 7 }, `/i/${ref}`)).status).toBe(303);
    const [grant] = await query<{ ref: string }>(
      `select s.ref from shares s join items i on i.id = s.item_id where i.ref = $1 and s.to_email = 'leader@example.org'`,
      [ref],
    );
    const link = `/i/${ref}?share=${grant!.ref}`;
    // Every instance has answered the leader's visits with the grant before it goes.
    expect(await statusOnEachInstance(leader, link)).toEqual([200, 200, 200]);
    expect(await statusOnEachInstance(leader, `/i/${ref}`)).toEqual([200, 200, 200]);

    expect((await admin.send('DELETE', `/share/${grant!.ref}`, undefined, `/i/${ref}`)).status).toBe(303);
    expect(await statusOnEachInstance(leader, link)).toEqual([410, 410, 410]);
    expect(await statusOnEachInstance(leader, `/i/${ref}`)).toEqual([403, 403, 403]);
    expect((await admin.send('PATCH', `/i/${ref}`, { minimum_access_level: 0 }, `/i/${ref}`)).status).toBe(303);
  });

  it('counts a rate limit across instances (Redis), not per instance', async () => {
    const browser = await cluster.signIn('staff@example.org');
    const answers: { status: number; servedBy: string | null }[] = [];
    for (let n = 0; n < TYPE_AHEAD_MAX + 3; n += 1) answers.push(await browser.json(`/item?simplejson=true&search=pray${n}`));
    expect(new Set(answers.map((answer) => answer.servedBy)).size).toBe(3);
    expect(answers.map((answer) => answer.status)).toEqual([...Array<number>(TYPE_AHEAD_MAX).fill(200), 429, 429, 429]);
  });

  it('sends each queued e-mail once, though every instance works the outbox', async () => {
    const admin = await cluster.signIn('admin@example.org');
    const [item] = await publicItems(2).then((rows) => rows.slice(1));
    const before = cluster.smtp.received.length;
    const recipients = Array.from({ length: 6 }, (_, n) => `cluster-share-${n}@example.net`);
    // Each address is a letter from the one before: the sharer confirms each as typed ("Did you mean …?").
    for (const email of recipients)
      expect((await admin.send('POST', `/i/${item!.ref}/share`, { level: 5, email, daysValidity: 7, confirm_email: email }, `/i/${item!.ref}`)).status).toBe(
        303,
      );
    await expect.poll(() => cluster.smtp.received.length - before).toBe(recipients.length);
    // Three more outbox rounds on each instance: nothing is sent again.
    await new Promise((resolve) => setTimeout(resolve, 3500));
    const sent = cluster.smtp.received.slice(before).flatMap((mail) => mail.to);
    expect(sent.sort()).toEqual(recipients.sort());
  });

  it('joins an Advanced action under way on another instance, and shows its progress and report on every instance', async () => {
    const superadmin = await cluster.signIn('superadmin@example.org');
    // The run of an instance that is still working: its row, as runs.ts keeps it (progress and heartbeat).
    const [run] = await query<{ id: number }>(
      `insert into admin_action_runs (action, progress) values ('update-search-indexes', 'Indexed 10 of 120 items') returning id`,
    );
    const followed = async () =>
      Promise.all(cluster.instances.map(async (instance) => (await superadmin.at(instance.url).visit(`/admin/advanced?run=${run!.id}`)).page?.props));
    for (const instance of cluster.instances) {
      expect(
        (await superadmin.at(instance.url).send('POST', '/admin/advanced', { action: 'update-search-indexes', confirmed: true }, '/admin/advanced')).status,
      ).toBe(303);
      expect(((await superadmin.at(instance.url).visit('/admin/advanced')).page?.props.run as { id: number }).id, instance.name).toBe(run!.id);
    }
    expect(await query(`select 1 from admin_action_runs where action = 'update-search-indexes'`)).toHaveLength(1);
    expect((await followed()).map((props) => (props?.run as { progress: string }).progress)).toEqual(Array(3).fill('Indexed 10 of 120 items'));

    await query(`update admin_action_runs set progress = 'Indexed 60 of 120 items', heartbeat_at = now() where id = $1`, [run!.id]);
    expect((await followed()).map((props) => (props?.run as { progress: string }).progress)).toEqual(Array(3).fill('Indexed 60 of 120 items'));
    await query(`update admin_action_runs set status = 'done', report = 'Search indexes updated: 120 items.', finished_at = now() where id = $1`, [run!.id]);
    expect((await followed()).map((props) => props?.response)).toEqual(Array(3).fill('Search indexes updated: 120 items.'));
  });

  it('runs each periodic job once a period for the cluster, not once per instance', async () => {
    const seconds = (Date.now() - cluster.startedAt) / 1000;
    const runs = logLines(cluster, 'periodic job ran');
    for (const job of ['expired-sessions', 'recent-view-counts', 'request-log-retention']) {
      const count = runs.filter((line) => line.job === job).length;
      expect(count, job).toBeGreaterThanOrEqual(1);
      // Three instances each looking four times a period would give about twelve runs a period.
      expect(count, `${job} in ${seconds} s`).toBeLessThanOrEqual(Math.floor(seconds / PERIOD_SECONDS) + 1);
    }
  });
});
