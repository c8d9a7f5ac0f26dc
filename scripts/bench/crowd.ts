/**
 * The crowd scenario (issue 14 §6): 50 signed-in people behind one address (an office, a church hall on one Wi-Fi),
 * at 200 connections, against a server with the default rate limits. Nobody reading should ever get a 429.
 * Sessions are written straight into the database (demo sign-in knows only the ten demo accounts), signed with the
 * bench server's secret.
 */
import { randomBytes } from 'node:crypto';
import { Signer } from '@fastify/cookie';
import { and, asc, eq, isNotNull, like, sql } from 'drizzle-orm';
import { listableItemsCondition } from '../../server/access/policy';
import { loadViewer } from '../../server/auth/viewer';
import { SESSION_COOKIE } from '../../server/auth/session';
import type { Database } from '../../server/db/client';
import { items, sessions, users, userTypes } from '../../server/db/schema';
import type { Scenario } from './load';

export const CROWD_SIZE = 50;
export const CROWD_CONNECTIONS = 200;
export const CROWD_SCENARIO_NAME = `crowd: ${CROWD_SIZE} people from one address, default limits`;
const EXTRA_PERSON_EMAIL = (number: number) => `bench-person-${number}@example.org`;
const SESSION_DAYS = 2;
const CROWD_ITEM_PAGES = 16;

export interface Crowd {
  /** Cookie headers of the signed-in people. */
  cookies: string[];
  /** Items every one of them may open (listed for a level-1 member). */
  itemRefs: string[];
}

export async function prepareCrowd(db: Database, secret: string): Promise<Crowd> {
  return { cookies: await crowdCookies(db, secret), itemRefs: await itemsEveryoneOpens(db) };
}

async function itemsEveryoneOpens(db: Database): Promise<string[]> {
  const [member] = await db.select({ id: users.id }).from(users).where(eq(users.email, 'member@example.org')).limit(1);
  const viewer = member ? await loadViewer(db, member.id) : null;
  if (!viewer) throw new Error('The crowd scenario needs the demo member account');
  const rows = await db
    .select({ ref: items.ref })
    .from(items)
    .where(listableItemsCondition(viewer))
    .orderBy(sql`md5(${items.ref})`)
    .limit(CROWD_ITEM_PAGES);
  return rows.map((row) => row.ref);
}

/** Cookie headers of `CROWD_SIZE` signed-in people who are not admins (extra people are added when the library has too few). */
async function crowdCookies(db: Database, secret: string): Promise<string[]> {
  const people = await crowdPeople(db);
  const signer = new Signer(secret);
  const expiresAt = new Date(Date.now() + SESSION_DAYS * 24 * 3600 * 1000);
  const rows = people.map((userId) => ({
    sid: randomBytes(24).toString('base64url'),
    userId,
    expiresAt,
    data: {
      userId,
      renewedOn: new Date().toISOString().slice(0, 10),
      cookie: { originalMaxAge: SESSION_DAYS * 24 * 3600 * 1000, expires: expiresAt.toISOString(), path: '/', httpOnly: true, sameSite: 'lax', secure: false },
    },
  }));
  await db.insert(sessions).values(rows);
  return rows.map((row) => `${SESSION_COOKIE}=${encodeURIComponent(signer.sign(row.sid))}`);
}

async function crowdPeople(db: Database): Promise<number[]> {
  const existing = await db
    .select({ id: users.id })
    .from(users)
    .where(and(eq(users.admin, false), isNotNull(users.emailVerifiedAt)))
    .orderBy(asc(users.id))
    .limit(CROWD_SIZE);
  const missing = CROWD_SIZE - existing.length;
  if (missing <= 0) return existing.map((user) => user.id);
  const added = await addPeople(db, missing);
  return [...existing.map((user) => user.id), ...added];
}

/** People kept for later runs on a reused database (found again by their addresses). */
async function addPeople(db: Database, count: number): Promise<number[]> {
  const already = await db.select({ id: users.id }).from(users).where(like(users.email, 'bench-person-%')).orderBy(asc(users.id));
  if (already.length >= count) return already.slice(0, count).map((user) => user.id);
  const [member] = await db.select({ id: userTypes.id }).from(userTypes).where(eq(userTypes.title, 'Member')).limit(1);
  const rows = Array.from({ length: count - already.length }, (_, index) => ({
    name: `Bench person ${already.length + index + 1}`,
    email: EXTRA_PERSON_EMAIL(already.length + index + 1),
    emailVerifiedAt: new Date(),
    userTypeId: member!.id,
  }));
  const inserted = await db.insert(users).values(rows).returning({ id: users.id });
  return [...already.map((user) => user.id), ...inserted.map((user) => user.id)];
}

/** Pages a reader moves between, as Inertia visits, each request from the next person in turn. */
export function crowdScenario(crowd: Crowd, version: string): Scenario {
  return {
    name: CROWD_SCENARIO_NAME,
    paths: ['/item', '/', ...crowd.itemRefs.map((ref) => `/i/${ref}`), '/item?page=2', '/collection', '/popular'],
    headers: { 'X-Inertia': 'true', 'X-Inertia-Version': version, 'X-Requested-With': 'XMLHttpRequest', accept: 'text/html, application/xhtml+xml' },
    cookies: crowd.cookies,
  };
}
