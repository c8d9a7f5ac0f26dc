import type { Session } from 'fastify';
import type { SessionStore } from '@fastify/session';
import { eq, lte, sql, type SQL } from 'drizzle-orm';
import type { Viewer } from '../access/viewer';
import type { Database } from '../db/client';
import { storableText } from '../lib/text-input';
import { sessions, users, userTypes } from '../db/schema';
import { toViewer, viewerColumns, type ViewerRow } from './viewer';

type Callback = (error?: unknown) => void;
type SessionCallback = (error: unknown, session?: Session | null) => void;

/**
 * More values read with every session, in its one round trip: SQL over `sessions` and the session's
 * `users` row, which may use the placeholder `now` (the request's time).
 */
export type SessionSideColumns = Record<string, SQL>;

/**
 * What a signed-in session's read brought along: its user (null: the user is gone) and the side values. The store
 * hands it back inside the session it read (`Session.readWithSession`), since @fastify/session copies the read's keys
 * onto `request.session` and gives the store nothing else of the request. Never stored: `toJSON` leaves it out of the
 * saved session and of @fastify/session's check for changes.
 */
export class ReadWithSession {
  constructor(
    readonly userId: number,
    readonly viewer: Viewer | null,
    readonly side: Record<string, unknown>,
  ) {}

  toJSON(): undefined {
    return undefined;
  }
}

/**
 * Sessions live in the `sessions` table, so every app instance serves every user
 * and a restart signs nobody out. Expired rows are never returned and are removed
 * when read and by `deleteExpired`.
 */
export class DatabaseSessionStore implements SessionStore {
  private readonly selectSession;

  constructor(
    private readonly db: Database,
    private readonly maxAgeMs: number,
    sideColumns: SessionSideColumns = {},
  ) {
    // Prepared once: every request with a session cookie runs it.
    this.selectSession = db
      .select({ data: sessions.data, expiresAt: sessions.expiresAt, userId: sessions.userId, user: viewerColumns, side: { ...sideColumns, none: sql`null` } })
      .from(sessions)
      .leftJoin(users, eq(users.id, sessions.userId))
      .leftJoin(userTypes, eq(userTypes.id, users.userTypeId))
      .where(eq(sessions.sid, sql.placeholder('sid')))
      .limit(1)
      .prepare('equip_session_with_user');
  }

  set(sessionId: string, session: Session, callback: Callback): void {
    settle(this.save(sessionId, session), callback);
  }

  get(sessionId: string, callback: SessionCallback): void {
    this.load(sessionId).then(
      (session) => callback(null, session),
      (error: unknown) => callback(error),
    );
  }

  destroy(sessionId: string, callback: Callback): void {
    settle(this.db.delete(sessions).where(eq(sessions.sid, sessionId)), callback);
  }

  /** Removes every expired session; returns how many went. */
  async deleteExpired(now: Date = new Date()): Promise<number> {
    const removed = await this.db.delete(sessions).where(lte(sessions.expiresAt, now)).returning({ sid: sessions.sid });
    return removed.length;
  }

  private async save(sessionId: string, session: Session): Promise<void> {
    // jsonb refuses NUL and half surrogate pairs; a flashed message that quotes what someone typed must not stop the save.
    const data = JSON.parse(JSON.stringify(session, (_key, value: unknown) => (typeof value === 'string' ? storableText(value) : value))) as Record<
      string,
      unknown
    >;
    const values = {
      data,
      userId: session.userId ?? null,
      expiresAt: this.expiryOf(session),
      updatedAt: new Date(),
    };
    await this.db
      .insert(sessions)
      .values({ sid: sessionId, ...values })
      .onConflictDoUpdate({ target: sessions.sid, set: values });
  }

  private async load(sessionId: string): Promise<Session | null> {
    const [row] = await this.selectSession.execute({ sid: sessionId, now: new Date() });
    if (!row) return null;
    if (row.expiresAt.getTime() <= Date.now()) {
      await this.db.delete(sessions).where(eq(sessions.sid, sessionId));
      return null;
    }
    const session = row.data as Session;
    if (row.userId !== null) {
      const viewer = row.user?.id ? toViewer(row.user as ViewerRow) : null;
      session.readWithSession = new ReadWithSession(row.userId, viewer, row.side as Record<string, unknown>);
    }
    return session;
  }

  private expiryOf(session: Session): Date {
    const expires = session.cookie?.expires;
    return expires instanceof Date ? expires : new Date(Date.now() + this.maxAgeMs);
  }
}

function settle(work: PromiseLike<unknown>, callback: Callback): void {
  Promise.resolve(work).then(
    () => callback(),
    (error: unknown) => callback(error),
  );
}
