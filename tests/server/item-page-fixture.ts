/** A small, hand-made library for the item page, affirmation and relation tests. */
import { eq } from 'drizzle-orm';
import { VISIBILITY } from '../../shared/enums';
import type { DatabaseHandle } from '../../server/db/client';
import {
  affirmationOptions,
  characteristics,
  itemAffirmations,
  itemCharacteristics,
  itemImages,
  items,
  itemTags,
  relations,
  shares,
  tags,
  tasks,
  taxonomies,
  users,
} from '../../server/db/schema';
import type { CookieJar, TestApp } from '../support/app';
import { inertiaHeaders, signInAs, xsrfHeader } from '../support/http';
import { seedDemoAccounts } from '../support/seed';

export const REFS = {
  public: 'itempublic01',
  related: 'itemrelated1',
  members: 'itemmembers1',
  staff: 'itemstaff001',
  draft: 'itemdraft001',
  pending: 'itempending1',
  hidden: 'itemhidden01',
  unlisted: 'itemunlisted',
  expired: 'itemexpired1',
  expiring: 'itemexpiring',
  shared: 'itemshared01',
  counted: 'itemcounted1',
} as const;

export const TITLES: Record<keyof typeof REFS, string> = {
  public: 'Assembly Plan: The Lost Sheep',
  related: 'Lost Coin Drama Script',
  members: 'Camp Songbook',
  staff: 'Staff Safeguarding Procedures',
  draft: 'Unfinished Easter Trail',
  pending: 'Harvest Quiz Awaiting Review',
  hidden: 'Withdrawn Residential Risk Form',
  unlisted: 'Youth Weekend Packing List',
  expired: 'Christmas Assembly 2019',
  expiring: 'Summer Mission Rota',
  shared: 'Team Budget Planning Notes',
  counted: 'Prayer Stations Guide',
};

export const OPTION_REFS = { helpful: 'optionhelpful', outdated: 'optionoutdated' } as const;
export const EXPIRED_NOTE = 'Replaced by the 2025 edition.';

const DAY_MS = 24 * 60 * 60 * 1000;

async function userIds(handle: DatabaseHandle): Promise<Record<string, number>> {
  const rows = await handle.db.select({ id: users.id, email: users.email }).from(users);
  return Object.fromEntries(rows.map((row) => [row.email!.split('@')[0], row.id]));
}

