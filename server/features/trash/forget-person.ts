/**
 * Forgetting a person purged from the trash (docs/decisions/access.md "Deleting an account"), in the purge's
 * transaction. Their own rows (account, sign-in accounts, sessions, collections, follows, affirmations, tokens,
 * requests, views…) went with the trash entry; this deals with what stays elsewhere. Their comments stay, signed
 * "Former member"; the items they maintained go to an admin; their Person page, the shares they gave and were given,
 * and their collections and comments waiting in the trash go; their addresses and name leave invitations, mail,
 * reports and the rows other trash entries keep; the history keeps what was done, but no longer by whom.
 */
import { and, asc, desc, eq, inArray, isNull, or, sql, type SQL } from 'drizzle-orm';
import type { Transaction } from '../../db/client';
import { sqlRows } from '../../db/sql-rows';
import { adminActionRuns, changeHistory, httpRequests, invitations, items, mailOutbox, shareRemovals, shares, trashEntries, users } from '../../db/schema';
import { readCatalog } from './catalog';
import { partsOf } from './kinds';
import type { CapturedTable, Relink, Row } from './row-graph';
import { moveToTrash } from './trash';

/**
 * Who the history says acted, or was acted on, once the person is forgotten: no one's id (ids are never reused), which
 * the history reads as "Someone who has left", where a null would read as Equip itself.
 */
const FORMER_MEMBER_ID = 0;

/** What the purge knows of the person: their own row and sign-in accounts as the trash kept them, and what pointed at them. */
export interface PurgedPerson {
  user: Row;
  identities: Row[];
  relinks: Relink[];
  deletedByUserId: number | null;
}

/** How the person can be recognised in what stays. */
interface Traces {
  id: number;
  ref: string;
  /** Null when blank: nothing is matched by it then. */
  name: string | null;
  /** Every address they were known by (their own, their sign-in accounts'), in lower case. */
  addresses: string[];
  /** Columns of any table that name a person by id: the foreign keys to users, read from the database's catalog. */
  userColumns: Set<string>;
  /** Those whose rows belong to the person (a delete cascades), by table: such a row kept elsewhere goes. */
  ownedBy: Map<string, string[]>;
}

/**
 * Forgets the person. Answers the refs of the trash entries made on the way (their Person page), which the caller
 * purges with theirs.
 */
export async function forgetPerson(tx: Transaction, person: PurgedPerson): Promise<string[]> {
  const traces = await tracesOf(tx, person);
  // The history is read whole before any item is locked: only what this purge records itself is read again at the end.
  const [{ watermark } = { watermark: 0 }] = await sqlRows<{ watermark: number }>(tx, sql`select coalesce(max(id), 0) as watermark from ${changeHistory}`);
  const recordedBefore = await recordedMentions(tx, traces, 0);
  const heir = await heirOf(tx, traces.id, person.deletedByUserId);
  const personPage = await trashPersonPage(tx, person);
  await handOverItems(tx, person.relinks, heir);
  await endShares(tx, person.relinks, traces);
  await dropFromInvitations(tx, traces);
  await forgetInTrash(tx, traces, heir);
  await forgetInMail(tx, traces);
  await forgetInRequestLog(tx, traces);
  await forgetInReports(tx, traces);
  // Last: what the steps above wrote is recorded in the history too.
  await anonymiseHistory(tx, traces, [...recordedBefore, ...(await recordedMentions(tx, traces, Number(watermark)))]);
  return personPage ? [personPage] : [];
}

async function tracesOf(tx: Transaction, person: PurgedPerson): Promise<Traces> {
  const catalog = await readCatalog(tx);
  const toUsers = catalog.references.filter((reference) => reference.parent === 'users' && reference.parentColumn === 'id');
  const ownedBy = new Map<string, string[]>();
  for (const reference of toUsers.filter((each) => each.onDelete === 'cascade'))
    ownedBy.set(reference.child, [...(ownedBy.get(reference.child) ?? []), reference.childColumn]);
  const addresses = [person.user.email, ...person.identities.map((identity) => identity.email)]
    .filter((address): address is string => typeof address === 'string' && address.trim() !== '')
    .map((address) => address.trim().toLowerCase());
  return {
    id: Number(person.user.id),
    ref: String(person.user.ref),
    name: typeof person.user.name === 'string' && person.user.name.trim() !== '' ? person.user.name : null,
    addresses: [...new Set(addresses)],
    userColumns: new Set(toUsers.map((reference) => reference.childColumn)),
    ownedBy,
  };
}

/**
 * Who maintains what the person maintained: the admin who deleted them while still an admin, else the longest-standing
 * superadmin, else the longest-standing admin; null when the library has no admin (the items then stay without one).
 */
