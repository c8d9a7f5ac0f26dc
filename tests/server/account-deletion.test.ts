/**
 * Deleting an account (docs/decisions/access.md "Deleting an account"): a person deletes their own from the profile,
 * confirmed by a typed word; it goes to the trash as an admin's delete sends it; signing in within the retention
 * brings it back whole; and the purge leaves nothing of them in any table but their comments, signed by no one, and
 * the items they maintained, now an admin's. An admin's delete is not undone by signing in.
 */
import { describe, expect, it } from 'vitest';
import { and, eq, sql } from 'drizzle-orm';
import {
  accessRequests,
  adminActionRuns,
  affirmationOptions,
  changeHistory,
  characteristicFormatChanges,
  characteristics,
  collectionItems,
  collections,
  commentFlags,
  commentRemovals,
  comments,
  follows,
  httpRequests,
  identities,
  invitations,
  itemAffirmations,
  itemViews,
  mailOutbox,
  personalAccessTokens,
  relations,
  shareRemovals,
  shares,
  tags,
  tasks,
  trashEntries,
  users,
  userTypes,
} from '../../server/db/schema';
import { sqlRows } from '../../server/db/sql-rows';
import { purgeOldTrash } from '../../server/features/trash/purge';
import { expectInertia, pageProps } from '../../server/inertia/testing';
import { DELETE_ACCOUNT_MESSAGES, DELETE_ACCOUNT_URL, DEMO_ACCOUNT_DELETED_ROLE } from '../../shared/account-deletion';
import { DAY_MS } from '../../shared/dates';
import { useTestApp, type CookieJar } from '../support/app';
import { csrfJar, nextPage, send, visit, xsrfHeader } from '../support/http';
import { useOidcProvider } from '../support/oidc';
import { sessionAs } from '../support/sessions';
import { providerSignIn } from './auth/helpers';
import { ADMIN, MAINTAINER, OTHER_MEMBER, createItem, seedEditingLibrary, userId } from './item-editing-fixtures';

const oidc = useOidcProvider({ RATE_LIMIT_SIGN_IN_MAX: '10000' });
const context = useTestApp({ env: oidc.env, seed: seedEditingLibrary });
const db = () => context.app.db;
const as = (email: string | null) => sessionAs(context.app, email);
const signInWithGoogle = providerSignIn(context, oidc);

const SUPERADMIN = 'superadmin@example.org';
const NAME = 'Zebediah Quillfeather';
const EMAIL = 'zeb.quill@example.net';
const GOOGLE = { sub: 'g-zebediah', email: EMAIL, email_verified: true, name: NAME };

async function personRow() {
  const [row] = await db().select().from(users).where(eq(users.email, EMAIL));
  return row;
}

/** Signs the person in through the provider; the jar, and the notices the page they land on shows. */
async function personSignsIn() {
  const { response, jar } = await signInWithGoogle('google', GOOGLE);
  expect(response.statusCode).toBe(302);
  const { notices } = await nextPage(context.app, jar);
  return { jar, notices, location: response.headers.location };
}

async function deleteOwnAccount(jar: CookieJar, confirmation: unknown) {
  const response = await send(context.app, jar, 'DELETE', DELETE_ACCOUNT_URL, { confirmation });
  return { response, next: await nextPage(context.app, jar) };
}

/** Every foreign key to users.id, from the database's catalog. */
async function referencesToUsers(): Promise<{ table: string; column: string }[]> {
  return sqlRows(
    db(),
    sql`select child.relname as "table", attribute.attname as "column"
        from pg_constraint key
        join pg_class child on child.oid = key.conrelid
        join pg_attribute attribute on attribute.attrelid = key.conrelid and attribute.attnum = key.conkey[1]
        where key.contype = 'f' and key.confrelid = 'users'::regclass
        order by 1, 2`,
  );
}

/** Every column of every table that can hold text (text, character varying, json, jsonb, and arrays of them). */
async function textColumns(): Promise<{ table: string; column: string }[]> {
  return sqlRows(
    db(),
    sql`select class.relname as "table", attribute.attname as "column"
        from pg_class class
        join pg_attribute attribute on attribute.attrelid = class.oid and attribute.attnum > 0 and not attribute.attisdropped
        where class.relnamespace = 'public'::regnamespace and class.relkind = 'r'
          and format_type(attribute.atttypid, attribute.atttypmod) ~ '^(text|character varying|jsonb?)'
        order by 1, 2`,
  );
}

