import type { FastifyBaseLogger, FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import { eq, sql } from 'drizzle-orm';
import type { Database } from '../db/client';
import { mailOutbox } from '../db/schema';
import type { Mailer, MailMessage } from './mailer';

/** Waits after a failed attempt: the first retry after 1 minute, the last after 12 hours; then the message has failed. */
export const MAIL_RETRY_DELAYS_MS = [60_000, 5 * 60_000, 30 * 60_000, 2 * 3_600_000, 12 * 3_600_000] as const;
/** The first attempt and one per retry delay. */
export const MAIL_MAX_ATTEMPTS = MAIL_RETRY_DELAYS_MS.length + 1;
/**
 * A claimed message is not due again for this long, so no other flush (here or on another instance) takes it
 * while it is being sent; if this process dies mid-send, the message is sent again after the lease.
 */
export const MAIL_CLAIM_LEASE_MS = 10 * 60_000;
/** Messages claimed per round trip; a flush claims rounds until nothing is due. */
const CLAIM_BATCH = 20;
const SUBJECT_MAX = 300;
const ERROR_MAX = 1000;

/** A database or a Drizzle transaction (a transaction is a `Database` too). */
export type MailExecutor = Database;

/** Counts queued messages in this process, so the worker can kick a flush after the request that queued one. */
let queuedInProcess = 0;

/**
 * Queues a message in the caller's transaction: it exists exactly when the change that caused it commits, and it is
 * sent later by the outbox worker, so sending never blocks or breaks the request.
 */
export async function queueMail(db: MailExecutor, message: MailMessage): Promise<void> {
  await db.insert(mailOutbox).values({
    toAddress: message.to,
    subject: message.subject.slice(0, SUBJECT_MAX),
    textBody: message.text,
    htmlBody: message.html,
  });
  queuedInProcess += 1;
}

export interface MailOutbox {
  /** Sends every due message once; resolves with how many were sent. `now` stands in for the clock (tests). */
  flush(now?: Date): Promise<number>;
  /** Flushes every `intervalSeconds` and soon after a response whose request queued mail. */
  start(): void;
  /** Stops the timer and waits for a flush in progress. */
  stop(): Promise<void>;
}

declare module 'fastify' {
  interface FastifyInstance {
    mailOutbox: MailOutbox;
  }
}

interface OutboxOptions {
  db: Database;
  mailer: Mailer;
  log: FastifyBaseLogger;
  intervalSeconds: number;
}

interface ClaimedMail {
  id: number;
  to: string;
  subject: string;
  text: string;
  html: string;
  attempts: number;
}

/** The worker: claims due messages (`for update skip locked`), sends them, records the outcome. */
export function createMailOutbox({ db, mailer, log, intervalSeconds }: OutboxOptions): MailOutbox & { kick(): void } {
  let timer: NodeJS.Timeout | null = null;
  let running: Promise<unknown> | null = null;
  let again = false;

  /**
   * Without a stand-in clock, due-ness is judged by the database's clock: it stamped `next_attempt_at` in
   * microseconds, and a JavaScript date (milliseconds) taken in the same millisecond would still be "before" it.
   */
  async function claim(now: Date | undefined): Promise<ClaimedMail[]> {
    const dueBy = now ?? sql`now()`;
    const leaseUntil = now ? new Date(now.getTime() + MAIL_CLAIM_LEASE_MS) : sql`now() + ${MAIL_CLAIM_LEASE_MS} * interval '1 millisecond'`;
    // One statement: the rows are locked while it runs and leased when it commits, so concurrent flushes,
    // here or on another instance, skip them instead of sending them twice.
    return db
      .update(mailOutbox)
      .set({ nextAttemptAt: leaseUntil })
      .where(
        sql`${mailOutbox.id} in (select ${mailOutbox.id} from ${mailOutbox} where ${mailOutbox.sentAt} is null and ${mailOutbox.failedAt} is null and ${mailOutbox.nextAttemptAt} <= ${dueBy} order by ${mailOutbox.nextAttemptAt}, ${mailOutbox.id} limit ${CLAIM_BATCH} for update skip locked)`,
      )
      .returning({
        id: mailOutbox.id,
        to: mailOutbox.toAddress,
        subject: mailOutbox.subject,
        text: mailOutbox.textBody,
        html: mailOutbox.htmlBody,
        attempts: mailOutbox.attempts,
      });
  }

  async function deliver(mail: ClaimedMail, now: Date): Promise<boolean> {
    try {
      await mailer.send({ to: mail.to, subject: mail.subject, text: mail.text, html: mail.html });
    } catch (error) {
      await recordFailure(mail, error, now);
      return false;
    }
    await db
      .update(mailOutbox)
      .set({ sentAt: new Date(), attempts: mail.attempts + 1, lastError: null })
      .where(eq(mailOutbox.id, mail.id));
    return true;
  }

  async function recordFailure(mail: ClaimedMail, error: unknown, now: Date): Promise<void> {
    const attempts = mail.attempts + 1;
    const lastError = (error instanceof Error ? error.message : String(error)).slice(0, ERROR_MAX);
    // Only the address and subject are logged, never the content.
    const context = { mailId: mail.id, to: mail.to, subject: mail.subject, attempts, error: lastError };
    if (attempts >= MAIL_MAX_ATTEMPTS) {
      await db.update(mailOutbox).set({ attempts, lastError, failedAt: now }).where(eq(mailOutbox.id, mail.id));
      log.error(context, 'mail could not be sent; giving up');
      return;
    }
    const nextAttemptAt = new Date(now.getTime() + MAIL_RETRY_DELAYS_MS[attempts - 1]);
    await db.update(mailOutbox).set({ attempts, lastError, nextAttemptAt }).where(eq(mailOutbox.id, mail.id));
    log.warn({ ...context, nextAttemptAt }, 'mail not sent; will retry');
  }

  async function flush(now?: Date): Promise<number> {
    let sent = 0;
    for (;;) {
      const batch = await claim(now);
      if (batch.length === 0) return sent;
      for (const mail of batch) if (await deliver(mail, now ?? new Date())) sent += 1;
    }
  }

  /** Starts a flush now unless one is running; then one more follows it. Never throws. */
  function kick(): void {
    if (running) {
      again = true;
      return;
    }
    running = flush()
      .catch((error: unknown) => log.error({ err: error }, 'mail outbox flush failed'))
      .finally(() => {
        running = null;
        if (again && timer) {
          again = false;
          kick();
        }
      });
  }

  return {
    flush,
    kick,
    start() {
      if (timer) return;
      timer = setInterval(kick, intervalSeconds * 1000);
      timer.unref();
      kick();
    },
    async stop() {
      if (timer) clearInterval(timer);
      timer = null;
      again = false;
      await running;
    },
  };
}

/** Decorates `app.mailOutbox`; register after mailPlugin. The timer runs only when `start()` is called (server/main.ts). */
export const mailOutboxPlugin = fp(
  async (app: FastifyInstance) => {
    const outbox = createMailOutbox({ db: app.db, mailer: app.mailer, log: app.log, intervalSeconds: app.config.MAIL_OUTBOX_INTERVAL_SECONDS });
    let started = false;
    let seenQueued = queuedInProcess;
    app.decorate('mailOutbox', {
      flush: outbox.flush,
      start() {
        started = true;
        outbox.start();
      },
      stop() {
        started = false;
        return outbox.stop();
      },
    });
    // The response is sent after the request's transaction committed, so its mail is due now: send it soon,
    // without the request waiting for it.
    app.addHook('onResponse', async () => {
      if (!started || queuedInProcess === seenQueued) return;
      seenQueued = queuedInProcess;
      outbox.kick();
    });
    app.addHook('onClose', async () => outbox.stop());
  },
  { name: 'equip-mail-outbox', dependencies: ['equip-mail'] },
);