async function heirOf(tx: Transaction, personId: number, deletedBy: number | null): Promise<number | null> {
  const [heir] = await tx
    .select({ id: users.id })
    .from(users)
    .where(and(or(eq(users.admin, true), eq(users.superadmin, true)), sql`${users.id} <> ${personId}`))
    .orderBy(desc(sql`${users.id} = ${deletedBy ?? -1}`), desc(users.superadmin), asc(users.createdAt), asc(users.id))
    .limit(1);
  return heir?.id ?? null;
}

/** Their Person page is about them: it goes, unless someone took it over meanwhile. Answers its trash entry's ref. */
async function trashPersonPage(tx: Transaction, person: PurgedPerson): Promise<string | null> {
  const pageId = person.user.person_item_id;
  if (typeof pageId !== 'number') return null;
  const [page] = await tx
    .select({ id: items.id })
    .from(items)
    .where(and(eq(items.id, pageId), isNull(items.createdByUserId)));
  if (!page) return null;
  return (await moveToTrash(tx, 'item', page.id))?.ref ?? null;
}

/** The refs (ids) of the rows of `table` whose `column` pointed at the person until their delete cleared it. */
function relinkedIds(relinks: Relink[], table: string, column?: string): number[] {
  return relinks.filter((relink) => relink.table === table && (column === undefined || relink.column === column)).map((relink) => Number(relink.key.id));
}

/** The items they maintained that nobody took over meanwhile go to the heir, in one statement, in id order. */
async function handOverItems(tx: Transaction, relinks: Relink[], heir: number | null): Promise<void> {
  const ids = relinkedIds(relinks, 'items', 'created_by_user_id');
  if (heir === null || ids.length === 0) return;
  const unclaimed = tx
    .select({ id: items.id })
    .from(items)
    .where(and(inArray(items.id, ids), isNull(items.createdByUserId)))
    .orderBy(items.id)
    .for('update');
  await tx.update(items).set({ createdByUserId: heir }).where(inArray(items.id, unclaimed));
}

function lowerIn(column: SQL, addresses: string[]): SQL {
  return addresses.length === 0
    ? sql`false`
    : sql`lower(${column}) in (${sql.join(
        addresses.map((address) => sql`${address}`),
        sql`, `,
      )})`;
}

function textArray(values: string[]): SQL {
  return values.length === 0
    ? sql`'{}'::text[]`
    : sql`array[${sql.join(
        values.map((value) => sql`${value}`),
        sql`, `,
      )}]::text[]`;
}

/** The shares they gave and were given (by their account or any of their addresses) end, and so do their records of removed ones. */
async function endShares(tx: Transaction, relinks: Relink[], traces: Traces): Promise<void> {
  const given = relinkedIds(relinks, 'shares', 'from_user_id');
  const received = relinkedIds(relinks, 'shares', 'to_user_id');
  const conditions = [lowerIn(sql`${shares.toEmail}`, traces.addresses)];
  if (given.length > 0) conditions.push(and(inArray(shares.id, given), isNull(shares.fromUserId))!);
  if (received.length > 0) conditions.push(and(inArray(shares.id, received), isNull(shares.toUserId))!);
  await tx.delete(shares).where(or(...conditions));
  const removedGiven = relinkedIds(relinks, 'share_removals', 'from_user_id');
  const removals = [lowerIn(sql`${shareRemovals.toEmail}`, traces.addresses)];
  if (removedGiven.length > 0) removals.push(and(inArray(shareRemovals.id, removedGiven), isNull(shareRemovals.fromUserId))!);
  await tx.delete(shareRemovals).where(or(...removals));
}

/** Invitations stay (they are their inviter's), without the person's addresses among those they went to. */
async function dropFromInvitations(tx: Transaction, traces: Traces): Promise<void> {
  if (traces.addresses.length === 0) return;
  const addresses = textArray(traces.addresses);
  await tx.execute(
    sql`update ${invitations} set sent_to = array(select address from unnest(sent_to) address where lower(address) <> all(${addresses}))
        where exists (select 1 from unnest(sent_to) address where lower(address) = any(${addresses}))`,
  );
}

/** `text` with each of their addresses cut out. */
function withoutTraces(traces: Traces, text: string): string {
  let cleaned = text;
  for (const address of traces.addresses) cleaned = cleaned.replace(new RegExp(escapeRegExp(address), 'gi'), '');
  return cleaned;
}

function escapeRegExp(text: string): string {
  return text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
}

/** A string that names the person: their name, their ref or one of their addresses, whole. */
function names(traces: Traces, value: string): boolean {
  return (traces.name !== null && value === traces.name) || value === traces.ref || traces.addresses.includes(value.trim().toLowerCase());
}