const identifier = (name: string) => sql.identifier(name);

async function countWhere(table: string, condition: ReturnType<typeof sql>): Promise<number> {
  const [row] = await sqlRows<{ total: number }>(db(), sql`select count(*)::integer as total from ${identifier(table)} t where ${condition}`);
  return Number(row!.total);
}

/** The rows of the person's, one or more in every table that references users: the catalog says which must be there. */
async function furnish(personId: number) {
  const admin = await userId(db(), ADMIN);
  const member = await userId(db(), OTHER_MEMBER);
  const maintained = await createItem(db(), { owner: EMAIL, title: 'Harvest songs', visibility: 50 });
  const personPage = await createItem(db(), { owner: EMAIL, title: NAME, visibility: 50 });
  await db().update(users).set({ personItemId: personPage.id }).where(eq(users.id, personId));
  const discussed = await createItem(db(), { owner: MAINTAINER, title: 'Camp games', visibility: 50 });
  const related = await createItem(db(), { owner: MAINTAINER, title: 'Camp songs', visibility: 50 });
  const trashedLater = await createItem(db(), { owner: MAINTAINER, title: 'Old camp rota', visibility: 50 });

  const [kept] = await db()
    .insert(comments)
    .values({ itemId: discussed.id, userId: personId, comment: 'We played this with forty children.', approved: true })
    .returning();
  const [theirsToTrash] = await db().insert(comments).values({ itemId: discussed.id, userId: personId, comment: 'A second thought.' }).returning();
  const [othersComment] = await db().insert(comments).values({ itemId: discussed.id, userId: member, comment: 'Ours too.', approved: true }).returning();
  await db().insert(commentFlags).values({ commentId: othersComment!.id, userId: personId, reason: 'spam' });
  await db()
    .insert(commentRemovals)
    .values([
      { authorId: personId, removedById: admin, reason: 'spam' },
      { authorId: member, removedById: personId, reason: 'spam' },
    ]);
  await db().insert(comments).values({ itemId: trashedLater.id, userId: personId, comment: 'Rota comment.' });

  const [collection] = await db().insert(collections).values({ userId: personId, title: 'Summer camp' }).returning();
  await db().insert(collectionItems).values({ collectionId: collection!.id, itemId: discussed.id });
  await db()
    .insert(follows)
    .values({ userId: personId, tagId: (await db().select().from(tags).where(eq(tags.label, 'Games')))[0]!.id });
  const [option] = await db().insert(affirmationOptions).values({ title: 'Helpful' }).returning();
  await db()
    .insert(itemAffirmations)
    .values([
      { itemId: discussed.id, affirmationOptionId: option!.id, userId: personId, value: 1 },
      { itemId: trashedLater.id, affirmationOptionId: option!.id, userId: personId, value: 2 },
    ]);
  await db()
    .insert(itemViews)
    .values([
      { itemId: discussed.id, userId: personId },
      { itemId: trashedLater.id, userId: personId },
    ]);
  await db().insert(accessRequests).values({ itemId: discussed.id, userId: personId, level: 3 });

  await db().transaction(async (tx) => {
    await tx.insert(shares).values([
      { sharedType: 'item', itemId: discussed.id, fromUserId: personId, toEmail: 'friend@example.net', level: 2 },
      { sharedType: 'item', itemId: related.id, fromUserId: admin, toEmail: EMAIL, toUserId: personId, level: 3 },
      { sharedType: 'item', itemId: trashedLater.id, fromUserId: personId, toEmail: 'friend@example.net', level: 2 },
    ]);
    const memberType = (await tx.select().from(userTypes).where(eq(userTypes.title, 'Member')))[0]!.id;
    const expiresAt = new Date(Date.now() + 7 * DAY_MS);
    await tx.insert(invitations).values([
      { tokenHash: 'a'.repeat(64), userTypeId: memberType, sentTo: ['friend@example.net'], createdByUserId: personId, expiresAt },
      {
        tokenHash: 'b'.repeat(64),
        userTypeId: memberType,
        sentTo: [EMAIL, 'other@example.net'],
        createdByUserId: admin,
        expiresAt,
        acceptedByUserId: personId,
      },
      { tokenHash: 'c'.repeat(64), userTypeId: memberType, sentTo: [EMAIL], createdByUserId: admin, expiresAt, declinedByUserId: personId },
    ]);
    await tx.insert(relations).values({ itemId: discussed.id, relatedItemId: related.id, createdByUserId: personId });
  });
  await db()
    .insert(shareRemovals)
    .values([
      { ref: 'removal00001', sharedType: 'item', itemId: discussed.id, fromUserId: personId, toEmail: 'friend@example.net', level: 2, sharedAt: new Date() },
      {
        ref: 'removal00002',
        sharedType: 'item',
        itemId: related.id,
        fromUserId: admin,
        toEmail: EMAIL,
        level: 2,
        sharedAt: new Date(),
        removedByUserId: personId,
      },
    ]);
  await db()
    .insert(tasks)
    .values([
      { itemId: discussed.id, task: 'Check the rules', forUserId: personId, byUserId: admin },
      { itemId: related.id, task: 'Add the chords', forUserId: admin, byUserId: personId },
    ]);
  const [licence] = await db().select().from(characteristics).where(eq(characteristics.title, 'Licence'));
  await db()
    .insert(characteristicFormatChanges)
    .values({ characteristicId: licence!.id, fromFormat: 'text', toFormat: 'text', converted: 0, removed: 0, changedByUserId: personId });
  await db()
    .insert(personalAccessTokens)
    .values({ userId: personId, name: 'Calendar sync', tokenHash: 'd'.repeat(64), prefix: 'equip_pat_abcdef' });
  await db()
    .insert(adminActionRuns)
    .values({ action: 'all-users', actorUserId: personId, status: 'done', report: `Users\n${NAME} <${EMAIL}>\nMaya Thompson <member@example.org>\n` });
  await db()
    .insert(mailOutbox)
    .values({ toAddress: 'friend@example.net', subject: `${NAME} shared an item with you`, textBody: `${NAME} shared Camp games.`, htmlBody: '<p>…</p>' });
  await db()
    .insert(httpRequests)
    .values({ method: 'GET', url: `/user/${(await personRow())!.ref}`, responseCode: 200 });
  if ((await referencesToUsers()).some((reference) => reference.table === 'data_exports'))
    await db().execute(sql`insert into data_exports (ref, user_id, state) values ('export000001', ${personId}, 'failed')`);
  // History naming them by id, as actor, impersonator and subject, and in what was recorded.
  await db()
    .insert(changeHistory)
    .values([
      { kind: 'impersonate', actorUserId: admin, subjectUserId: personId, changes: {} },
      {
        kind: 'item',
        operation: 'update',
        actorUserId: personId,
        impersonatorUserId: personId,
        itemId: maintained.id,
        changes: { created_by_user_id: [admin, personId] },
      },
      { kind: 'user', operation: 'update', actorUserId: admin, subjectUserId: personId, subjectId: personId, changes: { user_type_id: [1, 2] } },
    ]);

  // Something of theirs deleted by them (their own comment), and an item an admin deleted while they had rows on it.
  await send(context.app, await personJar(), 'DELETE', `/comment/${theirsToTrash!.ref}`);
  await send(context.app, await as(ADMIN), 'DELETE', `/i/${trashedLater.ref}`);
  const [adminTrashed] = await db()
    .select()
    .from(trashEntries)
    .where(and(eq(trashEntries.kind, 'item'), eq(trashEntries.subjectId, trashedLater.id)));
  await db().update(trashEntries).set({ impersonatorUserId: personId }).where(eq(trashEntries.id, adminTrashed!.id));
  return { maintained, personPage, discussed, kept: kept!, adminTrashedRef: adminTrashed!.ref };
}

