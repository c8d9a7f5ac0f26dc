import type { AddressInfo } from 'node:net';
import { asc } from 'drizzle-orm';
import type { FastifyBaseLogger } from 'fastify';
import { SMTPServer } from 'smtp-server';
import { afterAll, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { mailOutbox } from '../../server/db/schema';
import { createMailOutbox, MAIL_MAX_ATTEMPTS, MAIL_RETRY_DELAYS_MS, queueMail } from '../../server/mail/outbox';
import { link, paragraph, renderMail } from '../../server/mail/templates/layout';
import { useTestApp } from '../support/app';
import { decodedBody } from '../support/smtp';

/** A real SMTP server on loopback that refuses every recipient while `refusing` is set. */
interface SwitchableSmtp {
  url: string;
  refusing: boolean;
  received: { to: string[]; raw: string }[];
  close(): Promise<void>;
}

async function startSwitchableSmtp(): Promise<SwitchableSmtp> {
  const state = { refusing: false, received: [] as { to: string[]; raw: string }[] };
  const server = new SMTPServer({
    authOptional: true,
    disabledCommands: ['STARTTLS', 'AUTH'],
    logger: false,
    onRcptTo(_address, _session, callback) {
      if (!state.refusing) return callback();
      const error = Object.assign(new Error('Mailbox unavailable'), { responseCode: 550 });
      callback(error);
    },
    onData(stream, session, callback) {
      const chunks: Buffer[] = [];
      stream.on('data', (chunk: Buffer) => chunks.push(chunk));
      stream.on('end', () => {
        state.received.push({ to: session.envelope.rcptTo.map((r) => r.address), raw: Buffer.concat(chunks).toString('utf8') });
        callback();
      });
    },
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', () => resolve()));
  const { port } = server.server.address() as AddressInfo;
  return Object.assign(state, {
    url: `smtp://127.0.0.1:${port}`,
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  });
}

const env: Record<string, string> = { MAIL_FROM: 'Equip <no-reply@equip.test>' };
let smtp: SwitchableSmtp;
beforeAll(async () => {
  smtp = await startSwitchableSmtp();
  env.SMTP_URL = smtp.url;
});
afterAll(async () => smtp?.close());
const ctx = useTestApp({ env });

function message(n: number, to = `person${n}@example.org`) {
  return renderMail({
    to,
    subject: `Message ${n}`,
    appName: 'Equip',
    blocks: [paragraph(`Body of message ${n} <b>`), link('Open it', `http://localhost:3000/i/${n}?a=1&b=2`)],
  });
}

const outboxRows = () => ctx.app.db.select().from(mailOutbox).orderBy(asc(mailOutbox.id));

beforeEach(async () => {
  smtp.refusing = false;
  smtp.received.length = 0;
  await ctx.app.db.delete(mailOutbox);
});

describe('the mail outbox', () => {
  it('keeps nothing queued in a transaction that rolls back', async () => {
    await expect(
      ctx.app.db.transaction(async (tx) => {
        await queueMail(tx, message(1));
        tx.rollback();
      }),
    ).rejects.toThrow();
    expect(await outboxRows()).toEqual([]);
    expect(await ctx.app.mailOutbox.flush()).toBe(0);
    expect(smtp.received).toEqual([]);
  });

  it('queues without sending; a flush sends over SMTP, with HTML and text bodies, and marks the row sent', async () => {
    await ctx.app.db.transaction((tx) => queueMail(tx, message(2)));
    expect(smtp.received).toEqual([]);
    const [queued] = await outboxRows();
    expect(queued).toMatchObject({ toAddress: 'person2@example.org', subject: 'Message 2', attempts: 0, sentAt: null, failedAt: null });

    expect(await ctx.app.mailOutbox.flush()).toBe(1);
    expect(smtp.received).toHaveLength(1);
    const [mail] = smtp.received;
    expect(mail.to).toEqual(['person2@example.org']);
    const body = decodedBody(mail.raw);
    expect(mail.raw).toMatch(/^Subject: Message 2/m);
    expect(mail.raw).toMatch(/Content-Type: text\/plain/);
    expect(mail.raw).toMatch(/Content-Type: text\/html/);
    expect(body).toContain('Body of message 2 <b>');
    expect(body).toContain('Body of message 2 &#60;b&#62;');
    expect(body).toContain('href="http://localhost:3000/i/2?a=1&#38;b=2"');

    const [sent] = await outboxRows();
    expect(sent.sentAt).toBeInstanceOf(Date);
    expect(sent.attempts).toBe(1);
    expect(await ctx.app.mailOutbox.flush()).toBe(0);
    expect(smtp.received).toHaveLength(1);
  });

  it('retries a refused message after 1 min, 5 min, 30 min, 2 h and 12 h, then marks it failed', async () => {
    smtp.refusing = true;
    await queueMail(ctx.app.db, message(3));
    let now = new Date(Date.now() + 1000);
    expect(await ctx.app.mailOutbox.flush(now)).toBe(0);
    let [row] = await outboxRows();
    expect(row).toMatchObject({ attempts: 1, sentAt: null, failedAt: null });
    expect(row.lastError).toMatch(/Mailbox unavailable/);
    expect(row.nextAttemptAt.getTime()).toBe(now.getTime() + 60_000);

    // Not due yet: nothing is tried.
    expect(await ctx.app.mailOutbox.flush(new Date(now.getTime() + 59_000))).toBe(0);
    expect((await outboxRows())[0].attempts).toBe(1);

    for (let attempt = 2; attempt <= MAIL_MAX_ATTEMPTS; attempt += 1) {
      now = new Date(row.nextAttemptAt.getTime());
      expect(await ctx.app.mailOutbox.flush(now)).toBe(0);
      [row] = await outboxRows();
      expect(row.attempts).toBe(attempt);
      if (attempt < MAIL_MAX_ATTEMPTS) {
        expect(row.failedAt).toBeNull();
        expect(row.nextAttemptAt.getTime() - now.getTime()).toBe(MAIL_RETRY_DELAYS_MS[attempt - 1]);
      }
    }
    expect(MAIL_RETRY_DELAYS_MS).toEqual([60_000, 300_000, 1_800_000, 7_200_000, 43_200_000]);
    expect(row.failedAt?.getTime()).toBe(now.getTime());
    expect(row.sentAt).toBeNull();

    smtp.refusing = false;
    expect(await ctx.app.mailOutbox.flush(new Date(now.getTime() + 365 * 24 * 3_600_000))).toBe(0);
    expect(smtp.received).toEqual([]);
  });

  it('sends a refused message when the server accepts it again', async () => {
    smtp.refusing = true;
    await queueMail(ctx.app.db, message(4));
    const now = new Date(Date.now() + 1000);
    expect(await ctx.app.mailOutbox.flush(now)).toBe(0);
    smtp.refusing = false;
    expect(await ctx.app.mailOutbox.flush(new Date(now.getTime() + 60_000))).toBe(1);
    expect(smtp.received.map((m) => m.to)).toEqual([['person4@example.org']]);
    const [row] = await outboxRows();
    expect(row).toMatchObject({ attempts: 2, lastError: null });
    expect(row.sentAt).toBeInstanceOf(Date);
  });

  it('judges what is due by the database clock when no clock is given, so mail queued this millisecond goes now', async () => {
    // The application's clock runs an hour behind the database server's: only the database's clock may decide.
    // (PGlite runs in this process and keeps the faked clock, so there both clocks agree.)
    vi.useFakeTimers({ toFake: ['Date'], now: Date.now() - 3_600_000 });
    try {
      await queueMail(ctx.app.db, message(6));
      expect(await ctx.app.mailOutbox.flush()).toBe(1);
    } finally {
      vi.useRealTimers();
    }
    expect(smtp.received.map((m) => m.to)).toEqual([['person6@example.org']]);
  });

  it('never sends a message twice when flushes run at the same time', async () => {
    const count = 45;
    for (let n = 0; n < count; n += 1) await queueMail(ctx.app.db, message(100 + n));
    const results = await Promise.all([ctx.app.mailOutbox.flush(), ctx.app.mailOutbox.flush(), ctx.app.mailOutbox.flush()]);
    expect(results.reduce((a, b) => a + b, 0)).toBe(count);
    expect(smtp.received).toHaveLength(count);
    const recipients = new Set(smtp.received.map((m) => m.to[0]));
    expect(recipients.size).toBe(count);
    expect((await outboxRows()).every((row) => row.sentAt !== null && row.attempts === 1)).toBe(true);
  });

  it('logs the address and subject of a failure, never the content', async () => {
    const logged: { level: string; entry: Record<string, unknown>; text: string }[] = [];
    const record = (level: string) => (entry: Record<string, unknown>, text: string) => logged.push({ level, entry, text });
    const log = { warn: record('warn'), error: record('error'), info: record('info') } as unknown as FastifyBaseLogger;
    const failing = { send: () => Promise.reject(new Error('connection refused')), close: () => undefined };
    const outbox = createMailOutbox({ db: ctx.app.db, mailer: failing, log, intervalSeconds: 60 });
    await queueMail(ctx.app.db, message(5));
    let now = new Date(Date.now() + 1000);
    for (let attempt = 1; attempt <= MAIL_MAX_ATTEMPTS; attempt += 1) {
      await outbox.flush(now);
      now = new Date(now.getTime() + 13 * 3_600_000);
    }
    expect(logged.map((l) => l.level)).toEqual([...Array(MAIL_MAX_ATTEMPTS - 1).fill('warn'), 'error']);
    expect(logged.at(-1)?.entry).toMatchObject({ to: 'person5@example.org', subject: 'Message 5', attempts: MAIL_MAX_ATTEMPTS, error: 'connection refused' });
    expect(JSON.stringify(logged)).not.toContain('Body of message');
    const [row] = await outboxRows();
    expect(row.failedAt).toBeInstanceOf(Date);
  });

  it('start() sends queued mail soon after the request, and stop() ends the timer', async () => {
    ctx.app.mailOutbox.start();
    try {
      await queueMail(ctx.app.db, message(6));
      // Any response kicks a flush when mail was queued since the last one.
      await ctx.app.inject({ method: 'GET', url: '/login' });
      await expect.poll(() => smtp.received.length, { timeout: 5000 }).toBe(1);
    } finally {
      await ctx.app.mailOutbox.stop();
    }
    await queueMail(ctx.app.db, message(7));
    await ctx.app.inject({ method: 'GET', url: '/login' });
    await new Promise((resolve) => setTimeout(resolve, 300));
    expect(smtp.received).toHaveLength(1);
  });
});
