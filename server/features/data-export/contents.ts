/**
 * What a person's archive holds (data.json): their own rows, read as they are now, each section in the words of the
 * profile and the lists they come from. Other people appear only as the person already sees them (the sharer's name on
 * Shared With Me, the address they themselves shared with); an item they may no longer open is named by nothing but
 * that (null), as a locked entry is on their lists. docs/decisions/access.md "Download my data".
 */
import { aliasedTable, and, asc, eq, inArray, isNotNull, or, sql, type SQL } from 'drizzle-orm';
import { ROUTES } from '../../../shared/routes';
import type { Share } from '../../../shared/sharing';
import { openableItemsCondition, type Viewer } from '../../access/policy';
import type { Database } from '../../db/client';
import {
  accessRequests,
  affirmationOptions,
  changeHistory,
  collectionItems,
  collections,
  comments,
  contents,
  identities,
  invitations,
  itemAffirmations,
  itemImages,
  items,
  personalAccessTokens,
  users,
  userTypes,
} from '../../db/schema';
import { absoluteUrl } from '../../lib/site-url';
import { describeChange, userIdsNamedBy } from '../history';
import { listFollows } from '../follows';
import { listShares } from '../sharing';

/** Archives say which shape they have, so a reader can tell a later one apart. */
export const DATA_EXPORT_FORMAT = 'equip-data-export/1';

/** An item as the person may open it now; null in its place when they may not (or it is gone). */
interface ExportedItem {
  ref: string;
  title: string;
  url: string;
}

export interface PersonalData {
  format: typeof DATA_EXPORT_FORMAT;
  generated_at: string;
  library: { name: string; url: string };
  profile: Record<string, unknown>;
  sign_in_identities: Record<string, unknown>[];
  affirmations: Record<string, unknown>[];
  comments: Record<string, unknown>[];
  collections: Record<string, unknown>[];
  follows: Record<string, unknown>[];
  shares_sent: Record<string, unknown>[];
  shares_received: Record<string, unknown>[];
  invitations_sent: Record<string, unknown>[];
  invitations_received: Record<string, unknown>[];
  access_requests: Record<string, unknown>[];
  access_tokens: Record<string, unknown>[];
  history: Record<string, unknown>[];
  uploaded_files: Record<string, unknown>[];
}

export interface ExportContext {
  db: Database;
  /** The person, loaded as they are now. */
  person: Viewer & { id: number };
  appUrl: string;
  appName: string;
  now: Date;
}

/** Shares are read a page at a time, as their lists read them. */
const SHARES_PAGE = 200;

const iso = (value: Date | null | undefined) => value?.toISOString() ?? null;

/** SQL over a joined `items`: whether the person may open the item now (false when no item is joined). */
function openableNow(person: Viewer, now: Date) {
  const condition = openableItemsCondition(person, now);
  return (condition ? sql<boolean>`coalesce((${condition}), false)` : sql<boolean>`(${items.id} is not null)`).mapWith(Boolean);
}

/** The item columns a section reads beside its own, for `itemOf`. */
function itemColumns(context: ExportContext) {
  return { itemRef: items.ref, itemTitle: items.title, itemOpenable: openableNow(context.person, context.now) };
}

function itemOf(context: ExportContext, row: { itemRef: string | null; itemTitle: string | null; itemOpenable: boolean }): ExportedItem | null {
  if (!row.itemOpenable || row.itemRef === null || row.itemTitle === null) return null;
  return { ref: row.itemRef, title: row.itemTitle, url: absoluteUrl(context.appUrl, ROUTES.item.path({ ref: row.itemRef })) };
}