/** How `scrubbed` takes the person out: what a user column holding their id gets, and what a string naming them becomes. */
interface Erasing {
  heirFor: (column: string) => number | null;
  /** Null in what is only read (the history); '' in rows a restore writes back, whose column may not be null. */
  naming: null | '';
}

const READ_ONLY: Erasing = { heirFor: () => null, naming: null };

/**
 * A JSON value with every trace of the person taken out: a user column holding their id is cleared (or handed to the
 * heir), a string that names them is erased, and their addresses are cut out of longer text.
 */
function scrubbed(value: unknown, traces: Traces, erasing: Erasing = READ_ONLY, key?: string): unknown {
  if (typeof value === 'string') return names(traces, value) ? erasing.naming : withoutTraces(traces, value);
  if (typeof value === 'number' && key !== undefined && traces.userColumns.has(key) && value === traces.id) return erasing.heirFor(key);
  if (Array.isArray(value)) return value.map((element) => scrubbed(element, traces, erasing, key));
  if (value !== null && typeof value === 'object')
    return Object.fromEntries(Object.entries(value).map(([name, inner]) => [name, scrubbed(inner, traces, erasing, name)]));
  return value;
}

/** A jsonpath that finds the person in a JSON document: their id under a user column, or a string that is their name or ref. */
function tracePath(traces: Traces): { path: string; variables: string } {
  const userColumns = [...traces.userColumns].map((column) => `@."${column}" == $id`);
  return {
    path: `$.** ? (${[...userColumns, '@ == $name', '@ == $ref'].join(' || ')})`,
    // A blank name matches no string: the ref stands in for it.
    variables: JSON.stringify({ id: traces.id, name: traces.name ?? traces.ref, ref: traces.ref }),
  };
}

function mentions(column: SQL, traces: Traces): SQL {
  const { path, variables } = tracePath(traces);
  const addresses = traces.addresses.map((address) => sql`${column}::text ilike ${`%${address.replace(/[\\%_]/g, '\\$&')}%`}`);
  return sql`(jsonb_path_exists(${column}, ${path}::jsonpath, ${variables}::jsonb)${sql.join(
    addresses.map((match) => sql` or ${match}`),
    sql``,
  )})`;
}

/**
 * Their collections and comments waiting in the trash go with them (restoring one would need them back first); in
 * every other entry, the rows of theirs go and their traces are taken out of the rest, so no restore brings them back.
 */
async function forgetInTrash(tx: Transaction, traces: Traces, heir: number | null): Promise<void> {
  await tx
    .delete(trashEntries)
    .where(and(inArray(trashEntries.kind, ['collection', 'comment']), sql`(${trashEntries.rows} -> 0 -> 'rows' -> 0 ->> 'user_id')::integer = ${traces.id}`));
  const entries = await tx
    .select({ id: trashEntries.id, rows: trashEntries.rows, relinks: trashEntries.relinks, title: trashEntries.title, context: trashEntries.context })
    .from(trashEntries)
    .where(
      or(mentions(sql`${trashEntries.rows}`, traces), mentions(sql`${trashEntries.relinks}`, traces), mentions(sql`to_jsonb(${trashEntries.title})`, traces)),
    )
    .for('update');
  const heirFor = (column: string) => (column === 'created_by_user_id' ? heir : null);
  for (const entry of entries) {
    const tables = (entry.rows as CapturedTable[]).map(({ table, rows }) => ({
      table,
      rows: rows.filter((row) => !belongsToPerson(traces, table, row)).map((row) => scrubRow(traces, table, row, heirFor)),
    }));
    if (tables[0]?.rows.length === 0) {
      await tx.delete(trashEntries).where(eq(trashEntries.id, entry.id));
      continue;
    }
    const relinks = (entry.relinks as Relink[]).filter(
      (relink) => !(relink.table === 'users' && relink.key.id === traces.id) && !(traces.userColumns.has(relink.column) && relink.value === traces.id),
    );
    await tx
      .update(trashEntries)
      .set({
        rows: tables,
        relinks,
        parts: await partsOf(tx, tables),
        title: (scrubbed(entry.title, traces) as string | null) || '(untitled)',
        context: (scrubbed(entry.context, traces) as string | null) ?? '',
      })
      .where(eq(trashEntries.id, entry.id));
  }
}

