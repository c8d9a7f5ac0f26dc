/** A grant must open what it shares (issue 15 §2): a level below the item's (or file's) minimum is refused under `level`. */
import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { VISIBILITY } from '../../shared/enums';
import { SHARE_MESSAGES, type SharingExplanation } from '../../shared/sharing';
import type { DatabaseHandle } from '../../server/db/client';
import { contents, items, mailOutbox, users } from '../../server/db/schema';
import { SHARING_TEXTS } from '../../server/features/sharing/explanation';
import { useTestApp, type CookieJar } from '../support/app';
import { nextPage, send, visit } from '../support/http';
import { sessionAs, SIGN_IN_OFTEN } from '../support/sessions';
import { ADMIN, AFFILIATE, CONTENT, ITEMS, LEADER, seedSharingLibrary, sharesTo, STAFF } from './sharing-fixture';

const MORE = {
  /** A staff-level item the leader (level 3) maintains. */
  aboveMaintainer: 'sharemaint01',
  /** A public item that expired yesterday. */
  expired: 'shareexpird1',
} as const;
const EXPIRED_FILE = 'sharecexpird';

async function seed(handle: DatabaseHandle): Promise<void> {
  await seedSharingLibrary(handle);
  const [leader] = await handle.db.select({ id: users.id }).from(users).where(eq(users.email, LEADER));
  const [, expired] = await handle.db
    .insert(items)
    .values([
      { ref: MORE.aboveMaintainer, code: 'SH-5', title: 'Staff Rota', visibility: VISIBILITY.DISCOVERABLE, minimumAccessLevel: 4, createdByUserId: leader!.id },
      {
        ref: MORE.expired,
        code: 'SH-6',
        title: 'Old Camp Guide',
        visibility: VISIBILITY.DISCOVERABLE,
        minimumAccessLevel: 0,
        expiresAt: new Date(Date.now() - 86_400_000),
      },
    ])
    .returning({ id: items.id });
  await handle.db.insert(contents).values({ ref: EXPIRED_FILE, itemId: expired!.id, label: 'Old map', format: 'pdf', position: 0 });
}

const testApp = useTestApp({ env: { ...SIGN_IN_OFTEN, APP_URL: 'http://localhost:3000' }, seed });
const as = (email: string) => sessionAs(testApp.app, email);
const db = () => testApp.app.db;

async function mailTo(email: string) {
  return db().select().from(mailOutbox).where(eq(mailOutbox.toAddress, email));
}

/** Grants from `path` and answers the errors the next page shows. */
async function grantErrors(jar: CookieJar, path: string, level: number, email: string) {
  const response = await send(testApp.app, jar, 'POST', `${path}/share`, { level, email, daysValidity: 90 });
  expect(response.statusCode).toBe(303);
  return (await nextPage(testApp.app, jar)).errors;
}

/** Asserts nothing was saved for or sent to `email`. */
async function expectNothingFor(email: string) {
  expect(await sharesTo(db(), email)).toHaveLength(0);
  expect(await mailTo(email)).toHaveLength(0);
}