/** Everything data.json holds for the person. */
export async function collectPersonalData(context: ExportContext): Promise<PersonalData> {
  return {
    format: DATA_EXPORT_FORMAT,
    generated_at: context.now.toISOString(),
    library: { name: context.appName, url: context.appUrl },
    profile: await profileOf(context),
    sign_in_identities: await identitiesOf(context),
    affirmations: await affirmationsOf(context),
    comments: await commentsOf(context),
    collections: await collectionsOf(context),
    follows: await followsOf(context),
    shares_sent: (await allShares(context, { kind: 'sentBy', userId: context.person.id })).map((share) => exportedShare(share, 'sent')),
    shares_received: (await allShares(context, { kind: 'addressedTo', person: context.person })).map((share) => exportedShare(share, 'received')),
    invitations_sent: await invitationsSentBy(context),
    invitations_received: await invitationsReceivedBy(context),
    access_requests: await accessRequestsOf(context),
    access_tokens: await accessTokensOf(context),
    history: await historyOf(context),
    uploaded_files: await uploadedFilesOf(context),
  };
}

async function profileOf({ db, person, appUrl }: ExportContext): Promise<Record<string, unknown>> {
  const [row] = await db
    .select({
      user: users,
      userTypeTitle: userTypes.title,
      userTypeLevel: userTypes.level,
      personItemRef: items.ref,
    })
    .from(users)
    .innerJoin(userTypes, eq(userTypes.id, users.userTypeId))
    .leftJoin(items, eq(items.id, users.personItemId))
    .where(eq(users.id, person.id))
    .limit(1);
  if (!row) return {};
  const { user } = row;
  return {
    name: user.name,
    email: user.email,
    email_verified_at: iso(user.emailVerifiedAt),
    phone: user.phone,
    user_type: row.userTypeTitle,
    level: row.userTypeLevel,
    admin: user.admin,
    superadmin: user.superadmin,
    manager: user.manager,
    manage_users: user.manageUsers,
    last_sign_in_with: user.loginUsing,
    last_sign_in_at: iso(user.lastLoginAt),
    created_at: iso(user.createdAt),
    updated_at: iso(user.updatedAt),
    person_page: row.personItemRef ? absoluteUrl(appUrl, ROUTES.item.path({ ref: row.personItemRef })) : null,
    settings: { digest_frequency: user.digestFrequency, last_digest_covered_until: iso(user.digestSentAt) },
  };
}

/** The provider and the address it gave; never the provider's tokens (Equip keeps none) nor its account id. */
async function identitiesOf({ db, person }: ExportContext): Promise<Record<string, unknown>[]> {
  const rows = await db.select().from(identities).where(eq(identities.userId, person.id)).orderBy(asc(identities.createdAt), asc(identities.id));
  return rows.map((row) => ({
    provider: row.provider,
    email: row.email,
    email_verified: row.emailVerified,
    linked_at: iso(row.createdAt),
    last_used_at: iso(row.lastUsedAt),
  }));
}

async function affirmationsOf(context: ExportContext): Promise<Record<string, unknown>[]> {
  const rows = await context.db
    .select({
      affirmation: affirmationOptions.title,
      value: itemAffirmations.value,
      createdAt: itemAffirmations.createdAt,
      updatedAt: itemAffirmations.updatedAt,
      ...itemColumns(context),
    })
    .from(itemAffirmations)
    .innerJoin(affirmationOptions, eq(affirmationOptions.id, itemAffirmations.affirmationOptionId))
    .innerJoin(items, eq(items.id, itemAffirmations.itemId))
    .where(eq(itemAffirmations.userId, context.person.id))
    .orderBy(asc(itemAffirmations.createdAt), asc(items.id));
  return rows.map((row) => ({
    item: itemOf(context, row),
    affirmation: row.affirmation,
    strength: row.value >= 2 ? 'strong' : 'normal',
    created_at: iso(row.createdAt),
    updated_at: iso(row.updatedAt),
  }));
}

async function commentsOf(context: ExportContext): Promise<Record<string, unknown>[]> {
  const rows = await context.db
    .select({ comment: comments, ...itemColumns(context) })
    .from(comments)
    .innerJoin(items, eq(items.id, comments.itemId))
    .where(eq(comments.userId, context.person.id))
    .orderBy(asc(comments.createdAt), asc(comments.id));
  return rows.map(({ comment, ...row }) => ({
    item: itemOf(context, row),
    comment: comment.comment,
    approved: comment.approved,
    flagged: comment.flagged,
    edited: comment.edited,
    created_at: iso(comment.createdAt),
    updated_at: iso(comment.updatedAt),
  }));
}

