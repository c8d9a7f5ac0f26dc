/**
 * A generated request log (http_requests) for timing the admin stats, written by generate_series in one statement:
 * 1,000,000 rows take seconds. Rows are spread evenly over the last REQUEST_LOG_SPREAD_DAYS days: 5,000 paths, 600
 * referers plus none, 5 methods, 6 response codes, the user types plus none. Shared by `npm run bench` (its stats
 * part) and scripts/stats-timing.ts.
 */
import { sql } from 'drizzle-orm';
import type { Database } from '../../server/db/client';
import { countRows } from '../../server/db/seed/batches';
import { httpRequests, userTypes } from '../../server/db/schema';

export const REQUEST_LOG_SPREAD_DAYS = 365;
const GENERATED_USER_TYPES = 7;

/**
 * Tops the request log up to `wanted` rows when it holds fewer (a reused database keeps its rows), then refreshes its
 * planner statistics and visibility map. Answers how many rows were added.
 */
export async function fillRequestLog(db: Database, wanted: number): Promise<number> {
  const missing = wanted - (await countRows(db, httpRequests));
  if (missing <= 0) return 0;
  await addUserTypesIfNone(db);
  await insertGeneratedRequests(db, missing);
  await db.execute(sql`vacuum analyze http_requests`);
  return missing;
}

/** An empty database (scripts/stats-timing.ts) gets a few user types, so "Top User Types" has something to count. */
async function addUserTypesIfNone(db: Database): Promise<void> {
  if ((await countRows(db, userTypes)) > 0) return;
  await db.execute(sql`
    insert into user_types (title, level) select 'Type ' || g, g % 7 from generate_series(1, ${GENERATED_USER_TYPES}) as g`);
}

/** `rows` requests, the newest now and the oldest REQUEST_LOG_SPREAD_DAYS days ago; a quarter have no user type. */
async function insertGeneratedRequests(db: Database, rows: number): Promise<void> {
  const spread = sql.raw(`interval '${REQUEST_LOG_SPREAD_DAYS} days'`);
  await db.execute(sql`
    with types as (select array_agg(id order by id) as ids from user_types)
    insert into http_requests (method, url, referer, response_code, user_type_id, duration_ms, created_at)
    select (array['GET','GET','GET','GET','POST','PATCH','DELETE','HEAD'])[1 + g % 8],
      '/i/item' || ((g::bigint * 7919) % 5000),
      case when g % 3 = 0 then null else 'https://site' || (g % 40) || '.example.org/page/' || (g % 300) end,
      (array[200,200,200,200,302,303,404,403,500])[1 + g % 9],
      case when g % 4 = 0 then null else types.ids[1 + g % least(cardinality(types.ids), ${GENERATED_USER_TYPES})] end,
      g % 250,
      now() - (g::double precision / ${rows}) * ${spread}
    from types, generate_series(1, ${rows}) as g`);
}
