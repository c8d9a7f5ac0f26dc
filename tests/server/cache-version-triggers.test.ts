/**
 * The library cache is never stale only if every table its answers read raises the version they follow. Two checks
 * make that a fact instead of a rule to remember:
 * - every entry of CACHE_DEPENDENCIES (server/features/discovery/cache-dependencies.ts) against the triggers the
 *   migrations left in the catalog, and the functions they call;
 * - every table the cached answers read, found by computing each of them (index, searches, tag pages, counts,
 *   suggestions, type-ahead, the tag catalogue, item pages) and asking the planner which relations their statements
 *   read, against the registry and the short list of tables that cannot change an answer.
 */
import { AsyncLocalStorage } from 'node:async_hooks';
import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { beforeAll, describe, expect, it, vi } from 'vitest';
import { eq, sql, TransactionRollbackError } from 'drizzle-orm';
import type { Database } from '../../server/db/client';
import { libraryState } from '../../server/db/schema';
import { seedIfEmpty } from '../../server/db/seed';
import { sqlRows } from '../../server/db/sql-rows';
import {
  CACHE_DEPENDENCIES,
  EVERY_WRITE,
  TABLES_THAT_CANNOT_CHANGE_A_CACHED_ANSWER,
  VERSION_FUNCTIONS,
  type CacheVersion,
  type TableDependency,
  type TableWrite,
} from '../../server/features/discovery/cache-dependencies';
import type { CacheDependency, LibraryCache } from '../../server/features/discovery/library-cache';
import { useTestApp, type CookieJar } from '../support/app';
import { signInAs, visit } from '../support/http';

const ctx = useTestApp({
  seed: async (handle) => {
    await seedIfEmpty(handle.db, { items: 40 });
  },
});

type Executor = Pick<Database, 'execute'>;

const REGISTRY_FILE = 'server/features/discovery/cache-dependencies.ts';

// pg_trigger.tgtype's bits for each kind of write.
const WRITE_BITS: Record<TableWrite, number> = { insert: 4, delete: 8, update: 16, truncate: 32 };

interface CatalogTrigger {
  table: string;
  trigger: string;
  function: string;
  type: number;
  enabled: boolean;
  conditional: boolean;
  columns: string[];
}

async function catalogTriggers(db: Executor): Promise<CatalogTrigger[]> {
  return sqlRows<CatalogTrigger>(
    db as Database,
    sql`select c.relname as "table", t.tgname as "trigger", p.proname as "function", t.tgtype::int as "type",
      t.tgenabled <> 'D' as "enabled", t.tgqual is not null as "conditional",
      coalesce((select array_agg(a.attname::text order by a.attname) from pg_attribute a
        where a.attrelid = t.tgrelid and a.attnum = any (t.tgattr::int2[])), '{}'::text[]) as "columns"
    from pg_trigger t
    join pg_class c on c.oid = t.tgrelid
    join pg_namespace n on n.oid = c.relnamespace
    join pg_proc p on p.oid = t.tgfoid
    where n.nspname = 'public' and not t.tgisinternal`,
  );
}

/** The plpgsql and SQL functions of the schema, each with the functions its source calls, directly or not. */
async function functionsReached(db: Executor): Promise<Map<string, { source: string; reaches: Set<string> }>> {
  const rows = await sqlRows<{ name: string; source: string }>(
    db as Database,
    sql`select p.proname as "name", p.prosrc as "source" from pg_proc p join pg_namespace n on n.oid = p.pronamespace
    where n.nspname = 'public' and p.prolang in (select oid from pg_language where lanname in ('plpgsql', 'sql'))`,
  );
  const names = new Set(rows.map((row) => row.name));
  const calls = new Map(rows.map((row) => [row.name, calledFunctions(row.source, names)]));
  const reached = new Map<string, { source: string; reaches: Set<string> }>();
  for (const row of rows) {
    const reaches = new Set<string>();
    const pending = [...calls.get(row.name)!];
    while (pending.length > 0) {
      const next = pending.pop()!;
      if (reaches.has(next)) continue;
      reaches.add(next);
      pending.push(...(calls.get(next) ?? []));
    }
    reached.set(row.name, { source: row.source, reaches });
  }
  return reached;
}