export async function seedItemLibrary(handle: DatabaseHandle): Promise<void> {
  await seedDemoAccounts(handle);
  const db = handle.db;
  const user = await userIds(handle);
  const now = Date.now();
  const published = { visibility: VISIBILITY.DISCOVERABLE, minimumAccessLevel: 0 };
  const rows = await db
    .insert(items)
    .values([
      {
        ref: REFS.public,
        code: 'EQ-00001',
        title: TITLES.public,
        topic: 'Schools work',
        blurb: 'A ten-minute assembly.',
        authors: ['Ruth Ellis'],
        ...published,
        createdByUserId: user.team,
        availableExternalLink: 'https://example.com/lost-sheep',
        initialPublicationYearMonth: '2021-09',
        lastUpdatedYearMonth: '2024-02',
        googleDriveFolderId: 'drive-folder-1',
        review: 'Check the film clip licence.',
      },
      { ref: REFS.related, code: 'EQ-00002', title: TITLES.related, ...published, createdByUserId: user.staff, showCreatedBy: true },
      { ref: REFS.members, code: 'EQ-00003', title: TITLES.members, visibility: VISIBILITY.DISCOVERABLE, minimumAccessLevel: 1 },
      { ref: REFS.staff, code: 'EQ-00004', title: TITLES.staff, visibility: VISIBILITY.DISCOVERABLE, minimumAccessLevel: 4 },
      { ref: REFS.draft, code: 'EQ-00005', title: TITLES.draft, visibility: VISIBILITY.DRAFT, minimumAccessLevel: 0, createdByUserId: user.member },
      { ref: REFS.pending, code: 'EQ-00006', title: TITLES.pending, visibility: VISIBILITY.PENDING, minimumAccessLevel: 0, createdByUserId: user.affiliate },
      { ref: REFS.hidden, code: 'EQ-00007', title: TITLES.hidden, visibility: VISIBILITY.HIDDEN, minimumAccessLevel: 0 },
      { ref: REFS.unlisted, code: 'EQ-00008', title: TITLES.unlisted, visibility: VISIBILITY.UNLISTED, minimumAccessLevel: 0 },
      {
        ref: REFS.expired,
        code: 'EQ-00009',
        title: TITLES.expired,
        ...published,
        createdByUserId: user.leader,
        expiresAt: new Date(now - DAY_MS),
        expiresNote: EXPIRED_NOTE,
      },
      { ref: REFS.expiring, code: 'EQ-00010', title: TITLES.expiring, ...published, expiresAt: new Date(now + 10 * DAY_MS) },
      { ref: REFS.shared, code: 'EQ-00011', title: TITLES.shared, visibility: VISIBILITY.DISCOVERABLE, minimumAccessLevel: 5 },
      { ref: REFS.counted, code: 'EQ-00012', title: TITLES.counted, ...published },
    ])
    .returning({ id: items.id, ref: items.ref });
  const id = Object.fromEntries(rows.map((row) => [row.ref, row.id])) as Record<string, number>;
  const publicId = id[REFS.public];

  await db.insert(itemImages).values([
    { ref: 'imagesheep01', itemId: publicId, extension: 'jpg', storageKey: 'sheep-1.jpg', position: 0 },
    { ref: 'imagesheep02', itemId: publicId, extension: 'png', storageKey: 'sheep-2.png', position: 1 },
  ]);
  await seedTags(handle, publicId);
  await seedCharacteristics(handle, publicId);

  await db.insert(tasks).values([
    {
      ref: 'taskoverdue1',
      itemId: publicId,
      task: 'Check the film clip links',
      priority: 3,
      dueDate: isoDay(now - 2 * DAY_MS),
      forUserId: user.team,
      byUserId: user.admin,
    },
    {
      ref: 'tasksoon0001',
      itemId: publicId,
      task: 'Add a Welsh translation',
      priority: 1,
      dueDate: isoDay(now + 3 * DAY_MS),
      forUserId: user.staff,
      byUserId: user.admin,
    },
    { ref: 'taskdone0001', itemId: publicId, task: 'Proofread the script', priority: 2, completedAt: new Date(now - DAY_MS), byUserId: user.admin },
  ]);

  await db.insert(relations).values([
    { ref: 'relrelated01', itemId: publicId, relatedItemId: id[REFS.related], adminApproved: true, createdByUserId: user.admin },
    // The same pair the other way round, as older data may hold it: shown once.
    { ref: 'relrelated02', itemId: id[REFS.related], relatedItemId: publicId, adminApproved: false, createdByUserId: user.leader },
    { ref: 'relstaff0001', itemId: publicId, relatedItemId: id[REFS.staff], adminApproved: false, createdByUserId: user.staff },
    { ref: 'reldraft0001', itemId: publicId, relatedItemId: id[REFS.draft], adminApproved: false, createdByUserId: user.member },
    { ref: 'relexpired01', itemId: id[REFS.expired], relatedItemId: publicId, adminApproved: true, createdByUserId: user.admin },
  ]);

  const options = await db
    .insert(affirmationOptions)
    .values([
      { ref: OPTION_REFS.helpful, title: 'Helpful', isNegative: false, position: 0 },
      { ref: OPTION_REFS.outdated, title: 'Outdated', isNegative: true, position: 1 },
    ])
    .returning({ id: affirmationOptions.id });
  await db.insert(itemAffirmations).values([
    { itemId: publicId, affirmationOptionId: options[0].id, userId: user.leader, value: 2 },
    { itemId: publicId, affirmationOptionId: options[0].id, userId: user.staff, value: 1 },
    { itemId: publicId, affirmationOptionId: options[1].id, userId: user.manager, value: 1 },
  ]);

  await db.insert(shares).values([
    { sharedType: 'item', itemId: id[REFS.shared], toEmail: 'affiliate@example.org', toUserId: user.affiliate, level: 5, fromUserId: user.team },
    // Addressed by e-mail only: reaches the member through their verified address.
    { sharedType: 'item', itemId: id[REFS.shared], toEmail: 'member@example.org', level: 5, fromUserId: user.team, expiresAt: new Date(now + 30 * DAY_MS) },
    {
      sharedType: 'item',
      itemId: id[REFS.shared],
      toEmail: 'leader@example.org',
      toUserId: user.leader,
      level: 5,
      fromUserId: user.team,
      expiresAt: new Date(now - DAY_MS),
    },
    // Below the item's level: grants nothing.
    { sharedType: 'item', itemId: id[REFS.shared], toEmail: 'staff@example.org', toUserId: user.staff, level: 3, fromUserId: user.team },
  ]);
}

