/**
 * The route fuzz suite (issue 14 §3): every route the app registers, found from the app itself, receives generated
 * hostile requests as every role. No answer may be a 5xx, and a refused request (4xx, or a redirect back with
 * validation errors) must leave every table as it was.
 *
 * FUZZ_SEED reproduces a run; FUZZ_CASES sets how many requests each seed sends. Each run sends the fixed seed's
 * cases and then a random seed's, and prints both seeds.
 */
import fc from 'fast-check';
import { getTableColumns, getTableName, is } from 'drizzle-orm';
import { PgTable } from 'drizzle-orm/pg-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { FastifyInstance, Session } from 'fastify';
import * as schema from '../../server/db/schema';
import { INPUT_REFUSED } from '../../shared/messages';
import { seedDemoLibrary } from '../../server/db/seed';
import { DEMO_ACCOUNTS } from '../../server/db/seed/accounts';
import { XSRF_COOKIE } from '../../shared/http';
import { useTestApp } from '../support/app';
import { assetVersion, csrfJar, visit } from '../support/http';
import { signedIn } from '../support/sessions';
import { changedTables, fingerprint, type Fingerprint } from '../support/fuzz/database-fingerprint';
import {
  caseArbitrary,
  declaredFields,
  describeCase,
  injectOptions,
  ROLES,
  routeKey,
  type FuzzCase,
  type FuzzWorld,
  type Role,
  type RoleSession,
} from '../support/fuzz/requests';

const FIXED_SEED = 20_261_124;
const CASES_PER_SEED = Number(process.env.FUZZ_CASES ?? 2500);
const randomSeed = process.env.FUZZ_SEED ? Number(process.env.FUZZ_SEED) : Math.floor(Math.random() * 2 ** 31);
/** Sessions and refs are renewed this often, so cases that sign out, delete or impersonate do not starve the rest. */
const CASES_PER_ROUND = 250;

const ROLE_EMAILS: Record<Exclude<Role, 'anonymous'>, string> = {
  member: 'member@example.org',
  leader: 'leader@example.org',
  staff: 'staff@example.org',
  admin: 'admin@example.org',
  superadmin: 'superadmin@example.org',
};
const NO_LIMITS = Object.fromEntries(
  ['RATE_LIMIT_MAX', 'RATE_LIMIT_SIGN_IN_MAX', 'RATE_LIMIT_UPLOAD_MAX', 'RATE_LIMIT_SHARE_MAX', 'RATE_LIMIT_USER_SEARCH_MAX', 'RATE_LIMIT_INVITE_MAX'].map(
    (name) => [name, '1000000'],
  ),
);

interface Finding {
  fuzzCase: string;
  status: number;
  problem: string;
}

const context = useTestApp({
  env: NO_LIMITS,
  seed: (handle) => seedDemoLibrary(handle.db, { items: 24, referenceDate: new Date('2026-11-01T00:00:00Z') }).then(() => undefined),
});

/** The fields the request being sent stored validation errors for (a refusal that redirects back); null: none. */
let storedErrors: string[] | null = null;
/** What the suite learned about each route's fields from its refusals, so later rounds send those fields. */
const fieldsByRoute = new Map<string, string[]>();

beforeAll(() => {
  const store = context.app.sessionStore;
  const save = store.set.bind(store);
  store.set = (sessionId: string, session: Session, callback: (error?: unknown) => void) => {
    if (session.inertiaErrors !== undefined) storedErrors = fieldNames(session.inertiaErrors);
    save(sessionId, session, callback);
  };
});

/** Refs of every table that has them, for the generator to use in paths and fields (the role accounts left out). */
async function existingRefs(app: FastifyInstance): Promise<Record<string, string[]>> {
  const refs: Record<string, string[]> = {};
  const roleEmails = new Set(Object.values(ROLE_EMAILS));
  for (const table of Object.values(schema as Record<string, unknown>)) {
    if (!is(table, PgTable) || !('ref' in getTableColumns(table))) continue;
    const columns = getTableColumns(table) as Record<string, never>;
    const rows = (await app.db.select().from(table).limit(40)) as Record<string, unknown>[];
    refs[getTableName(table)] = rows.filter((row) => !('email' in columns) || !roleEmails.has(String(row.email))).map((row) => String(row.ref));
  }
  return refs;
}

/**
 * Field names of an errors object, bagged or not. A field refused only for unstorable characters says nothing about
 * the route (any field is refused so), so it is not learned.
 */
function fieldNames(errors: Record<string, unknown>): string[] {
  return Object.entries(errors).flatMap(([key, value]) =>
    value !== null && typeof value === 'object' && !Array.isArray(value)
      ? fieldNames(value as Record<string, unknown>)
      : value === INPUT_REFUSED.unstorable
        ? []
        : [key],
  );
}

function learnFields(route: string, fields: string[]): void {
  const known = fieldsByRoute.get(route) ?? [];
  const added = fields.filter((field) => field !== 'form' && !known.includes(field));
  if (added.length) fieldsByRoute.set(route, [...known, ...added]);
}