/** A row kept in another entry that is the person's own (a view, an affirmation, a share they gave or were given). */
function belongsToPerson(traces: Traces, table: string, row: Row): boolean {
  if ((traces.ownedBy.get(table) ?? []).some((column) => row[column] === traces.id)) return true;
  if (table === 'users' && row.id === traces.id) return true;
  if (table !== 'shares' && table !== 'share_removals') return false;
  const recipient = row.to_email;
  return (
    row.from_user_id === traces.id || row.to_user_id === traces.id || (typeof recipient === 'string' && traces.addresses.includes(recipient.toLowerCase()))
  );
}

function scrubRow(traces: Traces, table: string, row: Row, heirFor: (column: string) => number | null): Row {
  const cleaned: Row = {};
  for (const [column, value] of Object.entries(row)) {
    // A list of addresses (an invitation's) loses theirs rather than keeping an empty place.
    if (Array.isArray(value) && value.every((element) => typeof element === 'string'))
      cleaned[column] = value.filter((element) => !names(traces, element)).map((element) => withoutTraces(traces, element));
    else cleaned[column] = scrubbed(value, traces, { heirFor: table === 'items' ? heirFor : () => null, naming: '' }, column);
  }
  return cleaned;
}

/** Mail to them, or that names them, leaves the outbox, sent or not. */
async function forgetInMail(tx: Transaction, traces: Traces): Promise<void> {
  const named =
    traces.name === null ? sql`false` : sql`(${mailOutbox.subject} ~ ${wholeWord(traces.name)} or ${mailOutbox.textBody} ~ ${wholeWord(traces.name)})`;
  const addressed = traces.addresses.map(
    (address) => sql`(strpos(lower(${mailOutbox.subject}), ${address}) > 0 or strpos(lower(${mailOutbox.textBody}), ${address}) > 0)`,
  );
  await tx.delete(mailOutbox).where(or(lowerIn(sql`${mailOutbox.toAddress}`, traces.addresses), named, ...addressed));
}

/** A PostgreSQL regular expression matching `text` as a whole word (or words). */
function wholeWord(text: string): string {
  return `\\m${escapeRegExp(text)}\\M`;
}

/** The request log keeps no person, but the address of their user page names them. */
async function forgetInRequestLog(tx: Transaction, traces: Traces): Promise<void> {
  const page = `%/user/${traces.ref}%`;
  await tx.delete(httpRequests).where(or(sql`${httpRequests.url} like ${page}`, sql`${httpRequests.referer} like ${page}`));
}

/** Advanced actions' reports (a list of people, say) keep their lines, without the person's name or addresses. */
async function forgetInReports(tx: Transaction, traces: Traces): Promise<void> {
  const patterns = [...(traces.name === null ? [] : [wholeWord(traces.name)]), ...traces.addresses.map(escapeRegExp)];
  for (const pattern of patterns) {
    await tx
      .update(adminActionRuns)
      .set({
        report: sql`regexp_replace(${adminActionRuns.report}, ${pattern}, '', 'gi')`,
        progress: sql`regexp_replace(${adminActionRuns.progress}, ${pattern}, '', 'gi')`,
      })
      .where(or(sql`${adminActionRuns.report} ~* ${pattern}`, sql`${adminActionRuns.progress} ~* ${pattern}`));
  }
}

/**
 * The history keeps what was done, but no longer by or to whom: their id becomes no one's, wherever it names a person,
 * and the recorded rows and events (the deletion's own, with their name and address) lose every trace of them.
 */
/** The recorded changes after `afterId` that mention the person, locked for their rewrite. */
async function recordedMentions(tx: Transaction, traces: Traces, afterId: number): Promise<{ id: number; changes: unknown }[]> {
  return sqlRows<{ id: number; changes: unknown }>(
    tx,
    sql`select id, changes from ${changeHistory} where id > ${afterId} and ${mentions(sql`${changeHistory.changes}`, traces)} order by id for update`,
  );
}

async function anonymiseHistory(tx: Transaction, traces: Traces, recorded: { id: number; changes: unknown }[]): Promise<void> {
  await tx.update(changeHistory).set({ actorUserId: FORMER_MEMBER_ID }).where(eq(changeHistory.actorUserId, traces.id));
  await tx.update(changeHistory).set({ impersonatorUserId: FORMER_MEMBER_ID }).where(eq(changeHistory.impersonatorUserId, traces.id));
  await tx.update(changeHistory).set({ subjectUserId: FORMER_MEMBER_ID }).where(eq(changeHistory.subjectUserId, traces.id));
  await tx
    .update(changeHistory)
    .set({ subjectId: null })
    .where(and(eq(changeHistory.kind, 'user'), eq(changeHistory.subjectId, traces.id)));
  for (const change of recorded)
    await tx
      .update(changeHistory)
      .set({ changes: scrubbed(change.changes, traces) as Record<string, unknown> })
      .where(eq(changeHistory.id, Number(change.id)));
}
