/**
 * `npx tsx scripts/bench-batch-edit.ts [--items N]`: times a batch edit (issue 19 §1) of N items (10,000 by default)
 * — its preview, the run (a tag added to every item, one history entry each) and its undo — on a fresh migrated
 * database: PGlite in memory, or the PostgreSQL server of BENCH_DATABASE_URL (whose tables it fills: use a scratch
 * database). Calls the feature's functions directly, as an admin's request would. See docs/performance.md.
 */
import { parseArgs } from 'node:util';
import { sql } from 'drizzle-orm';
import { ANONYMOUS, type Viewer } from '../server/access/policy';
import { runWithChangeContext } from '../server/db/change-context';
import { openDatabase } from '../server/db/client';
import { migrateDatabase } from '../server/db/migrate';
import { items, tags, taxonomies } from '../server/db/schema';
import { resolveAction } from '../server/features/batch-edit/action';
import { applyBatch, previewBatch } from '../server/features/batch-edit/batch';
import { findRecordedBatch, undoBatch } from '../server/features/batch-edit/undo';

const { values } = parseArgs({ options: { items: { type: 'string', default: '10000' } } });
const count = Number(values.items);

const handle = await openDatabase({ url: process.env.BENCH_DATABASE_URL, pgliteDataDir: 'memory://', poolSize: 4 });
try {
  await migrateDatabase(handle);
  const { db } = handle;
  const [taxonomy] = await db.insert(taxonomies).values({ title: 'Bench topics', multiselect: true, position: 0 }).returning();
  const [tag] = await db.insert(tags).values({ taxonomyId: taxonomy!.id, label: 'Primary', position: 0 }).returning();
  await db.execute(sql`
    INSERT INTO ${items} (ref, code, title, topic, blurb, authors, visibility, minimum_access_level, created_by_user_id)
    SELECT 'bench' || n, 'B-' || n, 'Bench item ' || n, 'Topic', 'Blurb', '{}', 50, 0, NULL FROM generate_series(1, ${count}) AS n`);
  const refs = (await db.select({ ref: items.ref }).from(items)).map((row) => row.ref);
  // An admin (the history names an actor by id only; no user row is needed for the timing).
  const viewer: Viewer = { ...ANONYMOUS, id: 1, ref: 'benchadmin', name: 'Bench Admin', level: 6, admin: true, emailVerified: true };
  const context = () => ({ actor: viewer.id, impersonator: null, route: 'bench', request: null });

  await runWithChangeContext(context, async () => {
    const resolved = await resolveAction(db, viewer, { kind: 'add_tags', tags: [tag!.ref] });
    if (!resolved.ok) throw new Error(JSON.stringify(resolved.errors));
    const preview = await timed('preview', () => previewBatch(db, viewer, resolved.action, refs));
    const result = await timed('apply', () => applyBatch(db, viewer, resolved.action, refs));
    const recorded = (await findRecordedBatch(db, result.batch!))!;
    const undone = await timed('undo', () => undoBatch(db, viewer, recorded));
    console.log({
      engine: handle.kind,
      items: count,
      preview: preview.description,
      applied: result.description,
      undone: undone.ok && undone.result.description,
    });
  });
} finally {
  await handle.close();
}

async function timed<T>(label: string, work: () => Promise<T>): Promise<T> {
  const started = performance.now();
  const result = await work();
  console.log(`${label}: ${((performance.now() - started) / 1000).toFixed(2)} s`);
  return result;
}
