import { getTableName, is, sql } from 'drizzle-orm';
import { PgTable } from 'drizzle-orm/pg-core';
import type { Database } from '../../../server/db/client';
import * as schema from '../../../server/db/schema';

/**
 * Tables a request may write even when it is refused, or that background work changes between requests:
 * sessions (flashed errors, the CSRF-bound session), the request log (every request is logged), and the rows the
 * mail worker and Advanced runs update on their own. Their row counts are still compared.
 */
const COUNTED_ONLY = new Set(['sessions', 'http_requests', 'mail_outbox', 'admin_action_runs']);
/**
 * Written on every logged request, or by the batch writers a second after earlier requests (the opens per user type,
 * the searches that found nothing); not part of what a route changes.
 */
const IGNORED = new Set(['http_requests', 'sessions', 'opens_per_user_type', 'unmatched_searches']);

export type Fingerprint = Record<string, string>;

const allTables = () => Object.values(schema as Record<string, unknown>).filter((value): value is PgTable => is(value, PgTable));

/** One statement that fingerprints every table: its row count and, unless counted only, a hash of its rows. */
function fingerprintQuery() {
  const parts = allTables()
    .map(getTableName)
    .filter((name) => !IGNORED.has(name))
    .sort()
    .map((name) =>
      COUNTED_ONLY.has(name)
        ? `select '${name}' as t, count(*)::text as f from "${name}"`
        : `select '${name}' as t, count(*)::text || ':' || md5(coalesce(string_agg(r::text, '|' order by r::text), '')) as f from "${name}" r`,
    );
  return sql.raw(parts.join(' union all '));
}

export async function fingerprint(db: Database): Promise<Fingerprint> {
  const result = (await db.execute(fingerprintQuery())) as unknown as { rows: { t: string; f: string }[] };
  return Object.fromEntries(result.rows.map((row) => [row.t, row.f]));
}

/** The tables whose fingerprint differs. */
export function changedTables(before: Fingerprint, after: Fingerprint): string[] {
  return Object.keys(after).filter((table) => before[table] !== after[table]);
}