let personSession: CookieJar | null = null;
let furnished: Awaited<ReturnType<typeof furnish>>;
async function personJar(): Promise<CookieJar> {
  personSession ??= (await personSignsIn()).jar;
  return personSession;
}

/** What the person has, as their restore must bring back. */
async function holdings(personId: number) {
  const count = (table: string, column: string) => countWhere(table, sql`t.${identifier(column)} = ${personId}`);
  return {
    identities: await count('identities', 'user_id'),
    collections: await count('collections', 'user_id'),
    follows: await count('follows', 'user_id'),
    affirmations: await count('item_affirmations', 'user_id'),
    tokens: await count('personal_access_tokens', 'user_id'),
    comments: await count('comments', 'user_id'),
    maintained: await count('items', 'created_by_user_id'),
    sharesGiven: await count('shares', 'from_user_id'),
    sharesReceived: await count('shares', 'to_user_id'),
    tasks: await count('tasks', 'for_user_id'),
  };
}

describe('deleting one’s own account', () => {
  it('furnishes a person with a row in every table that references users', async () => {
    const { jar } = await personSignsIn();
    personSession = jar;
    const person = (await personRow())!;
    furnished = await furnish(person.id);
    const missing: string[] = [];
    for (const { table, column } of await referencesToUsers()) {
      if ((await countWhere(table, sql`t.${identifier(column)} = ${person.id}`)) === 0) missing.push(`${table}.${column}`);
    }
    // A table added later with a reference to users needs its row here, so that the purge below is tested against it.
    expect(missing).toEqual([]);
  });

  it('says first what deleting the account changes, counted for this person', async () => {
    const { page } = await visit(context.app, '/profile', await personJar());
    expectInertia(page)
      .component('profile/Show')
      .prop('accountDeletion', {
        impact: {
          comments: 1,
          itemsMaintained: 2,
          collections: 1,
          follows: 1,
          affirmations: 1,
          sharesGiven: 1,
          sharesReceived: 1,
          tasksAssigned: 1,
          accessTokens: 1,
          personPage: true,
        },
        retentionDays: 30,
        refusal: null,
      });
  });

  it('refuses a wrong confirmation with the field’s error, changing nothing', async () => {
    const person = (await personRow())!;
    const before = await holdings(person.id);
    for (const confirmation of ['delete my account', '', 'DELET', 42, 'x'.repeat(200)]) {
      const { response, next } = await deleteOwnAccount(await personJar(), confirmation);
      expect(response.statusCode).toBe(303);
      expect(next.errors).toEqual({ confirmation: DELETE_ACCOUNT_MESSAGES.confirmationWrong });
    }
    const bare = await send(context.app, await personJar(), 'DELETE', DELETE_ACCOUNT_URL);
    expect(bare.statusCode).toBe(303);
    expect((await nextPage(context.app, await personJar())).errors).toEqual({ confirmation: DELETE_ACCOUNT_MESSAGES.confirmationWrong });
    expect(await personRow()).toBeDefined();
    expect(await holdings(person.id)).toEqual(before);
    expect(await countWhere('trash_entries', sql`t.kind = 'user'`)).toBe(0);
  });

  it('deletes only the viewer’s own account: a visitor is refused, and so is a superadmin acting as the person', async () => {
    const person = (await personRow())!;
    const visitor = await csrfJar(context.app);
    const anonymous = await context.app.inject({
      method: 'DELETE',
      url: DELETE_ACCOUNT_URL,
      headers: { ...xsrfHeader(visitor), 'content-type': 'application/json' },
      payload: JSON.stringify({ confirmation: 'DELETE' }),
    });
    expect(anonymous.statusCode).toBe(403);

    const superadmin = await as(SUPERADMIN);
    expect((await send(context.app, superadmin, 'POST', `/user/${person.ref}/impersonate`)).statusCode).toBe(303);
    const { page } = await visit(context.app, '/profile', superadmin);
    expect(page.props.accountDeletion.refusal).toBe(DELETE_ACCOUNT_MESSAGES.whileImpersonating);
    const acting = await send(context.app, superadmin, 'DELETE', DELETE_ACCOUNT_URL, { confirmation: 'DELETE' });
    expect(acting.statusCode).toBe(403);
    expect(await personRow()).toBeDefined();
    expect((await send(context.app, superadmin, 'POST', '/user/stop_impersonating')).statusCode).toBe(303);
    await nextPage(context.app, superadmin);

    // Naming someone else changes nothing: the route deletes the one who asks, whatever the body says.
    const other = await as('affiliate@example.org');
    const { response } = await deleteOwnAccount(other, 'DELETE');
    expect(response.statusCode).toBe(303);
    expect(await personRow()).toBeDefined();
    const [affiliate] = await db().select().from(users).where(eq(users.email, 'affiliate@example.org'));
    expect(affiliate).toBeUndefined();
    // The demo sign-in page still offers them, and signing in brings a person who deleted themselves back.
    const demoPage = (await visit(context.app, '/dev/login')).page.props.accounts as { email: string; roles: string[] }[];
    expect(demoPage.find((account) => account.email === 'affiliate@example.org')?.roles).toEqual([DEMO_ACCOUNT_DELETED_ROLE]);
    const back = await as('affiliate@example.org');
    expect((await visit(context.app, '/profile', back)).page.props.user.name).toBe('Daniel Mensah');
  });

  it('keeps the last superadmin and the last admin from deleting their own account', async () => {
    const { page } = await visit(context.app, '/profile', await as(SUPERADMIN));
    expect(page.props.accountDeletion.refusal).toBe(DELETE_ACCOUNT_MESSAGES.lastSuperadmin);
    expect((await send(context.app, await as(SUPERADMIN), 'DELETE', DELETE_ACCOUNT_URL, { confirmation: 'DELETE' })).statusCode).toBe(403);
    // An admin who is not the last one may.
    expect((await visit(context.app, '/profile', await as(ADMIN))).page.props.accountDeletion.refusal).toBeNull();
  });

  it('moves the account to the trash as an admin’s delete would, signs the person out and tells them how to come back', async () => {
    const person = (await personRow())!;
    const jar = await personJar();
    const { response, next } = await deleteOwnAccount(jar, '  delete ');
    expect(response.statusCode).toBe(303);
    expect(response.headers.location).toBe('/');
    expect(response.headers['clear-site-data']).toBe('"cache", "storage"');
    expect(next.notices).toEqual([DELETE_ACCOUNT_MESSAGES.deleted(30)]);
    expect((await visit(context.app, '/', jar)).page.props.auth.authenticated).toBe(false);
    personSession = null;

    expect(await personRow()).toBeUndefined();
    const [entry] = await db()
      .select()
      .from(trashEntries)
      .where(and(eq(trashEntries.kind, 'user'), eq(trashEntries.subjectId, person.id)));
    expect(entry).toMatchObject({ title: NAME, context: EMAIL, selfDeleted: true, deletedByUserId: null });
    const [event] = await db()
      .select()
      .from(changeHistory)
      .where(eq(changeHistory.kind, 'delete_user'))
      .orderBy(sql`id desc`)
      .limit(1);
    expect(event).toMatchObject({ actorUserId: person.id, changes: expect.objectContaining({ name: NAME, email: EMAIL }) });
    const [mail] = await db().select().from(mailOutbox).where(eq(mailOutbox.toAddress, EMAIL));
    expect(mail!.subject).toBe('Your Equip account is deleted');
    expect(mail!.textBody).toContain('sign in again within 30 days');

    // Meanwhile others see their comment signed by no one ("Former member"), and their items without a maintainer.
    const { page } = await visit(context.app, `/i/${furnished.discussed.ref}`, await as(OTHER_MEMBER));
    const shown = page.props.item.comments.find((each: { ref: string }) => each.ref === furnished.kept.ref);
    expect(shown).toMatchObject({ comment: 'We played this with forty children.', commenter: null, commenter_ref: null });
    expect(await countWhere('items', sql`t.title = 'Harvest songs' and t.created_by_user_id is null`)).toBe(1);
    // The trash page says who deleted them.
    const trash = pageProps((await visit(context.app, '/admin/trash?kind=user', await as(ADMIN))).response.json(), 'admin/trash/Index');
    expect(trash.entries.data.find((shown) => shown.ref === entry!.ref)!.deletedBy).toBe('themselves (signing in brings them back)');
  });

  it('brings the account back whole when the person signs in within the retention', async () => {
    const { notices, jar } = await personSignsIn();
    personSession = jar;
    expect(notices).toEqual([DELETE_ACCOUNT_MESSAGES.restored(NAME)]);
    const person = (await personRow())!;
    expect(await countWhere('trash_entries', sql`t.kind = 'user' and t.subject_id = ${person.id}`)).toBe(0);
    expect(await holdings(person.id)).toEqual({
      identities: 1,
      collections: 1,
      follows: 1,
      affirmations: 1,
      // Tokens go for good with the deletion: a restore lets no program in again.
      tokens: 0,
      comments: 1,
      maintained: 2,
      sharesGiven: 1,
      sharesReceived: 1,
      tasks: 1,
    });
    const [comment] = await db().select().from(comments).where(eq(comments.comment, 'We played this with forty children.'));
    expect(comment!.userId).toBe(person.id);
  });

  it('purges the account for good once the retention is over, leaving no trace of the person', async () => {
    const person = (await personRow())!;
    const superadmin = await userId(db(), SUPERADMIN);
    const otherEntry = (await db().select().from(trashEntries).where(eq(trashEntries.kind, 'item')))[0]!;
    expect((await deleteOwnAccount(await personJar(), 'DELETE')).response.statusCode).toBe(303);
    personSession = null;
    const [entry] = await db()
      .select()
      .from(trashEntries)
      .where(and(eq(trashEntries.kind, 'user'), eq(trashEntries.subjectId, person.id)));
    // The admin's deleted item stays in the trash past the purge: its rows must lose the person all the same.
    await db()
      .update(trashEntries)
      .set({ deletedAt: new Date(entry!.deletedAt.getTime() + 2 * DAY_MS) })
      .where(eq(trashEntries.id, otherEntry.id));
    const services = { drive: context.app.drive, removeImageFiles: async () => {}, log: context.app.log };
    expect(await purgeOldTrash(context.app, services, 30, new Date(entry!.deletedAt.getTime() + 29 * DAY_MS))).toBe(0);
    expect(await purgeOldTrash(context.app, services, 30, new Date(entry!.deletedAt.getTime() + 31 * DAY_MS))).toBeGreaterThanOrEqual(1);

    // What stays: the comment, signed by no one, and the items they maintained, now the longest-standing superadmin's.
    const [comment] = await db().select().from(comments).where(eq(comments.comment, 'We played this with forty children.'));
    expect(comment!.userId).toBeNull();
    expect(await countWhere('items', sql`t.title = 'Harvest songs' and t.created_by_user_id = ${superadmin}`)).toBe(1);
    // Their Person page went, and the things only they had (their collection) with their account.
    expect(await countWhere('items', sql`t.title = ${NAME}`)).toBe(0);
    expect(await countWhere('collections', sql`t.title = 'Summer camp'`)).toBe(0);
    expect(await countWhere('trash_entries', sql`t.id = ${otherEntry.id}`)).toBe(1);
    // Invitations stay their inviter's, without the person's address.
    expect(
      (
        await db()
          .select()
          .from(invitations)
          .where(eq(invitations.tokenHash, 'b'.repeat(64)))
      )[0]!.sentTo,
    ).toEqual(['other@example.net']);
    // The history keeps what was done, by no one's id.
    const [event] = await db()
      .select()
      .from(changeHistory)
      .where(eq(changeHistory.kind, 'delete_user'))
      .orderBy(sql`id desc`)
      .limit(1);
    expect(event).toMatchObject({ actorUserId: 0, changes: { ref: null, name: null, email: null, user_type: 'Member' } });

    const traces: string[] = [];
    for (const { table, column } of await referencesToUsers()) {
      if ((await countWhere(table, sql`t.${identifier(column)} = ${person.id}`)) > 0) traces.push(`${table}.${column}`);
    }
    for (const column of ['actor_user_id', 'impersonator_user_id', 'subject_user_id'])
      if ((await countWhere('change_history', sql`t.${identifier(column)} = ${person.id}`)) > 0) traces.push(`change_history.${column}`);
    if ((await countWhere('change_history', sql`t.kind = 'user' and t.subject_id = ${person.id}`)) > 0) traces.push('change_history.subject_id');
    if ((await countWhere('trash_entries', sql`t.kind = 'user' and t.subject_id = ${person.id}`)) > 0) traces.push('trash_entries.subject_id');
    const userColumns = [...new Set((await referencesToUsers()).map((reference) => reference.column))];
    const idPath = `$.** ? (${userColumns.map((column) => `@."${column}" == ${person.id}`).join(' || ')})`;
    for (const { table, column } of await textColumns()) {
      const text = sql`t.${identifier(column)}::text`;
      const named = sql`(${text} ilike ${`%${EMAIL}%`} or ${text} like ${'%Quillfeather%'} or ${text} like ${`%${person.ref}%`})`;
      if ((await countWhere(table, named)) > 0) traces.push(`${table}.${column} names them`);
      const json = await sqlRows<{ type: string }>(
        db(),
        sql`select format_type(atttypid, atttypmod) as type from pg_attribute where attrelid = ${table}::regclass and attname = ${column}`,
      );
      if (json[0]!.type === 'jsonb' && (await countWhere(table, sql`jsonb_path_exists(t.${identifier(column)}, ${idPath}::jsonpath)`)) > 0)
        traces.push(`${table}.${column} holds their id`);
    }
    expect(traces).toEqual([]);

    // What another entry kept of theirs is gone from it too, and it still restores whole otherwise.
    const admin = await as(ADMIN);
    expect((await send(context.app, admin, 'POST', `/admin/trash/${otherEntry.ref}/restore`)).statusCode).toBe(303);
    expect((await nextPage(context.app, admin)).notices).toEqual(['Restored “Old camp rota”.']);
    expect(await countWhere('comments', sql`t.comment = 'Rota comment.' and t.user_id is null`)).toBe(1);
    expect(await countWhere('shares', sql`t.item_id = ${otherEntry.subjectId}`)).toBe(0);
    expect(await countWhere('item_affirmations', sql`t.item_id = ${otherEntry.subjectId}`)).toBe(0);

    // Signing in now makes a new account: there is nothing left to bring back.
    const again = await personSignsIn();
    expect(again.notices).toEqual([`Welcome, ${NAME}.`]);
    expect((await personRow())!.id).not.toBe(person.id);
    expect(await holdings((await personRow())!.id)).toMatchObject({ collections: 0, comments: 0, maintained: 0 });
  });
});

