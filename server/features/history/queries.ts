/** Reading change_history with the names of the people it names (server/features/history). */
import { desc, eq, inArray, type SQL } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import type { Database } from '../../db/client';
import { changeHistory, characteristics, tags, taxonomies, users } from '../../db/schema';
import type { RecordedChange, UserNames } from './describe';

const actor = alias(users, 'actor');
const impersonator = alias(users, 'impersonator');

const recordedColumns = {
  id: changeHistory.id,
  kind: changeHistory.kind,
  operation: changeHistory.operation,
  changes: changeHistory.changes,
  route: changeHistory.route,
  createdAt: changeHistory.createdAt,
  itemId: changeHistory.itemId,
  batchId: changeHistory.batchId,
  actorUserId: changeHistory.actorUserId,
  actorName: actor.name,
  impersonatorUserId: changeHistory.impersonatorUserId,
  impersonatorName: impersonator.name,
};

export type RecordedRow = RecordedChange & { itemId: number | null; batchId: string | null };

/** The newest `limit` changes matching `where`, newest first. */
export async function recordedChanges(db: Database, where: SQL | undefined, limit: number, offset = 0): Promise<RecordedRow[]> {
  return db
    .select(recordedColumns)
    .from(changeHistory)
    .leftJoin(actor, eq(actor.id, changeHistory.actorUserId))
    .leftJoin(impersonator, eq(impersonator.id, changeHistory.impersonatorUserId))
    .where(where)
    .orderBy(desc(changeHistory.id))
    .limit(limit)
    .offset(offset);
}

export function itemHistoryCondition(itemId: number): SQL {
  return eq(changeHistory.itemId, itemId);
}

export async function userNames(db: Database, ids: number[]): Promise<UserNames> {
  if (ids.length === 0) return new Map();
  const rows = await db
    .select({ id: users.id, name: users.name, ref: users.ref })
    .from(users)
    .where(inArray(users.id, [...new Set(ids)]));
  return new Map(rows.map((row) => [row.id, { name: row.name, ref: row.ref }]));
}

/** Whether each characteristic (by ref) is public now; a deleted one is missing. */
export async function characteristicPublicFlags(db: Database, refs: string[]): Promise<ReadonlyMap<string, boolean>> {
  if (refs.length === 0) return new Map();
  const rows = await db
    .select({ ref: characteristics.ref, public: characteristics.public })
    .from(characteristics)
    .where(inArray(characteristics.ref, [...new Set(refs)]));
  return new Map(rows.map((row) => [row.ref, row.public]));
}

/** Whether taxonomies are public now: a tag's (by its ref) and by title; a deleted tag or taxonomy is missing. */
export async function taxonomyPublicFlags(
  db: Database,
  tagRefs: string[],
  titles: string[],
): Promise<{ byTagRef: ReadonlyMap<string, boolean>; byTitle: ReadonlyMap<string, boolean> }> {
  const [byTagRef, byTitle] = await Promise.all([
    tagRefs.length === 0
      ? []
      : db
          .select({ key: tags.ref, public: taxonomies.public })
          .from(tags)
          .innerJoin(taxonomies, eq(taxonomies.id, tags.taxonomyId))
          .where(inArray(tags.ref, [...new Set(tagRefs)])),
    titles.length === 0
      ? []
      : db
          .select({ key: taxonomies.title, public: taxonomies.public })
          .from(taxonomies)
          .where(inArray(taxonomies.title, [...new Set(titles)])),
  ]);
  const asMap = (rows: { key: string; public: boolean }[]) => new Map(rows.map((row) => [row.key, row.public]));
  return { byTagRef: asMap(byTagRef), byTitle: asMap(byTitle) };
}