/** Their own collections with every entry; an entry's item shows only while they may open it, its note always (theirs). */
async function collectionsOf(context: ExportContext): Promise<Record<string, unknown>[]> {
  const { db, person, appUrl } = context;
  const own = await db.select().from(collections).where(eq(collections.userId, person.id)).orderBy(asc(collections.createdAt), asc(collections.id));
  if (own.length === 0) return [];
  const entries = await db
    .select({ entry: collectionItems, ...itemColumns(context) })
    .from(collectionItems)
    .innerJoin(items, eq(items.id, collectionItems.itemId))
    .where(
      inArray(
        collectionItems.collectionId,
        own.map((collection) => collection.id),
      ),
    )
    .orderBy(asc(collectionItems.collectionId), asc(collectionItems.section), asc(collectionItems.position), asc(collectionItems.id));
  return own.map((collection) => ({
    title: collection.title,
    description: collection.description,
    public: collection.public,
    url: absoluteUrl(appUrl, ROUTES.collection.path({ ref: collection.ref })),
    created_at: iso(collection.createdAt),
    updated_at: iso(collection.updatedAt),
    entries: entries
      .filter(({ entry }) => entry.collectionId === collection.id)
      .map(({ entry, ...row }) => ({ section: entry.section, note: entry.note, item: itemOf(context, row), added_at: iso(entry.createdAt) })),
  }));
}

/** As the profile's Digests card names them: a followed thing they may no longer see has no address. */
async function followsOf({ db, person, appUrl }: ExportContext): Promise<Record<string, unknown>[]> {
  return (await listFollows(db, person)).map((follow) => ({
    kind: follow.kind,
    label: follow.label,
    url: follow.url === null ? null : absoluteUrl(appUrl, follow.url),
  }));
}

async function allShares(context: ExportContext, scope: Parameters<typeof listShares>[2]): Promise<Share[]> {
  const all: Share[] = [];
  for (let page = 1; ; page += 1) {
    const { shares, total } = await listShares(context.db, context.person, scope, page, SHARES_PAGE, context.now);
    all.push(...shares);
    if (shares.length === 0 || all.length >= total) return all;
  }
}

/**
 * A grant as Shared By Me or Shared With Me show it: what was shared (locked when the person may not open it now),
 * the other party as the person knows them, and never the grant's own link, which is a credential.
 */
function exportedShare(share: Share, direction: 'sent' | 'received'): Record<string, unknown> {
  const otherParty = direction === 'sent' ? { shared_with: share.to_user } : { shared_by: share.from_user };
  return {
    shared_type: share.shared_type,
    title: share.shared_title,
    ...otherParty,
    level: share.level,
    shared_at: share.date,
    expires_at: share.expires_at,
    valid_now: share.valid,
  };
}

function invitationState(row: { acceptedAt: Date | null; declinedAt: Date | null; expiresAt: Date }, now: Date): string {
  if (row.acceptedAt) return 'accepted';
  if (row.declinedAt) return 'declined';
  return row.expiresAt.getTime() <= now.getTime() ? 'expired' : 'active';
}

/** Their invitations: the note to themself and the addresses they sent it to, never its token or who took it up. */
async function invitationsSentBy({ db, person, now }: ExportContext): Promise<Record<string, unknown>[]> {
  const rows = await db
    .select({ invitation: invitations, userType: userTypes.title })
    .from(invitations)
    .innerJoin(userTypes, eq(userTypes.id, invitations.userTypeId))
    .where(eq(invitations.createdByUserId, person.id))
    .orderBy(asc(invitations.createdAt), asc(invitations.id));
  return rows.map(({ invitation, userType }) => ({
    user_type: userType,
    note_to_self: invitation.noteToSelf,
    sent_to: invitation.sentTo,
    state: invitationState(invitation, now),
    created_at: iso(invitation.createdAt),
    expires_at: iso(invitation.expiresAt),
    accepted_at: iso(invitation.acceptedAt),
    declined_at: iso(invitation.declinedAt),
  }));
}