async function seedTags(handle: DatabaseHandle, itemId: number): Promise<void> {
  const db = handle.db;
  const [type, age, curation] = await db
    .insert(taxonomies)
    .values([
      { ref: 'taxtype00001', title: 'Type', required: true, position: 0 },
      { ref: 'taxage000001', title: 'Age Group', multiselect: true, position: 1 },
      { ref: 'taxcuration1', title: 'Curation Status', public: false, showInFiltering: false, position: 2 },
    ])
    .returning({ id: taxonomies.id });
  const [children] = await db.insert(tags).values({ ref: 'tagchildren1', taxonomyId: age.id, label: 'Children' }).returning({ id: tags.id });
  const tagRows = await db
    .insert(tags)
    .values([
      { ref: 'tagresource1', taxonomyId: type.id, label: 'Resource' },
      { ref: 'tagprimary01', taxonomyId: age.id, label: 'Primary', parentId: children.id },
      { ref: 'tagstaffpick', taxonomyId: curation.id, label: 'Staff Pick' },
    ])
    .returning({ id: tags.id });
  await db.insert(itemTags).values(tagRows.map((tag) => ({ itemId, tagId: tag.id })));
}

async function seedCharacteristics(handle: DatabaseHandle, itemId: number): Promise<void> {
  const db = handle.db;
  const [length, value] = await db
    .insert(characteristics)
    .values([
      { ref: 'charlength01', title: 'Session length (minutes)', format: 'integer', public: true, position: 0 },
      { ref: 'charvalue001', title: 'Replacement value (£)', format: 'integer', public: false, position: 1 },
      { ref: 'chargroup001', title: 'Group size', format: 'text', public: true, position: 2 },
    ])
    .returning({ id: characteristics.id });
  await db.insert(itemCharacteristics).values([
    { itemId, characteristicId: length.id, value: '10' },
    { itemId, characteristicId: value.id, value: '250' },
  ]);
}

function isoDay(epochMs: number): string {
  return new Date(epochMs).toISOString().slice(0, 10);
}

export async function itemIdOf(handle: DatabaseHandle, ref: string): Promise<number> {
  const [row] = await handle.db.select({ id: items.id }).from(items).where(eq(items.ref, ref));
  return row.id;
}

export type Who = 'anonymous' | 'member' | 'affiliate' | 'leader' | 'staff' | 'team' | 'admin';

/** Signs each demo person in once per test file (demo sign-in is rate limited); anonymous has no jar. */
export function signedInJars(ctx: TestApp): (who: Who) => Promise<CookieJar | undefined> {
  const jars = new Map<Who, CookieJar>();
  return async (who) => {
    if (who === 'anonymous') return undefined;
    if (!jars.has(who)) jars.set(who, await signInAs(ctx.app, `${who}@example.org`));
    return jars.get(who);
  };
}

/** An Inertia call from the item page, as the client makes it (CSRF header, Referer of the page). */
export async function callFromItemPage(ctx: TestApp, jar: CookieJar | undefined, method: 'POST' | 'DELETE', url: string, pageRef: string, payload?: object) {
  const csrf = jar ? xsrfHeader(jar) : {};
  const response = await ctx.app.inject({
    method,
    url,
    headers: {
      ...(await inertiaHeaders(ctx.app)),
      ...csrf,
      referer: `http://localhost/i/${pageRef}`,
      ...(payload ? { 'content-type': 'application/json' } : {}),
    },
    payload: payload ? JSON.stringify(payload) : undefined,
  });
  jar?.store(response);
  return response;
}
