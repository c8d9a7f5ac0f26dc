/** Deployment tasks, database statistics, the search index and the Notion seeder of Admin Advanced. */
import { asc, eq, sql } from 'drizzle-orm';
import type { Database } from '../../db/client';
import { deploymentTasks } from '../../db/schema';
import { sqlRows } from '../../db/sql-rows';
import { formatBytes, formatTime, listingReport, textTable } from './text-table';

/** The full-text index of items (migrations/0000_init.sql). */
export const ITEMS_SEARCH_INDEX = 'items_search_idx';

export async function listDeploymentTasks(db: Database, now: Date): Promise<string> {
  const rows = await db.select().from(deploymentTasks).orderBy(asc(deploymentTasks.createdAt), asc(deploymentTasks.id));
  const cells = rows.map((task) => [task.id, task.name, task.state, task.startedAt, task.finishedAt, task.output]);
  return listingReport(
    `deployment_tasks (${formatTime(now)})`,
    ['id', 'name', 'state', 'started', 'finished', 'output'],
    cells,
    rows.length,
    'deployment tasks',
  );
}

/** Deletes the deployment tasks in `state` (only 'running' and 'failed' ones can be cleared). */
export async function clearDeploymentTasks(db: Database, state: 'running' | 'failed', now: Date): Promise<string> {
  const removed = await db.delete(deploymentTasks).where(eq(deploymentTasks.state, state)).returning({ id: deploymentTasks.id });
  const count = removed.length;
  return `clear_${state}_deployment_tasks (${formatTime(now)})\n\nCleared ${count} ${state} deployment ${count === 1 ? 'task' : 'tasks'}.`;
}

interface TableStats {
  name: string;
  rows: number;
  bytes: number;
}

export async function databaseStats(db: Database, now: Date, progress: (line: string) => void = () => undefined): Promise<string> {
  const tables = await sqlRows<{ name: string; bytes: string | number }>(
    db,
    sql`select c.relname as name, pg_total_relation_size(c.oid) as bytes
      from pg_class c join pg_namespace n on n.oid = c.relnamespace
      where n.nspname = current_schema() and c.relkind in ('r', 'p') order by c.relname`,
  );
  const stats: TableStats[] = [];
  for (const [index, table] of tables.entries()) {
    progress(`Counting the rows of table ${index + 1} of ${tables.length} (${table.name}).`);
    const [counted] = await sqlRows<{ total: number }>(db, sql`select count(*)::integer as total from ${sql.identifier(table.name)}`);
    stats.push({ name: table.name, rows: counted?.total ?? 0, bytes: Number(table.bytes) });
  }
  const [size] = await sqlRows<{ bytes: string | number }>(db, sql`select pg_database_size(current_database()) as bytes`);
  const table = textTable(
    ['table', 'rows', 'size (with indexes)'],
    stats.map((entry) => [entry.name, entry.rows.toLocaleString('en-GB'), formatBytes(entry.bytes)]),
  );
  const totalRows = stats.reduce((sum, entry) => sum + entry.rows, 0);
  return [
    `database_stats (${formatTime(now)})`,
    '',
    table,
    '',
    `${stats.length} tables, ${totalRows.toLocaleString('en-GB')} rows. Database size: ${formatBytes(Number(size?.bytes ?? 0))}.`,
  ].join('\n');
}

/** Rebuilds the items' full-text index (and refreshes the planner's statistics of items). */
export async function updateSearchIndexes(db: Database, now: Date, progress: (line: string) => void = () => undefined): Promise<string> {
  const started = performance.now();
  progress(`Rebuilding the full-text index ${ITEMS_SEARCH_INDEX}.`);
  await db.execute(sql`reindex index ${sql.identifier(ITEMS_SEARCH_INDEX)}`);
  progress('Refreshing the statistics of items.');
  await db.execute(sql`analyze items`);
  const elapsed = Math.round(performance.now() - started);
  return `update-search-indexes (${formatTime(now)})\n\nRebuilt the full-text index ${ITEMS_SEARCH_INDEX} and refreshed the statistics of items in ${elapsed} ms.`;
}

export function notionSeeder(now: Date): string {
  return `notion_seeder (${formatTime(now)})\n\nNo Notion source is configured, so there is nothing to seed. Nothing was changed.`;
}