describe('a grant below the lowest level that opens what it shares', () => {
  it('is refused for an item under level, naming its minimum, with nothing saved or e-mailed', async () => {
    const staff = await as(STAFF);
    expect(await grantErrors(staff, `/i/${ITEMS.staff}`, 2, 'below@example.com')).toEqual({ level: SHARE_MESSAGES.belowOpeningLevel(4, 4, 'item') });
    expect(await grantErrors(staff, `/i/${ITEMS.leaders}`, 2, 'below@example.com')).toEqual({ level: SHARE_MESSAGES.belowOpeningLevel(3, 4, 'item') });
    await expectNothingFor('below@example.com');
    expect(SHARE_MESSAGES.belowOpeningLevel(4, 4, 'item')).toBe('A grant below level 4 (Staff) would not open this item: choose level 4 or above.');
  });

  it('is granted, saved and e-mailed at the item’s minimum', async () => {
    const staff = await as(STAFF);
    expect(await grantErrors(staff, `/i/${ITEMS.staff}`, 4, 'atminimum@example.com')).toEqual({});
    expect(await sharesTo(db(), 'atminimum@example.com')).toMatchObject([{ level: 4, sharedType: 'item' }]);
    expect(await mailTo('atminimum@example.com')).toHaveLength(1);
  });

  it('is refused even when the recipient’s own level would open the item: the grant itself gives nothing', async () => {
    expect(await grantErrors(await as(ADMIN), `/i/${ITEMS.staff}`, 3, STAFF)).toEqual({ level: SHARE_MESSAGES.belowOpeningLevel(4, 6, 'item') });
    expect(await mailTo(STAFF)).toHaveLength(0);
  });

  it('for a file, takes the higher of the file’s minimum and its item’s', async () => {
    const staff = await as(STAFF);
    // A leaders' file in a public item.
    expect(await grantErrors(staff, `/content/${CONTENT.openLeaders}`, 2, 'file@example.com')).toEqual({
      level: SHARE_MESSAGES.belowOpeningLevel(3, 4, 'file'),
    });
    // A public file in a staff item.
    expect(await grantErrors(staff, `/content/${CONTENT.staffPublic}`, 3, 'file@example.com')).toEqual({
      level: SHARE_MESSAGES.belowOpeningLevel(4, 4, 'file'),
    });
    await expectNothingFor('file@example.com');
    expect(await grantErrors(staff, `/content/${CONTENT.openLeaders}`, 3, 'file@example.com')).toEqual({});
    expect(await sharesTo(db(), 'file@example.com')).toMatchObject([{ level: 3, sharedType: 'item_content' }]);
  });

  it('tells a maintainer below their item’s minimum that no level they may grant opens it', async () => {
    const leader = await as(LEADER);
    expect(await grantErrors(leader, `/i/${MORE.aboveMaintainer}`, 3, 'rota@example.com')).toEqual({ level: SHARE_MESSAGES.belowOpeningLevel(4, 3, 'item') });
    expect(await grantErrors(leader, `/i/${MORE.aboveMaintainer}`, 4, 'rota@example.com')).toEqual({ level: SHARE_MESSAGES.level(3) });
    await expectNothingFor('rota@example.com');
    expect(SHARE_MESSAGES.belowOpeningLevel(4, 3, 'item')).toBe('Only level 4 (Staff) or above opens this item, which is more than you can grant.');
  });

  it('is refused at every level for what no grant opens: a draft, an unpublished file, an expired item', async () => {
    expect(await grantErrors(await as(LEADER), `/i/${ITEMS.draft}`, 3, 'nothing@example.com')).toEqual({ level: SHARE_MESSAGES.notPublished('item') });
    const admin = await as(ADMIN);
    expect(await grantErrors(admin, `/content/${CONTENT.openUnpublished}`, 6, 'nothing@example.com')).toEqual({ level: SHARE_MESSAGES.notPublished('file') });
    expect(await grantErrors(admin, `/i/${MORE.expired}`, 6, 'nothing@example.com')).toEqual({ level: SHARE_MESSAGES.expired('item') });
    expect(await grantErrors(admin, `/content/${EXPIRED_FILE}`, 2, 'nothing@example.com')).toEqual({ level: SHARE_MESSAGES.expired('file') });
    await expectNothingFor('nothing@example.com');
  });

  it('still refuses a level above the sharer’s own with that message first', async () => {
    expect(await grantErrors(await as(AFFILIATE), `/i/${ITEMS.open}`, 3, 'above@example.com')).toEqual({ level: SHARE_MESSAGES.level(2) });
    await expectNothingFor('above@example.com');
  });
});

describe('the sharing explanation’s word on grants', () => {
  async function shareText(email: string, ref: string): Promise<string> {
    const headers = { 'x-inertia-partial-component': 'items/Show', 'x-inertia-partial-data': 'sharingExplanation' };
    const { page } = await visit(testApp.app, `/i/${ref}`, await as(email), headers);
    return (page.props.sharingExplanation as SharingExplanation).shareText;
  }

  it('names the levels the grant route accepts: from the lowest that opens the item to the sharer’s own', async () => {
    expect(await shareText(STAFF, ITEMS.leaders)).toMatch(/^You can grant one person access to this item at a level from 3 to 4,/);
    expect(await shareText(STAFF, ITEMS.staff)).toMatch(/^You can grant one person access to this item at level 4 \(Staff\),/);
    expect(await shareText(STAFF, ITEMS.open)).toMatch(/^You can grant one person access to this item at a level from 2 to 4,/);
  });

  it('says no grant is possible when no level the sharer may give opens the item', async () => {
    expect(await shareText(LEADER, MORE.aboveMaintainer)).toBe(`${SHARING_TEXTS.noGrantOpens} ${SHARING_TEXTS.linkOnly}`);
    expect(await shareText(LEADER, ITEMS.draft)).toBe(`${SHARING_TEXTS.noGrantOpens} ${SHARING_TEXTS.linkOnly}`);
  });
});
