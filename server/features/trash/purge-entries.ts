/**
 * Deleting trash entries for good, in one transaction: the entries go with every row they kept, and a person purged
 * is forgotten (forget-person.ts). What is left to do outside the database (drive folders, image files) is answered.
 */
import { sql, type SQL } from 'drizzle-orm';
import type { Database, Transaction } from '../../db/client';
import { items, trashEntries } from '../../db/schema';
import { forgetPerson, type PurgedPerson } from './forget-person';
import type { Row } from './row-graph';

/** What deleting trash entries for good leaves to do outside the database: their drive folders and image files. */
export interface Purged {
  title: string;
  driveFolderId: string | null;
  images: TrashedImage[];
}

/** A purged item's image row, as the images feature removes its files. */
export interface TrashedImage {
  ref: string;
  source: string;
  storageKey: string;
}

/** Deletes the entries `where` selects for good, at most `limit`, skipping those another instance is purging. */
export async function purgeEntries(db: Database, where: SQL, limit: number): Promise<Purged[]> {
  return db.transaction(async (tx) => {
    const purged = await deleteEntries(
      tx,
      sql`${trashEntries.id} in (select id from ${trashEntries} where ${where} order by id limit ${limit} for update skip locked)`,
    );
    const alsoPurged: typeof purged = [];
    for (const entry of purged) {
      if (!entry.person) continue;
      const madeMeanwhile = await forgetPerson(tx, entry.person);
      if (madeMeanwhile.length > 0)
        alsoPurged.push(
          ...(await deleteEntries(
            tx,
            sql`${trashEntries.ref} in (${sql.join(
              madeMeanwhile.map((ref) => sql`${ref}`),
              sql`, `,
            )})`,
          )),
        );
    }
    return [...purged, ...alsoPurged].map(({ title, driveFolderId, images }) => ({ title, driveFolderId, images: images.map(imageOf) }));
  });
}

async function deleteEntries(tx: Transaction, where: SQL) {
  return tx
    .delete(trashEntries)
    .where(where)
    .returning({
      title: trashEntries.title,
      // A folder another item uses (or took over since) stays: it is that item's now.
      driveFolderId: sql<
        string | null
      >`case when exists (select 1 from ${items} where ${items.googleDriveFolderId} = ${trashEntries.driveFolderId}) then null else ${trashEntries.driveFolderId} end`,
      // Only the image rows leave the database: an entry can hold many thousands of rows.
      images: sql<Row[]>`jsonb_path_query_array(${trashEntries.rows}, '$[*] ? (@.table == "item_images").rows[*]')`,
      // Of a person, what forgetting them needs: their own row and sign-in accounts, and what pointed at them.
      person: sql<PurgedPerson | null>`case when ${trashEntries.kind} = 'user' then jsonb_build_object(
          'user', ${trashEntries.rows} -> 0 -> 'rows' -> 0,
          'identities', jsonb_path_query_array(${trashEntries.rows}, '$[*] ? (@.table == "identities").rows[*]'),
          'relinks', ${trashEntries.relinks},
          'deletedByUserId', ${trashEntries.deletedByUserId}) end`,
    });
}

function imageOf(row: Row): TrashedImage {
  return { ref: String(row.ref), source: String(row.source), storageKey: String(row.storage_key) };
}