/** Invitations they accepted or declined, with who invited them as the invitation page named them. */
async function invitationsReceivedBy({ db, person }: ExportContext): Promise<Record<string, unknown>[]> {
  const inviters = aliasedTable(users, 'inviters');
  const rows = await db
    .select({ invitation: invitations, userType: userTypes.title, inviter: inviters.name })
    .from(invitations)
    .innerJoin(userTypes, eq(userTypes.id, invitations.userTypeId))
    .leftJoin(inviters, eq(inviters.id, invitations.createdByUserId))
    .where(or(eq(invitations.acceptedByUserId, person.id), eq(invitations.declinedByUserId, person.id)))
    .orderBy(asc(invitations.createdAt), asc(invitations.id));
  return rows.map(({ invitation, userType, inviter }) => ({
    user_type: userType,
    invited_by: inviter,
    received_at: iso(invitation.createdAt),
    accepted_at: invitation.acceptedByUserId === person.id ? iso(invitation.acceptedAt) : null,
    declined_at: invitation.declinedByUserId === person.id ? iso(invitation.declinedAt) : null,
  }));
}

async function accessRequestsOf(context: ExportContext): Promise<Record<string, unknown>[]> {
  const rows = await context.db
    .select({ level: accessRequests.level, createdAt: accessRequests.createdAt, ...itemColumns(context) })
    .from(accessRequests)
    .innerJoin(items, eq(items.id, accessRequests.itemId))
    .where(eq(accessRequests.userId, context.person.id))
    .orderBy(asc(accessRequests.createdAt), asc(accessRequests.id));
  return rows.map((row) => ({ item: itemOf(context, row), level: row.level, asked_at: iso(row.createdAt) }));
}

/** Names and dates only: never a token's hash nor the start of its secret. */
async function accessTokensOf({ db, person }: ExportContext): Promise<Record<string, unknown>[]> {
  const rows = await db
    .select({
      name: personalAccessTokens.name,
      createdAt: personalAccessTokens.createdAt,
      expiresAt: personalAccessTokens.expiresAt,
      lastUsedAt: personalAccessTokens.lastUsedAt,
      revokedAt: personalAccessTokens.revokedAt,
    })
    .from(personalAccessTokens)
    .where(eq(personalAccessTokens.userId, person.id))
    .orderBy(asc(personalAccessTokens.createdAt), asc(personalAccessTokens.id));
  return rows.map((row) => ({
    name: row.name,
    created_at: iso(row.createdAt),
    expires_at: iso(row.expiresAt),
    last_used_at: iso(row.lastUsedAt),
    revoked_at: iso(row.revokedAt),
  }));
}

/** The history rows about the person: what they changed (themself, or someone acting as them), and changes to their account. */
function aboutPerson(personId: number): SQL {
  return or(eq(changeHistory.actorUserId, personId), eq(changeHistory.impersonatorUserId, personId), eq(changeHistory.subjectUserId, personId))!;
}

/**
 * Each change as the History reads it. Who made it is said from the person's side: themself, someone acting as them,
 * or someone else, whose name the person was never shown; the values changed are theirs or their own doing.
 */
async function historyOf(context: ExportContext): Promise<Record<string, unknown>[]> {
  const { db, person } = context;
  const rows = await db
    .select({
      id: changeHistory.id,
      kind: changeHistory.kind,
      operation: changeHistory.operation,
      changes: changeHistory.changes,
      route: changeHistory.route,
      createdAt: changeHistory.createdAt,
      actorUserId: changeHistory.actorUserId,
      impersonatorUserId: changeHistory.impersonatorUserId,
      ...itemColumns(context),
    })
    .from(changeHistory)
    .leftJoin(items, eq(items.id, changeHistory.itemId))
    .where(aboutPerson(person.id))
    .orderBy(asc(changeHistory.id));
  const named = await namesOfUsersIn(db, person.id, rows);
  return rows.map((row) => {
    const entry = describeChange({ ...row, actorName: null, impersonatorName: null }, named);
    return {
      at: entry.at,
      by: byWhom(person.id, row),
      summary: entry.summary,
      changes: entry.changes.map(({ label, from, to }) => ({ field: label, from, to })),
      item: itemOf(context, row),
    };
  });
}