function errorsOfJson(body: string): string[] {
  try {
    const errors = (JSON.parse(body) as { errors?: unknown }).errors;
    return errors && typeof errors === 'object' ? fieldNames(errors as Record<string, unknown>) : [];
  } catch {
    return [];
  }
}

async function roleSessions(app: FastifyInstance): Promise<Record<Role, RoleSession>> {
  const sessions = {} as Record<Role, RoleSession>;
  for (const role of ROLES) {
    const jar = role === 'anonymous' ? await csrfJar(app) : await signedIn(app, ROLE_EMAILS[role]);
    sessions[role] = { cookie: jar.header(), xsrf: decodeURIComponent(jar.get(XSRF_COOKIE) ?? '') };
  }
  return sessions;
}

async function fuzzWorld(app: FastifyInstance): Promise<FuzzWorld> {
  return {
    routes: app.routeTable,
    refs: await existingRefs(app),
    knownValues: [...DEMO_ACCOUNTS.map((account) => account.email), 'Games', 'Prayer', 'Youth', '1', '2', '3', '4', '5', '6', 'true', 'false'],
    fieldsByRoute,
  };
}

/** Fastify's default error JSON (`{ statusCode, code, error, message }`), which the app must never let through. */
const isFrameworkAnswer = (body: string) => /^\{"statusCode":|"code":"FST_/.test(body);

async function settledFingerprint(app: FastifyInstance): Promise<Fingerprint> {
  await app.itemViews.flush();
  return fingerprint(app.db);
}

/** Sends the cases and returns what went wrong, plus how many answers each status class had. */
async function runCases(app: FastifyInstance, seed: number): Promise<{ findings: Finding[]; statuses: Record<string, number>; routes: Set<string> }> {
  const findings: Finding[] = [];
  const statuses: Record<string, number> = {};
  const routes = new Set<string>();
  const version = await assetVersion(app);
  for (let round = 0; round * CASES_PER_ROUND < CASES_PER_SEED; round++) {
    const world = await fuzzWorld(app);
    const sessions = await roleSessions(app);
    let before = await settledFingerprint(app);
    const count = Math.min(CASES_PER_ROUND, CASES_PER_SEED - round * CASES_PER_ROUND);
    const cases: FuzzCase[] = fc.sample(caseArbitrary(world), { seed: seed + round, numRuns: count });
    for (const fuzzCase of cases) {
      storedErrors = null;
      const response = await app.inject(injectOptions(fuzzCase, sessions[fuzzCase.role], version));
      const after = await settledFingerprint(app);
      routes.add(`${fuzzCase.route.method} ${fuzzCase.route.url}`);
      const statusClass = `${Math.floor(response.statusCode / 100)}xx`;
      statuses[statusClass] = (statuses[statusClass] ?? 0) + 1;
      const refused = response.statusCode >= 400 || storedErrors !== null;
      learnFields(routeKey(fuzzCase.route), [...(storedErrors ?? []), ...(response.statusCode === 422 ? errorsOfJson(response.body) : [])]);
      if (response.statusCode >= 500) findings.push({ fuzzCase: describeCase(fuzzCase), status: response.statusCode, problem: response.body.slice(0, 300) });
      if (isFrameworkAnswer(response.body))
        findings.push({ fuzzCase: describeCase(fuzzCase), status: response.statusCode, problem: `Fastify's own answer: ${response.body.slice(0, 200)}` });
      const changed = refused ? changedTables(before, after) : [];
      if (changed.length > 0)
        findings.push({ fuzzCase: describeCase(fuzzCase), status: response.statusCode, problem: `refused, yet changed ${changed.join(', ')}` });
      // Errors wait in the session until a page shows them; showing them now keeps the next case's check exact.
      if (storedErrors) await visit(app, '/', undefined, { cookie: sessions[fuzzCase.role].cookie });
      before = after;
    }
  }
  return { findings, statuses, routes };
}

const declaredRoutes = () => context.app.routeTable.filter((route) => declaredFields(route.schema?.body).length > 0).length;

describe('the route fuzz suite', () => {
  let total = 0;
  afterAll(() => console.log(`route fuzz: ${total} cases over ${context.app?.routeTable.length ?? 0} route methods on ${context.database?.kind}`));

  it('finds every route from the app itself', () => {
    const urls = context.app.routeTable.map((route) => `${route.method} ${route.url}`);
    expect(urls).toContain('PATCH /i/:ref');
    expect(urls).toContain('POST /collection/:ref/share');
    expect(urls.length).toBeGreaterThan(100);
  });

  for (const [name, seed] of [
    ['the fixed seed', FIXED_SEED],
    ['a random seed', randomSeed],
  ] as const) {
    it(`answers no 5xx and changes nothing when it refuses (${name}: FUZZ_SEED=${seed})`, async () => {
      const { findings, statuses, routes } = await runCases(context.app, seed);
      total += CASES_PER_SEED;
      console.log(
        `route fuzz, FUZZ_SEED=${seed}: ${CASES_PER_SEED} cases, ${routes.size} route methods reached, answers ${JSON.stringify(statuses)}, body fields declared by ${declaredRoutes()} routes and learned for ${fieldsByRoute.size}, ${findings.length} findings`,
      );
      expect(findings.slice(0, 25)).toEqual([]);
    }, 900_000);
  }
});
