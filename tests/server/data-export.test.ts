/**
 * "Download my data" (docs/decisions/access.md "Download my data"): a request on the profile, the job that prepares the
 * archive and mails the link, the link that opens only for its person signed in, its expiry and the sweep, and what
 * the archive holds of the person and nothing of anyone else.
 */
import { existsSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { randomUUID } from 'node:crypto';
import { afterAll, describe, expect, it } from 'vitest';
import { eq, sql } from 'drizzle-orm';
import { unzipSync, strFromU8 } from 'fflate';
import { DATA_EXPORT_MESSAGES, DATA_EXPORT_TEXT, type DataExportSection } from '../../shared/data-export';
import { VISIBILITY } from '../../shared/enums';
import { SIGN_IN_HINT } from '../../shared/messages';
import { runWithChangeContext } from '../../server/db/change-context';
import type { DatabaseHandle } from '../../server/db/client';
import {
  accessRequests,
  affirmationOptions,
  collectionItems,
  collections,
  comments,
  contents,
  dataExports,
  follows,
  httpRequests,
  identities,
  invitations,
  itemAffirmations,
  itemImages,
  items,
  mailOutbox,
  shares,
  users,
  userTypes,
} from '../../server/db/schema';
import { createPersonalAccessToken } from '../../server/features/access-tokens/tokens';
import { dataExportRun, prepareDataExports, sweepDataExports } from '../../server/features/data-export/archive-job';
import { archivePath, exportsDirIn } from '../../server/features/data-export/archive';
import { expectInertia, pageProps } from '../../server/inertia/testing';
import { REDACTED, redactUrl } from '../../server/lib/redact';
import type { CookieJar } from '../support/app';
import { nextPage, send, visit } from '../support/http';
import { seedDemoAccounts } from '../support/seed';
import { useSessionTestApp } from '../support/sessions';

const DAY_MS = 24 * 60 * 60 * 1000;
const dataDir = path.join(tmpdir(), `equip-data-export-${randomUUID()}`);
afterAll(() => rmSync(dataDir, { recursive: true, force: true }));

const PERSON = 'leader@example.org';
const OTHER = 'staff@example.org';
const BROWSER = { 'user-agent': 'Mozilla/5.0 (X11; Linux x86_64) Firefox/140.0' };

/** Words only the other person's rows hold: none may reach the person's archive. */
const OTHERS_SECRETS = ['zebra remark by James', 'james@gmail.example', 'James keeps this note', 'James’s script', 'jamesfriend@example.net', OTHER];
/** An item the person may not open: its title may not reach their archive either. */
const LOCKED_TITLE = 'Secret Draft Plans';

const userId = async (db: DatabaseHandle['db'], email: string) => (await db.select({ id: users.id }).from(users).where(eq(users.email, email)))[0]!.id;

/** Runs `work` as `actor` through `route`, so the history names them, as a request would. */
function asActor<T>(actor: number, route: string, work: () => Promise<T>): Promise<T> {
  return runWithChangeContext(() => ({ actor, impersonator: null, route, request: null }), work);
}

async function seedLibrary(handle: DatabaseHandle): Promise<void> {
  await seedDemoAccounts(handle);
  const db = handle.db;
  const person = await userId(db, PERSON);
  const other = await userId(db, OTHER);
  const admin = await userId(db, 'admin@example.org');
  const [open, locked] = await db
    .insert(items)
    .values([
      { ref: 'itemopen0001', code: 'EQ-1', title: 'Open Songbook', visibility: VISIBILITY.DISCOVERABLE, minimumAccessLevel: 0, createdByUserId: other },
      { ref: 'itemlocked01', code: 'EQ-2', title: LOCKED_TITLE, visibility: VISIBILITY.DRAFT, minimumAccessLevel: 0, createdByUserId: other },
    ])
    .returning({ id: items.id });
  const own = await asActor(person, 'POST /i', () =>
    db.transaction(async (tx) => {
      const [row] = await tx
        .insert(items)
        .values({ ref: 'itemown00001', code: 'EQ-3', title: 'Sarah’s Own Guide', visibility: VISIBILITY.DRAFT, createdByUserId: person })
        .returning({ id: items.id });
      return row!;
    }),
  );
  await asActor(person, 'POST /i/:ref/content/upload', () =>
    db.transaction((tx) =>
      tx.insert(contents).values({ ref: 'contentup001', itemId: own.id, label: 'Sarah upload.pdf', format: 'pdf', googleDriveFileId: 'drive-file-1' }),
    ),
  );
  await asActor(person, 'POST /item/:ref/image/upload', () =>
    db.transaction((tx) =>
      tx.insert(itemImages).values({ ref: 'imageup00001', itemId: own.id, extension: 'jpg', source: 'upload', storageKey: 'uploads/x.jpg' }),
    ),
  );
  // Someone else changes the person's account: the history names the person as its subject.
  await asActor(admin, 'PATCH /user/:ref', () => db.transaction((tx) => tx.update(users).set({ manager: true }).where(eq(users.id, person))));
  // And changes an item the person cannot open: nothing of it reaches the person.
  await asActor(other, 'PATCH /i/:ref', () => db.transaction((tx) => tx.update(items).set({ topic: 'James private topic' }).where(eq(items.id, locked!.id))));

  await db.insert(identities).values([
    { userId: person, provider: 'google', subject: 'google-sarah', email: 'sarah@gmail.example', emailVerified: true },
    { userId: other, provider: 'google', subject: 'google-james', email: 'james@gmail.example', emailVerified: true },
  ]);
  const [helpful] = await db.insert(affirmationOptions).values({ title: 'Helpful' }).returning({ id: affirmationOptions.id });
  await db.insert(itemAffirmations).values([
    { itemId: open!.id, affirmationOptionId: helpful!.id, userId: person, value: 2 },
    { itemId: open!.id, affirmationOptionId: helpful!.id, userId: other, value: 1 },
  ]);
  await db.insert(comments).values([
    { itemId: open!.id, userId: person, comment: 'Sarah loved this songbook', approved: true },
    { itemId: locked!.id, userId: person, comment: 'Sarah on a draft' },
    { itemId: open!.id, userId: other, comment: 'zebra remark by James' },
  ]);
  const [picks, hidden] = await db
    .insert(collections)
    .values([
      { ref: 'collpicks001', userId: person, title: 'Sarah’s picks', description: 'For camp' },
      { ref: 'collhidden01', userId: other, title: 'James hidden list' },
    ])
    .returning({ id: collections.id });
  await db.insert(collectionItems).values([
    { collectionId: picks!.id, itemId: open!.id, note: 'great for camp', section: 'Songs', position: 0 },
    { collectionId: picks!.id, itemId: locked!.id, note: 'waiting for this one', section: 'Songs', position: 1 },
    { collectionId: hidden!.id, itemId: open!.id, note: 'James keeps this note' },
  ]);
  await db.insert(follows).values([
    { userId: person, searchText: 'easter' },
    { userId: other, searchText: 'james search' },
  ]);
  await db.insert(shares).values([
    { sharedType: 'item', itemId: open!.id, fromUserId: person, toEmail: 'friend@example.net', level: 2 },
    { sharedType: 'item', itemId: open!.id, fromUserId: other, toEmail: PERSON, toUserId: person, level: 3 },
    { sharedType: 'item', itemId: open!.id, fromUserId: other, toEmail: 'jamesfriend@example.net', level: 2 },
  ]);
  const [member] = await db.select({ id: userTypes.id }).from(userTypes).where(eq(userTypes.title, 'Member'));
  const [staffType] = await db.select({ id: userTypes.id }).from(userTypes).where(eq(userTypes.title, 'Staff'));
  const inAWeek = new Date(Date.now() + 7 * DAY_MS);
  await db.insert(invitations).values([
    {
      tokenHash: 'a'.repeat(64),
      userTypeId: member!.id,
      noteToSelf: 'for the youth group',
      sentTo: ['newbie@example.net'],
      createdByUserId: person,
      expiresAt: inAWeek,
    },
    { tokenHash: 'b'.repeat(64), userTypeId: staffType!.id, createdByUserId: other, acceptedByUserId: person, acceptedAt: new Date(), expiresAt: inAWeek },
    {
      tokenHash: 'c'.repeat(64),
      userTypeId: member!.id,
      noteToSelf: 'James keeps this note',
      sentTo: ['jamesfriend@example.net'],
      createdByUserId: other,
      expiresAt: inAWeek,
    },
  ]);
  await db.insert(accessRequests).values({ itemId: locked!.id, userId: person, level: 3 });
  await createPersonalAccessToken(db, person, { name: 'Sarah’s script', expiresAt: null });
  await createPersonalAccessToken(db, other, { name: 'James’s script', expiresAt: null });
}

const ctx = useSessionTestApp({ seed: seedLibrary, env: { DATA_DIR: dataDir } });
const db = () => ctx.db();
const section = async (jar: CookieJar) => pageProps((await visit(ctx.app, '/profile', jar)).page, 'profile/Show').dataExports as DataExportSection;
const exportRows = () => db().select().from(dataExports).orderBy(dataExports.id);
const run = (now: Date) => ({ ...dataExportRun(ctx.app, now), log: undefined });
/** A superadmin's session acting as the person. */
async function actingAsPerson(): Promise<CookieJar> {
  const jar = await ctx.as('superadmin@example.org');
  const [person] = await db().select({ ref: users.ref }).from(users).where(eq(users.email, PERSON));
  expect((await send(ctx.app, jar, 'POST', `/user/${person!.ref}/impersonate`)).statusCode).toBe(303);
  return jar;
}
const download = (url: string, jar?: CookieJar) => ctx.app.inject({ method: 'GET', url, headers: { ...BROWSER, cookie: jar?.header() ?? '' } });

describe('asking for one’s data', () => {
  it('is refused to visitors, to an unverified address and while acting as someone, and changes nothing', async () => {
    const visitor = await ctx.as(null);
    const refused = await send(ctx.app, visitor, 'POST', '/profile/data-export');
    expect(refused.statusCode).toBe(403);
    expectInertia(refused).props({ detail: SIGN_IN_HINT });
    const unverified = await ctx.as('unverified@example.org');
    const noAddress = await send(ctx.app, unverified, 'POST', '/profile/data-export');
    expect(noAddress.statusCode).toBe(403);
    expectInertia(noAddress).props({ detail: DATA_EXPORT_MESSAGES.needsVerifiedEmail });
    expect((await section(unverified)).canRequest).toBe(false);
    const acting = await actingAsPerson();
    const impersonating = await send(ctx.app, acting, 'POST', '/profile/data-export');
    expect(impersonating.statusCode).toBe(403);
    expectInertia(impersonating).props({ detail: DATA_EXPORT_MESSAGES.whileImpersonating });
    expect(await section(acting)).toMatchObject({ canRequest: false, cannotRequestBecause: DATA_EXPORT_MESSAGES.whileImpersonating });
    expect(await exportRows()).toEqual([]);
  });

  it('records one request, says so, and refuses a second while it is prepared, changing nothing', async () => {
    const jar = await ctx.as(PERSON);
    expect(await section(jar)).toEqual({ exports: [], canRequest: true, cannotRequestBecause: null });
    const asked = await send(ctx.app, jar, 'POST', '/profile/data-export');
    expect(asked.statusCode).toBe(303);
    expect(asked.headers.location).toBe('/profile');
    expect((await nextPage(ctx.app, jar)).notices).toEqual([DATA_EXPORT_MESSAGES.requested]);
    const rows = await exportRows();
    expect(rows).toHaveLength(1);
    expect(rows[0]).toMatchObject({ state: 'pending', tokenHash: null });

    const again = await send(ctx.app, jar, 'POST', '/profile/data-export');
    expect(again.statusCode).toBe(303);
    expect((await nextPage(ctx.app, jar)).notices).toEqual([DATA_EXPORT_MESSAGES.alreadyPreparing]);
    expect(await exportRows()).toEqual(rows);

    const shown = await section(jar);
    expect(shown.canRequest).toBe(false);
    expect(shown.cannotRequestBecause).toBe(DATA_EXPORT_TEXT.preparing);
    expect(shown.exports).toEqual([{ ref: rows[0]!.ref, requestedAt: rows[0]!.createdAt.toISOString(), state: 'preparing', expiresAt: null }]);
  });
});

describe('the prepared archive and its link', () => {
  let link = '';
  let token = '';
  let preparedAt: Date;

  it('is prepared by the job, which mails the person the link, once', async () => {
    preparedAt = new Date(Math.floor(Date.now() / 1000) * 1000);
    expect(await prepareDataExports(run(preparedAt))).toEqual({ prepared: 1, failed: 0 });
    // A second run (another instance) finds nothing waiting.
    expect(await prepareDataExports(run(preparedAt))).toEqual({ prepared: 0, failed: 0 });
    const mails = await db().select().from(mailOutbox).where(eq(mailOutbox.toAddress, PERSON));
    expect(mails).toHaveLength(1);
    const found = new RegExp(`${ctx.app.config.APP_URL}(/profile/data-export/([A-Za-z0-9_-]{43}))`).exec(mails[0]!.textBody);
    expect(found).not.toBeNull();
    [, link, token] = found!;
    const [row] = await exportRows();
    expect(row).toMatchObject({ state: 'ready', readyAt: preparedAt, expiresAt: new Date(preparedAt.getTime() + 7 * DAY_MS) });
    // Only the token's hash is stored.
    expect(JSON.stringify(await exportRows())).not.toContain(token);
    expect(existsSync(archivePath(exportsDirIn(dataDir), row!.ref))).toBe(true);
    const shown = await section(await ctx.as(PERSON));
    expect(shown.canRequest).toBe(true);
    expect(shown.exports[0]).toMatchObject({ state: 'ready', expiresAt: row!.expiresAt!.toISOString() });
  });

  it('downloads as a ZIP of the person’s own data for the person signed in', async () => {
    const response = await download(link, await ctx.as(PERSON));
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-type']).toBe('application/zip');
    const day = new Intl.DateTimeFormat('en-CA', { timeZone: ctx.app.config.TIME_ZONE }).format(preparedAt);
    expect(response.headers['content-disposition']).toBe(`attachment; filename="equip-data-${day}.zip"`);
    expect(response.headers['cache-control']).toBe('private, no-store');
    const files = unzipSync(new Uint8Array(response.rawPayload));
    expect(Object.keys(files).sort()).toEqual(['README.txt', 'data.json']);
    expect(strFromU8(files['README.txt']!)).toContain('uploaded_files');
    const text = strFromU8(files['data.json']!);
    const data = JSON.parse(text);
    const appUrl = ctx.app.config.APP_URL;

    expect(data.profile).toMatchObject({
      name: 'Sarah Okafor',
      email: PERSON,
      user_type: 'Leader',
      level: 3,
      manager: true,
      settings: { digest_frequency: 'weekly' },
    });
    expect(data.sign_in_identities).toEqual([expect.objectContaining({ provider: 'google', email: 'sarah@gmail.example', email_verified: true })]);
    const openItem = { ref: 'itemopen0001', title: 'Open Songbook', url: `${appUrl}/i/itemopen0001` };
    expect(data.affirmations).toEqual([expect.objectContaining({ item: openItem, affirmation: 'Helpful', strength: 'strong' })]);
    expect(data.comments).toEqual([
      expect.objectContaining({ item: openItem, comment: 'Sarah loved this songbook', approved: true }),
      expect.objectContaining({ item: null, comment: 'Sarah on a draft' }),
    ]);
    expect(data.collections).toEqual([
      expect.objectContaining({
        title: 'Sarah’s picks',
        url: `${appUrl}/collection/collpicks001`,
        entries: [
          expect.objectContaining({ section: 'Songs', note: 'great for camp', item: openItem }),
          expect.objectContaining({ section: 'Songs', note: 'waiting for this one', item: null }),
        ],
      }),
    ]);
    expect(data.follows).toEqual([{ kind: 'search', label: 'easter', url: expect.stringContaining(`${appUrl}/item?`) }]);
    expect(data.shares_sent).toEqual([expect.objectContaining({ title: 'Open Songbook', shared_with: 'friend@example.net', level: 2 })]);
    expect(data.shares_received).toEqual([expect.objectContaining({ title: 'Open Songbook', shared_by: 'James Whitfield', level: 3 })]);
    expect(data.invitations_sent).toEqual([
      expect.objectContaining({ user_type: 'Member', note_to_self: 'for the youth group', sent_to: ['newbie@example.net'], state: 'active' }),
    ]);
    expect(data.invitations_received).toEqual([
      expect.objectContaining({ user_type: 'Staff', invited_by: 'James Whitfield', accepted_at: expect.any(String) }),
    ]);
    expect(data.access_requests).toEqual([expect.objectContaining({ item: null, level: 3 })]);
    expect(data.access_tokens).toEqual([expect.objectContaining({ name: 'Sarah’s script', revoked_at: null })]);
    expect(data.history).toEqual(
      expect.arrayContaining([
        expect.objectContaining({ by: 'you', summary: 'Created the item', item: expect.objectContaining({ ref: 'itemown00001' }) }),
        expect.objectContaining({ by: 'you', summary: 'Added content “Sarah upload.pdf”' }),
        expect.objectContaining({ by: 'you', summary: 'Added an image' }),
        expect.objectContaining({ by: 'someone else', summary: 'Changed a user’s type or flags', changes: [{ field: 'manager', from: 'No', to: 'Yes' }] }),
        // The superadmin who acted as the person, above: the person learns that it happened, not who.
        expect.objectContaining({ by: 'someone else', summary: 'Started acting as another user', item: null }),
      ]),
    );
    expect(data.history).toHaveLength(5);
    expect(data.uploaded_files).toEqual([
      expect.objectContaining({ kind: 'content', name: 'Sarah upload.pdf', url: `${appUrl}/content/contentup001` }),
      expect.objectContaining({ kind: 'image', url: `${appUrl}/image/imageup00001` }),
    ]);

    for (const secret of [
      ...OTHERS_SECRETS,
      LOCKED_TITLE,
      'James private topic',
      'Grace Adeyemi',
      'Tom Fraser',
      'token_hash',
      'drive-file-1',
      'google-sarah',
    ]) {
      expect(text, `data.json holds “${secret}”`).not.toContain(secret);
    }
  });

  it('answers 404 to anyone else signed in, as for an unknown token, and sends visitors to sign in', async () => {
    const otherJar = await ctx.as(OTHER);
    const other = await download(link, otherJar);
    expect(other.statusCode).toBe(404);
    const unknownLink = `/profile/data-export/${'x'.repeat(43)}`;
    const unknown = await download(unknownLink, otherJar);
    expect(unknown.statusCode).toBe(404);
    // The same page, but for the address it answers.
    expect(other.body.replaceAll(token, 'x'.repeat(43))).toBe(unknown.body);
    expect((await download(unknownLink, await ctx.as(PERSON))).statusCode).toBe(404);
    expect((await download('/profile/data-export/not-a-token', await ctx.as(PERSON))).statusCode).toBe(404);

    // Someone acting as the person is not the person.
    expect((await download(link, await actingAsPerson())).statusCode).toBe(404);

    const visitor = await download(link);
    expect(visitor.statusCode).toBe(302);
    expect(visitor.headers.location).toBe(`/login?${new URLSearchParams({ return_to: link })}`);
  });

  it('keeps the token out of the request log', async () => {
    await ctx.app.requestLog.flush();
    const logged = await db().select().from(httpRequests);
    expect(JSON.stringify(logged)).not.toContain(token);
    expect(logged.some((row) => row.url === `/profile/data-export/${REDACTED}`)).toBe(true);
    expect(redactUrl(`${ctx.app.config.APP_URL}${link}`)).toBe(`${ctx.app.config.APP_URL}/profile/data-export/${REDACTED}`);
    expect(redactUrl(`/login?return_to=${encodeURIComponent(link)}`)).not.toContain(token);
  });

  it('stops working after 7 days (410), and the sweep deletes the file', async () => {
    const [row] = await exportRows();
    const file = archivePath(exportsDirIn(dataDir), row!.ref);
    // A day before the end, the sweep leaves it.
    expect(await sweepDataExports(run(new Date(preparedAt.getTime() + 6 * DAY_MS)))).toEqual({ expired: 0, strayFiles: 0 });
    expect(existsSync(file)).toBe(true);

    expect(await sweepDataExports(run(new Date(preparedAt.getTime() + 7 * DAY_MS)))).toEqual({ expired: 1, strayFiles: 0 });
    expect(existsSync(file)).toBe(false);
    expect((await exportRows())[0]).toMatchObject({ state: 'expired' });

    const jar = await ctx.as(PERSON);
    const expired = await download(link, jar);
    expect(expired.statusCode).toBe(410);
    expectInertia(expired).props({ detail: DATA_EXPORT_MESSAGES.linkExpired });
    // Still nobody else's: an expired link answers others as an unknown one.
    expect((await download(link, await ctx.as(OTHER))).statusCode).toBe(404);
    expect((await section(jar)).exports[0]).toMatchObject({ state: 'expired', expiresAt: null });
  });

  it('answers 410 once the link’s time is up, before the sweep', async () => {
    const jar = await ctx.as(PERSON);
    await send(ctx.app, jar, 'POST', '/profile/data-export');
    const now = new Date();
    await prepareDataExports(run(now));
    const [mail] = await db()
      .select()
      .from(mailOutbox)
      .where(eq(mailOutbox.toAddress, PERSON))
      .orderBy(sql`${mailOutbox.id} desc`)
      .limit(1);
    const second = /\/profile\/data-export\/[A-Za-z0-9_-]{43}/.exec(mail!.textBody)![0];
    expect((await download(second, jar)).statusCode).toBe(200);
    await db()
      .update(dataExports)
      .set({ expiresAt: new Date(Date.now() - 1000) })
      .where(eq(dataExports.state, 'ready'));
    expect((await download(second, jar)).statusCode).toBe(410);
  });

  it('refuses more than three requests a day, changing nothing', async () => {
    const jar = await ctx.as(PERSON);
    await send(ctx.app, jar, 'POST', '/profile/data-export');
    expect((await nextPage(ctx.app, jar)).notices).toEqual([DATA_EXPORT_MESSAGES.requested]);
    await prepareDataExports(run(new Date()));
    const before = await exportRows();
    expect(before).toHaveLength(3);
    await send(ctx.app, jar, 'POST', '/profile/data-export');
    expect((await nextPage(ctx.app, jar)).notices).toEqual([DATA_EXPORT_MESSAGES.tooMany]);
    expect(await exportRows()).toEqual(before);
  });

  it('removes files that no request owns any more', async () => {
    const person = await userId(db(), PERSON);
    const refs = (await exportRows()).map((row) => row.ref);
    await db().delete(dataExports).where(eq(dataExports.userId, person));
    const later = new Date(Date.now() + 2 * 60 * 60_000);
    const swept = await sweepDataExports(run(later));
    expect(swept.strayFiles).toBeGreaterThan(0);
    for (const ref of refs) expect(existsSync(archivePath(exportsDirIn(dataDir), ref))).toBe(false);
  });
});
