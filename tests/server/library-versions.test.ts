/**
 * library_state's versions (migration 0035): the triggers note what a transaction changed, and the versions rise once,
 * as it commits: never for a transaction rolled back, nor for the part of one that a rolled back savepoint undid, and
 * (on PostgreSQL) not before the commit for anyone else.
 */
import { eq, sql } from 'drizzle-orm';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { DatabaseHandle } from '../../server/db/client';
import { characteristics, items, libraryState, taxonomies } from '../../server/db/schema';
import { VISIBILITY } from '../../shared/enums';
import { freshDatabase } from '../support/database';

let handle: DatabaseHandle;
beforeAll(async () => {
  handle = await freshDatabase();
});
afterAll(async () => {
  await handle?.close();
});

interface Versions {
  version: number;
  lists: number;
  levels: number[];
}

async function versions(): Promise<Versions> {
  const [row] = await handle.db
    .select({ version: libraryState.version, lists: libraryState.listsVersion, levels: libraryState.levelListsVersions })
    .from(libraryState)
    .where(eq(libraryState.id, 1));
  return { version: Number(row!.version), lists: Number(row!.lists), levels: row!.levels.map(Number) };
}

/** How far each version moved from `before`. */
async function movedSince(before: Versions): Promise<Versions> {
  const after = await versions();
  return { version: after.version - before.version, lists: after.lists - before.lists, levels: after.levels.map((level, n) => level - before.levels[n]!) };
}

let counter = 0;
const unique = (what: string) => `${what} ${(counter += 1)}`;

describe('library versions', () => {
  it('rise once for a transaction, however many statements changed the library', async () => {
    const before = await versions();
    await handle.db.transaction(async (tx) => {
      await tx.insert(characteristics).values({ title: unique('Duration'), position: 1 });
      await tx.insert(taxonomies).values({ title: unique('Themes'), position: 1 });
      await tx.insert(taxonomies).values({ title: unique('Ages'), position: 2 });
    });
    expect(await movedSince(before)).toEqual({ version: 1, lists: 1, levels: [1, 1, 1, 1, 1, 1, 1] });
  });

  it('raise only what changed: an item page part leaves the lists, a level-3 item the lists of levels 3 and up', async () => {
    let before = await versions();
    await handle.db.transaction((tx) => tx.insert(characteristics).values({ title: unique('Leaders'), position: 3 }));
    expect(await movedSince(before)).toEqual({ version: 1, lists: 0, levels: [0, 0, 0, 0, 0, 0, 0] });

    before = await versions();
    await handle.db
      .insert(items)
      .values({ code: unique('LV').replace(' ', '-'), title: 'Leaders only', visibility: VISIBILITY.DISCOVERABLE, minimumAccessLevel: 3 });
    expect(await movedSince(before)).toEqual({ version: 1, lists: 1, levels: [0, 0, 0, 1, 1, 1, 1] });
  });

  it('stay as they were after a rollback', async () => {
    const before = await versions();
    const refusal = new Error('changed my mind');
    await expect(
      handle.db.transaction(async (tx) => {
        await tx.insert(taxonomies).values({ title: unique('Discarded'), position: 4 });
        throw refusal;
      }),
    ).rejects.toBe(refusal);
    expect(await movedSince(before)).toEqual({ version: 0, lists: 0, levels: [0, 0, 0, 0, 0, 0, 0] });
  });

  it('forget what a rolled back savepoint changed, and keep what the rest of the transaction did', async () => {
    const before = await versions();
    await handle.db.transaction(async (tx) => {
      await tx.insert(characteristics).values({ title: unique('Kept'), position: 5 });
      await tx
        .transaction(async (savepoint) => {
          await savepoint.insert(taxonomies).values({ title: unique('Undone'), position: 5 });
          throw new Error('undo the savepoint');
        })
        .catch(() => undefined);
    });
    expect(await movedSince(before)).toEqual({ version: 1, lists: 0, levels: [0, 0, 0, 0, 0, 0, 0] });

    const beforeSecond = await versions();
    await handle.db.transaction(async (tx) => {
      await tx
        .transaction(async (savepoint) => {
          await savepoint.insert(taxonomies).values({ title: unique('Undone first'), position: 6 });
          throw new Error('undo the savepoint');
        })
        .catch(() => undefined);
      await tx.insert(characteristics).values({ title: unique('Written after'), position: 6 });
    });
    expect(await movedSince(beforeSecond)).toEqual({ version: 1, lists: 0, levels: [0, 0, 0, 0, 0, 0, 0] });
  });

  it('leave no row behind in library_version_bumps', async () => {
    await handle.db.transaction((tx) => tx.insert(taxonomies).values({ title: unique('Tidy'), position: 7 }));
    const { rows } = (await handle.db.execute(sql`select count(*)::int as count from library_version_bumps`)) as unknown as { rows: { count: number }[] };
    expect(rows[0]!.count).toBe(0);
  });
});

describe.skipIf(!process.env.TEST_DATABASE_URL)('library versions on PostgreSQL', () => {
  it('are not raised for anyone else until the writing transaction commits', async () => {
    const { rows } = (await handle.db.execute(sql`select current_database() as name`)) as unknown as { rows: [{ name: string }] };
    const url = new URL(process.env.TEST_DATABASE_URL!);
    url.pathname = `/${rows[0].name}`;
    const writer = new pg.Client({ connectionString: url.toString() });
    await writer.connect();
    try {
      const before = await versions();
      await writer.query('begin');
      await writer.query(`insert into taxonomies (ref, title, position) values ($1, $2, 8)`, [`lv${Date.now().toString(36)}`, unique('Uncommitted')]);
      expect(await movedSince(before), 'before the commit').toEqual({ version: 0, lists: 0, levels: [0, 0, 0, 0, 0, 0, 0] });
      await writer.query('commit');
      expect(await movedSince(before), 'after the commit').toEqual({ version: 1, lists: 1, levels: [1, 1, 1, 1, 1, 1, 1] });
    } finally {
      await writer.end();
    }
  });
});