describe('coming back by another way of signing in', () => {
  it('brings a person back by the address a provider vouches for, linking that sign-in to their account', async () => {
    const team = await userId(db(), 'team@example.org');
    expect((await deleteOwnAccount(await as('team@example.org'), 'DELETE')).response.statusCode).toBe(303);
    expect(await db().select().from(users).where(eq(users.id, team))).toEqual([]);
    const { response, jar } = await signInWithGoogle('google', { sub: 'g-team', email: 'team@example.org', email_verified: true, name: 'Priya P.' });
    expect(response.statusCode).toBe(302);
    expect((await nextPage(context.app, jar)).notices).toEqual([DELETE_ACCOUNT_MESSAGES.restored('Priya Patel')]);
    const [back] = await db().select().from(users).where(eq(users.email, 'team@example.org'));
    expect(back).toMatchObject({ id: team, name: 'Priya Patel' });
    expect((await db().select().from(identities).where(eq(identities.subject, 'g-team')))[0]!.userId).toBe(team);
  });
});

describe('an account an admin deleted', () => {
  it('is not brought back by signing in: the sign-in is refused and makes no new account', async () => {
    const leader = await userId(db(), 'leader@example.org');
    const [row] = await db().select().from(users).where(eq(users.id, leader));
    expect((await send(context.app, await as(ADMIN), 'DELETE', `/user/${row!.ref}`)).statusCode).toBe(303);
    const [entry] = await db()
      .select()
      .from(trashEntries)
      .where(and(eq(trashEntries.kind, 'user'), eq(trashEntries.subjectId, leader)));
    expect(entry).toMatchObject({ selfDeleted: false, deletedByUserId: await userId(db(), ADMIN) });

    const visitor = await csrfJar(context.app);
    const demo = await context.app.inject({
      method: 'POST',
      url: '/dev/login',
      headers: { ...xsrfHeader(visitor), 'content-type': 'application/x-www-form-urlencoded' },
      payload: new URLSearchParams({ email: 'leader@example.org' }).toString(),
    });
    visitor.store(demo);
    expect(demo.statusCode).toBe(303);
    expect((await nextPage(context.app, visitor)).errors).toEqual({ email: DELETE_ACCOUNT_MESSAGES.deletedByAdmin });

    const google = await signInWithGoogle('google', { sub: 'g-leader', email: 'leader@example.org', email_verified: true, name: 'Sarah Okafor' });
    expect(google.response.headers.location).toBe('/login');
    expect((await nextPage(context.app, google.jar)).notices).toEqual([DELETE_ACCOUNT_MESSAGES.deletedByAdmin]);
    expect(await db().select().from(users).where(eq(users.email, 'leader@example.org'))).toEqual([]);
    expect(await db().select().from(identities).where(eq(identities.subject, 'g-leader'))).toEqual([]);
    expect(await countWhere('trash_entries', sql`t.id = ${entry!.id}`)).toBe(1);
  });

  it('shows the admin the same account of what deleting the person changes', async () => {
    const member = await userId(db(), OTHER_MEMBER);
    const [row] = await db().select().from(users).where(eq(users.id, member));
    const { page } = await visit(context.app, `/user/${row!.ref}`, await as(ADMIN));
    expect(page.props.deletion).toEqual({ impact: expect.objectContaining({ comments: 1, personPage: false }), retentionDays: 30 });
  });
});
