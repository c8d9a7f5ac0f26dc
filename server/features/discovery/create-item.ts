import { sql } from 'drizzle-orm';
import { VISIBILITY } from '../../../shared/enums';
import { LEVEL } from '../../../shared/levels';
import { effectiveLevel, isAdmin, NEW_ITEM_MINIMUM_ACCESS_LEVEL, type Viewer } from '../../access/policy';
import type { Database } from '../../db/client';
import { items, itemTags } from '../../db/schema';

export interface NewItem {
  title: string;
  topic: string;
  tagIds: number[];
}

/** Two people creating at the same moment compute the same next code; the loser tries again. */
const CODE_ATTEMPTS = 5;
const UNIQUE_VIOLATION = '23505';

/** Contributions from people below leader level are marked as user contributed, as the demo library does. */
const USER_CONTRIBUTED_LEVEL_LIMIT = LEVEL.AFFILIATE;

/** Inserts a DRAFT item maintained by the viewer, with its tags, in one transaction; returns its ref. */
export async function createItem(db: Database, viewer: Viewer & { id: number }, input: NewItem): Promise<string> {
  for (let attempt = 1; ; attempt += 1) {
    try {
      return await insertItem(db, viewer, input);
    } catch (error) {
      if (attempt >= CODE_ATTEMPTS || !isUniqueViolation(error)) throw error;
    }
  }
}

async function insertItem(db: Database, viewer: Viewer & { id: number }, input: NewItem): Promise<string> {
  return db.transaction(async (tx) => {
    const [item] = await tx
      .insert(items)
      .values({
        code: nextItemCode,
        title: input.title,
        topic: input.topic,
        visibility: VISIBILITY.DRAFT,
        minimumAccessLevel: NEW_ITEM_MINIMUM_ACCESS_LEVEL,
        createdByUserId: viewer.id,
        showAsUserContributed: !isAdmin(viewer) && effectiveLevel(viewer) <= USER_CONTRIBUTED_LEVEL_LIMIT,
      })
      .returning({ id: items.id, ref: items.ref });
    if (input.tagIds.length > 0) await tx.insert(itemTags).values(input.tagIds.map((tagId) => ({ itemId: item.id, tagId })));
    return item.ref;
  });
}

/** 'EQ-' and the next number after the highest code in that pattern, five digits at least (EQ-00321). */
const nextItemCode = sql`(
  select 'EQ-' || lpad((coalesce(max(substring(${items.code} from 4)::bigint), 0) + 1)::text, 5, '0')
  from ${items} where ${items.code} ~ '^EQ-[0-9]{1,15}$')`;

function isUniqueViolation(error: unknown): boolean {
  let current = error;
  // Drivers and Drizzle wrap the database error; its SQLSTATE is somewhere down the cause chain.
  for (let depth = 0; depth < 5 && isRecord(current); depth += 1) {
    if (current.code === UNIQUE_VIOLATION) return true;
    current = current.cause;
  }
  return false;
}

function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null;
}