type HistoryRow = { operation: string; changes: unknown; actorUserId: number | null; impersonatorUserId: number | null };

function byWhom(personId: number, row: Pick<HistoryRow, 'actorUserId' | 'impersonatorUserId'>): string {
  if (row.impersonatorUserId === personId) return 'you, acting as another person';
  if (row.actorUserId === personId) return row.impersonatorUserId === null ? 'you' : 'someone acting as you';
  return row.actorUserId === null ? 'the library itself' : 'someone else';
}

/** The names an update of the person's own doing shows (a maintainer they set): they chose them. */
async function namesOfUsersIn(db: Database, personId: number, rows: HistoryRow[]): Promise<ReadonlyMap<number, { name: string; ref: string }>> {
  const ids = new Set(rows.filter((row) => byWhom(personId, row) !== 'someone else').flatMap((row) => userIdsNamedBy(row)));
  if (ids.size === 0) return new Map();
  const found = await db
    .select({ id: users.id, name: users.name, ref: users.ref })
    .from(users)
    .where(inArray(users.id, [...ids]));
  return new Map(found.map((user) => [user.id, { name: user.name, ref: user.ref }]));
}

/**
 * Links to the files the person uploaded that are still there: no file row records its uploader, so the history's
 * record of who added each one says it (for as long as the history is kept). Links, never the files: each opens as it
 * does for the person on the site, by their access now.
 */
async function uploadedFilesOf(context: ExportContext): Promise<Record<string, unknown>[]> {
  const { db, person, appUrl } = context;
  const addedByPerson = and(eq(changeHistory.actorUserId, person.id), eq(changeHistory.operation, 'insert'));
  const uploadRoute = `POST ${ROUTES.itemContentUpload.pattern}`;
  const files = await db
    .select({
      ref: contents.ref,
      // The name and format it was uploaded with: the person's own words, whoever renamed it since.
      label: sql<string | null>`${changeHistory.changes} ->> 'label'`,
      format: sql<string | null>`${changeHistory.changes} ->> 'format'`,
      uploadedAt: changeHistory.createdAt,
      ...itemColumns(context),
    })
    .from(changeHistory)
    .innerJoin(contents, and(eq(contents.id, changeHistory.subjectId), sql`${contents.ref} = ${changeHistory.changes} ->> 'ref'`))
    .innerJoin(items, eq(items.id, contents.itemId))
    .where(and(addedByPerson, eq(changeHistory.kind, 'content'), eq(changeHistory.route, uploadRoute), isNotNull(contents.googleDriveFileId)))
    .orderBy(asc(changeHistory.id));
  const images = await db
    .select({ ref: itemImages.ref, uploadedAt: changeHistory.createdAt, ...itemColumns(context) })
    .from(changeHistory)
    .innerJoin(itemImages, and(eq(itemImages.id, changeHistory.subjectId), sql`${itemImages.ref} = ${changeHistory.changes} ->> 'ref'`))
    .innerJoin(items, eq(items.id, itemImages.itemId))
    .where(and(addedByPerson, eq(changeHistory.kind, 'item_image'), eq(itemImages.source, 'upload')))
    .orderBy(asc(changeHistory.id));
  return [
    ...files.map((row) => ({
      kind: 'content',
      name: row.label,
      format: row.format,
      url: absoluteUrl(appUrl, ROUTES.content.path({ ref: row.ref })),
      item: itemOf(context, row),
      uploaded_at: iso(row.uploadedAt),
    })),
    ...images.map((row) => ({
      kind: 'image',
      name: null,
      format: null,
      url: absoluteUrl(appUrl, ROUTES.image.path({ ref: row.ref })),
      item: itemOf(context, row),
      uploaded_at: iso(row.uploadedAt),
    })),
  ];
}