function calledFunctions(source: string, names: ReadonlySet<string>): Set<string> {
  return new Set([...source.matchAll(/"?([A-Za-z_][A-Za-z0-9_]*)"?\s*\(/g)].map((match) => match[1].toLowerCase()).filter((name) => names.has(name)));
}

/** Which versions a trigger function raises: the version functions it is, or reaches. */
function versionsRaisedBy(fn: string, functions: Map<string, { reaches: Set<string> }>): Set<CacheVersion> {
  const reached = new Set([fn, ...(functions.get(fn)?.reaches ?? [])]);
  const raised = new Set<CacheVersion>();
  for (const [version, name] of Object.entries(VERSION_FUNCTIONS) as [CacheVersion, string][]) if (reached.has(name)) raised.add(version);
  // Each of them notes a change, and every noted change raises library_state.version at commit.
  if (raised.size > 0) raised.add('library');
  return raised;
}

const VERSION_TRIGGER_FUNCTIONS: Record<CacheVersion, string> = {
  library: 'bump_library_version()',
  lists: 'bump_library_lists_version()',
  levelLists: 'bump_level_lists_versions(lowest) (or bump_every_level_lists_version())',
};

/** What to do about a missing trigger: the sentence every problem of the catalog ends with. */
function fixFor(version: CacheVersion): string {
  return `Add a trigger calling ${VERSION_TRIGGER_FUNCTIONS[version]} in a new migration (in the style of migration 0035), or correct the table's entry in ${REGISTRY_FILE}.`;
}

/** Each way the catalog falls short of the registry, as a sentence naming the table; none when it holds. */
async function triggerProblems(db: Executor, registry: Readonly<Record<string, TableDependency>> = CACHE_DEPENDENCIES): Promise<string[]> {
  const triggers = await catalogTriggers(db);
  const functions = await functionsReached(db);
  const problems: string[] = [];
  for (const [table, dependency] of Object.entries(registry)) {
    const own = triggers.filter((trigger) => trigger.table === table && trigger.enabled && !trigger.conditional);
    for (const rule of dependency.rules) {
      const missing = (rule.on ?? EVERY_WRITE).filter(
        (write) =>
          !own.some(
            (trigger) =>
              (trigger.type & WRITE_BITS[write]) !== 0 &&
              versionsRaisedBy(trigger.function, functions).has(rule.raises) &&
              (write !== 'update' || trigger.columns.length === 0 || (rule.updateOf ?? []).every((column) => trigger.columns.includes(column))) &&
              (write !== 'update' || trigger.columns.length === 0 || rule.updateOf !== undefined),
          ),
      );
      if (missing.length > 0) {
        const columns = missing.includes('update') && rule.updateOf ? ` (update of ${rule.updateOf.join(', ')})` : '';
        problems.push(`${table}: no trigger raises the ${rule.raises} version on ${missing.join(', ')}${columns}. ${fixFor(rule.raises)}`);
      }
    }
  }
  return problems;
}

interface Statement {
  text: string;
  params: unknown[];
}

/** One cached answer as computed: its key, the version it follows, the line of server/ that caches it and what it ran. */
interface CachedAnswer {
  key: string;
  dependsOn: CacheDependency;
  site: string;
  statements: Statement[];
}

interface QueryClient {
  query(first: string | { text: string; values?: unknown[] }, params?: unknown[], ...rest: unknown[]): Promise<{ rows: Record<string, unknown>[] }>;
}

const computing = new AsyncLocalStorage<CachedAnswer>();

/** Where in server/ (file:line) the answer being remembered is cached: the first frame outside the cache itself. */
function cachingSite(stack: string): string {
  for (const line of stack.split('\n')) {
    const frame = /\((.*?):(\d+):\d+\)$/.exec(line.trim()) ?? /at (.*?):(\d+):\d+$/.exec(line.trim());
    if (!frame) continue;
    const file = path.relative(process.cwd(), frame[1]);
    if (file.startsWith('server/') && !file.endsWith('library-cache.ts')) return `${file}:${frame[2]}`;
  }
  return 'unknown';
}

/** The lines of server/ that cache an answer. */
function cachingSites(): string[] {
  const sites: string[] = [];
  for (const file of readdirSync('server', { recursive: true, encoding: 'utf8' })) {
    if (!file.endsWith('.ts') || file.endsWith('library-cache.ts')) continue;
    const lines = readFileSync(path.join('server', file), 'utf8').split('\n');
    lines.forEach((line, index) => {
      if (/\brememberList\(|\.remember\(/.test(line)) sites.push(`server/${file}:${index + 1}`);
    });
  }
  return sites;
}

/** The tables the planner says a statement reads (views and CTEs resolved to tables), and the functions it calls. */
async function relationsRead(query: QueryClient['query'], statement: Statement): Promise<string[]> {
  // An answer may ask the planner itself (a search's size estimate): explain the statement it explains.
  const text = statement.text.replace(/^\s*explain\s*(\([^)]*\))?\s*/i, '');
  const result = await query(`explain (format json) ${text}`, statement.params);
  const raw = Object.values(result.rows[0])[0];
  const plan = (typeof raw === 'string' ? JSON.parse(raw) : raw) as { Plan: PlanNode }[];
  const relations = new Set<string>();
  const walk = (node: PlanNode) => {
    if (node['Relation Name']) relations.add(node['Relation Name']);
    for (const child of node.Plans ?? []) walk(child);
  };
  walk(plan[0].Plan);
  return [...relations];
}

interface PlanNode {
  'Relation Name'?: string;
  Plans?: PlanNode[];
}

interface TableRead {
  table: string;
  dependsOn: CacheDependency;
  answers: string[];
}

let answers: CachedAnswer[] = [];
let tablesRead: TableRead[] = [];

/** Every cached answer, computed afresh (the cache is bypassed) for several kinds of viewer, with what it ran. */
async function computeEveryCachedAnswer(): Promise<CachedAnswer[]> {
  const computed: CachedAnswer[] = [];
  const cache: LibraryCache = ctx.app.libraryCache;
  vi.spyOn(cache, 'remember').mockImplementation((_snapshot, key, compute, dependsOn = 'library') => {
    const answer: CachedAnswer = { key, dependsOn, site: cachingSite(new Error().stack ?? ''), statements: [] };
    computed.push(answer);
    return computing.run(answer, compute);
  });
  const client = (ctx.database.db as unknown as { $client: QueryClient }).$client;
  const query = client.query.bind(client);
  vi.spyOn(client, 'query').mockImplementation((first, params, ...rest) => {
    const answer = computing.getStore();
    if (answer) {
      const text = typeof first === 'string' ? first : first.text;
      answer.statements.push({ text, params: Array.isArray(params) ? params : typeof first === 'string' ? [] : (first.values ?? []) });
    }
    return query(first, params, ...rest);
  });
  try {
    const db = ctx.database.db;
    const tagRows = await sqlRows<{ ref: string; label: string }>(db, sql`select ref, label from tags order by id limit 2`);
    // Items that hold each part of the page (comments, tasks, relations, contents…), and the first few.
    const itemRefs = await sqlRows<{ ref: string }>(
      db,
      sql`select ref from items where id in (
        (select min(item_id) from comments), (select min(item_id) from tasks), (select min(item_id) from relations),
        (select min(item_id) from contents), (select min(item_id) from item_characteristics), (select min(item_id) from item_affirmations),
        (select min(item_id) from item_images), (select min(item_id) from shares)) or id <= 4 order by id`,
    );
    // Someone whose lists are their own (they maintain items or received a share).
    const [personal] = await sqlRows<{ email: string }>(
      db,
      sql`select email from users where email like '%@example.org' and not admin
        and (exists (select 1 from items where created_by_user_id = users.id) or exists (select 1 from shares where to_user_id = users.id))
        order by id limit 1`,
    );
    const viewers: (CookieJar | undefined)[] = [undefined];
    for (const email of ['member@example.org', 'staff@example.org', 'admin@example.org', ...(personal ? [personal.email] : [])]) {
      viewers.push(await signInAs(ctx.app, email));
    }
    const tags = tagRows.map((tag) => tag.ref).join('-');
    const urls = [
      '/item',
      '/item?search=assembly',
      '/item?search=asembly%20lost',
      '/item?search=zzqqxx',
      `/item?tags=${tags}`,
      `/item?search=a&tags=${tags}`,
      `/tag/${encodeURIComponent(tagRows[0].label)}`,
      ...itemRefs.map((item) => `/i/${item.ref}`),
    ];
    for (const jar of viewers) {
      for (const url of urls) await visit(ctx.app, url, jar);
      for (const typed of ['ass', 'asemb', 'camp song']) {
        const response = await ctx.app.inject({
          url: `/item?${new URLSearchParams({ search: typed, simplejson: 'true' })}`,
          headers: { accept: 'application/json', cookie: jar?.header() ?? '' },
        });
        expect(response.statusCode).toBe(200);
      }
    }
    return computed;
  } finally {
    vi.restoreAllMocks();
  }
}

async function tablesReadBy(computed: CachedAnswer[]): Promise<TableRead[]> {
  const client = (ctx.database.db as unknown as { $client: QueryClient }).$client;
  const query = client.query.bind(client);
  const tableNames = new Set(
    (await sqlRows<{ name: string }>(ctx.database.db, sql`select tablename as "name" from pg_tables where schemaname = 'public'`)).map((row) => row.name),
  );
  const functions = await functionsReached(ctx.database.db);
  const reads = new Map<string, TableRead>();
  for (const answer of computed) {
    for (const statement of answer.statements) {
      const tables = new Set(await relationsRead(query, statement));
      // The planner does not look inside a function: the tables a called function names count as read.
      for (const called of calledFunctions(statement.text, new Set(functions.keys()))) {
        for (const fn of [called, ...functions.get(called)!.reaches]) {
          for (const word of functions.get(fn)!.source.matchAll(/[A-Za-z_][A-Za-z0-9_]*/g)) if (tableNames.has(word[0])) tables.add(word[0]);
        }
      }
      for (const table of tables) {
        const id = `${table}|${answer.dependsOn}`;
        const read = reads.get(id) ?? { table, dependsOn: answer.dependsOn, answers: [] };
        if (!read.answers.includes(answer.key)) read.answers.push(answer.key);
        reads.set(id, read);
      }
    }
  }
  return [...reads.values()].sort((a, b) => a.table.localeCompare(b.table) || a.dependsOn.localeCompare(b.dependsOn));
}

/** Each table a cached answer reads that no version covers, as a sentence naming it and what to add. */
function readProblems(
  reads: readonly TableRead[],
  registry: Readonly<Record<string, TableDependency>> = CACHE_DEPENDENCIES,
  unchanging: Readonly<Record<string, string>> = TABLES_THAT_CANNOT_CHANGE_A_CACHED_ANSWER,
): string[] {
  const problems: string[] = [];
  for (const read of reads) {
    if (read.table in unchanging) continue;
    const dependency = registry[read.table];
    const example = `${read.answers.length} cached answer(s) following the ${read.dependsOn} version, e.g. ${read.answers[0]}`;
    const bump = read.dependsOn === 'lists' ? 'bump_library_lists_version()' : 'bump_library_version()';
    if (!dependency) {
      problems.push(
        `${read.table} is read by ${example}, and is not in CACHE_DEPENDENCIES: add a trigger calling ${bump} in a new ` +
          `migration and the table's entry in ${REGISTRY_FILE}, or, if no write to it can change a cached answer, add it ` +
          `with why to TABLES_THAT_CANNOT_CHANGE_A_CACHED_ANSWER.`,
      );
      continue;
    }
    const raised = new Set(dependency.rules.map((rule) => rule.raises));
    if (read.dependsOn === 'lists' && !raised.has('lists')) {
      problems.push(`${read.table} is read by ${example}, but its entry in ${REGISTRY_FILE} does not raise the lists version: add a trigger calling ${bump}.`);
    }
    if (read.dependsOn === 'lists' && !raised.has('levelLists') && !dependency.noLevelLists) {
      problems.push(
        `${read.table} is read by ${example}, but its entry in ${REGISTRY_FILE} raises no level's lists version: add a ` +
          `trigger calling bump_level_lists_versions(lowest) or bump_every_level_lists_version(), or say in noLevelLists why no level's lists can change.`,
      );
    }
  }
  return problems;
}

beforeAll(async () => {
  answers = await computeEveryCachedAnswer();
  tablesRead = await tablesReadBy(answers);
}, 120_000);

async function versions(): Promise<{ version: number; lists: number; levels: number[] }> {
  const [row] = await ctx.database.db.select().from(libraryState).where(eq(libraryState.id, 1));
  return { version: Number(row.version), lists: Number(row.listsVersion), levels: row.levelListsVersions.map(Number) };
}

describe('the version triggers the library cache relies on', () => {
  it('raise the version each version function stands for, as its transaction commits', async () => {
    for (const version of ['library', 'lists'] as const) {
      const before = await versions();
      await ctx.database.db.transaction(async (tx) => {
        await tx.execute(sql`create temporary table version_probe (x integer) on commit drop`);
        await tx.execute(
          sql.raw(`create trigger version_probe_raise before insert on version_probe for each statement execute function ${VERSION_FUNCTIONS[version]}()`),
        );
        await tx.execute(sql`insert into version_probe values (1)`);
      });
      const after = await versions();
      expect(after, version).toEqual({ version: before.version + 1, lists: before.lists + (version === 'lists' ? 1 : 0), levels: before.levels });
    }
    const before = await versions();
    await ctx.database.db.transaction(async (tx) => {
      await tx.execute(sql.raw(`select ${VERSION_FUNCTIONS.levelLists}(2)`));
    });
    expect(await versions()).toEqual({
      version: before.version + 1,
      lists: before.lists,
      levels: before.levels.map((version, level) => version + (level >= 2 ? 1 : 0)),
    });
  });

  it('are in the catalog for every table and write the registry names', async () => {
    expect(await triggerProblems(ctx.database.db)).toEqual([]);
  });

  it('name the table and what to add when one is missing', async () => {
    let problems: string[] = [];
    await ctx.database.db
      .transaction(async (tx) => {
        await tx.execute(sql`drop trigger comments_library_version on comments`);
        await tx.execute(sql`drop trigger items_level_lists_version_update on items`);
        problems = await triggerProblems(tx);
        tx.rollback();
      })
      .catch((error: unknown) => {
        if (!(error instanceof TransactionRollbackError)) throw error;
      });
    expect(problems).toEqual([
      `items: no trigger raises the levelLists version on update. ${fixFor('levelLists')}`,
      `comments: no trigger raises the library version on insert, update, delete, truncate. ${fixFor('library')}`,
    ]);
    // An update of columns the trigger leaves out is not covered either.
    expect(await triggerProblems(ctx.database.db, { items: { rules: [{ raises: 'lists', updateOf: ['authors'], why: 'a test' }] } })).toEqual([
      `items: no trigger raises the lists version on update (update of authors). ${fixFor('lists')}`,
    ]);
    expect(await triggerProblems(ctx.database.db)).toEqual([]);
  });
});

describe('the tables the cached answers read', () => {
  it('come from every place in server/ that caches an answer', () => {
    const reached = new Set(answers.map((answer) => answer.site));
    const unreached = cachingSites().filter((site) => !reached.has(site));
    expect(unreached, 'cached answers no request of this test computes: add a request that reaches them').toEqual([]);
  });

  it('are each raised by a version trigger, or cannot change an answer', () => {
    expect(tablesRead.map((read) => read.table)).toEqual(expect.arrayContaining(['items', 'item_tags', 'comments', 'tasks', 'users', 'title_words']));
    expect(readProblems(tablesRead)).toEqual([]);
  });

  it('list only tables that exist and that a cached answer reads', () => {
    const read = new Set(tablesRead.map((entry) => entry.table));
    expect(Object.keys(CACHE_DEPENDENCIES).filter((table) => !read.has(table))).toEqual([]);
    expect(Object.keys(TABLES_THAT_CANNOT_CHANGE_A_CACHED_ANSWER).filter((table) => !read.has(table))).toEqual([]);
  });

  it('name the table and what to add when one is not covered', () => {
    const { comments: _comments, ...withoutComments } = CACHE_DEPENDENCIES;
    const problems = readProblems(tablesRead, withoutComments);
    expect(problems).toHaveLength(1);
    expect(problems[0]).toMatch(
      /^comments is read by \d+ cached answer\(s\) following the library version, e\.g\. item-page:\d+:\S+, and is not in CACHE_DEPENDENCIES: add a trigger calling bump_library_version\(\)/,
    );
    const { shares, ...rest } = CACHE_DEPENDENCIES;
    expect(readProblems(tablesRead, { ...rest, shares: { rules: shares.rules } }).map((problem) => problem.split(',')[0])).toEqual([
      expect.stringMatching(/^shares is read by \d+ cached answer\(s\) following the lists version/),
    ]);
  });
});
