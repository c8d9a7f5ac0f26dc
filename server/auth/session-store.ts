import type { Session } from 'fastify';
import type { SessionStore } from '@fastify/session';
import { eq, lte } from 'drizzle-orm';
import type { Database } from '../db/client';
import { sessions } from '../db/schema';

type Callback = (error?: unknown) => void;
type SessionCallback = (error: unknown, session?: Session | null) => void;

/**
 * Sessions live in the `sessions` table, so every app instance serves every user
 * and a restart signs nobody out. Expired rows are never returned and are removed
 * when read and by `deleteExpired`.
 */
export class DatabaseSessionStore implements SessionStore {
  constructor(
    private readonly db: Database,
    private readonly maxAgeMs: number,
  ) {}

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
    const data = JSON.parse(JSON.stringify(session)) as Record<string, unknown>;
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
    const [row] = await this.db.select().from(sessions).where(eq(sessions.sid, sessionId)).limit(1);
    if (!row) return null;
    if (row.expiresAt.getTime() <= Date.now()) {
      await this.db.delete(sessions).where(eq(sessions.sid, sessionId));
      return null;
    }
    return row.data as Session;
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
