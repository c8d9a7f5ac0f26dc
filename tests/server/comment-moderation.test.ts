/**
 * The moderation queue (issue 19 §5; docs/decisions/curation.md "Moderation queue"): flags with a reason, one per person; the
 * queue at /admin/comment ordered by flag count then age, with flaggers, neighbours and the author's history; bulk
 * approve and delete; the removed comment's author told why by e-mail; repeat flaggers of approved comments.
 */
import { describe, expect, it } from 'vitest';
import { and, eq, inArray } from 'drizzle-orm';
import {
  ADMIN_COMMENTS_APPROVE_URL,
  ADMIN_COMMENTS_DELETE_URL,
  COMMENT_MESSAGES,
  FLAG_NOTE_MAX_LENGTH,
  FLAG_REASONS,
  ADMIN_COMMENTS_PER_PAGE,
  MODERATION_BULK_MAX,
  MODERATION_WAITING_MAX,
  REMOVAL_REASON_FALLBACK,
  type ModerationEntry,
  type RepeatFlagger,
} from '../../shared/comments';
import { SIGN_IN_HINT } from '../../shared/messages';
import { changeHistory, commentFlags, commentRemovals, comments, items, mailOutbox, users } from '../../server/db/schema';
import { useTestApp, type CookieJar } from '../support/app';
import { csrfJar, inertiaHeaders, visit, xsrfHeader } from '../support/http';
import { REFS, TITLES, seedItemLibrary, signedInJars, type Who } from './item-page-fixture';
import { expectInertia, pageProps, partialReloadHeaders } from '../../server/inertia/testing';

const ctx = useTestApp({ seed: seedItemLibrary });
const jarOf = signedInJars(ctx);
const db = () => ctx.database.db;
type Person = Exclude<Who, 'anonymous'>;

async function as(who: Person): Promise<CookieJar> {
  return (await jarOf(who))!;
}

/** A call as the browser makes it, from `from` (the Referer). */
async function call(jar: CookieJar, method: 'POST' | 'DELETE', url: string, payload?: object, from = `/i/${REFS.public}`, json = false) {
  const response = await ctx.app.inject({
    method,
    url,
    headers: {
      ...(json ? { accept: 'application/json' } : await inertiaHeaders(ctx.app)),
      ...xsrfHeader(jar),
      referer: `http://localhost${from}`,
      ...(payload ? { 'content-type': 'application/json' } : {}),
    },
    payload: payload ? JSON.stringify(payload) : undefined,
  });
  jar.store(response);
  return response;
}

const flag = async (who: Person, ref: string, payload?: object) => call(await as(who), 'POST', `/comment/${ref}/flag`, payload);
const bulk = async (who: Person, url: string, payload: object) => call(await as(who), 'POST', url, payload, '/admin/comment');

/** The errors the next page carries for this session. */
async function errorsAfter(jar: CookieJar, url = '/admin/comment') {
  const { page } = await visit(ctx.app, url, jar);
  return page.props.errors;
}

let written = 0;
/** A comment written through the route by `who`, a minute after the previous one; answers its ref. */
async function comment(who: Person, itemRef: string = REFS.public): Promise<string> {
  written += 1;
  const text = `Moderation comment ${written} by ${who}.`;
  const response = await call(await as(who), 'POST', `/i/${itemRef}/comment`, { comment: text }, `/i/${itemRef}`);
  expect(response.statusCode).toBe(303);
  const [row] = await db().select({ ref: comments.ref, id: comments.id }).from(comments).where(eq(comments.comment, text));
  await db()
    .update(comments)
    .set({ createdAt: new Date(Date.UTC(2026, 0, 1, 0, written)) })
    .where(eq(comments.id, row.id));
  return row.ref;
}

async function stored(ref: string) {
  const [row] = await db().select().from(comments).where(eq(comments.ref, ref));
  return row ?? null;
}

async function flagsOn(ref: string) {
  const row = await stored(ref);
  return row ? db().select().from(commentFlags).where(eq(commentFlags.commentId, row.id)) : [];
}

async function queue(who: Who = 'admin', query = '') {
  const { response, page } = await visit(ctx.app, `/admin/comment${query}`, await jarOf(who));
  return { status: response.statusCode, page, entries: (page.props.comments?.data ?? []) as ModerationEntry[] };
}

const entryOf = (entries: ModerationEntry[], ref: string) => entries.find((entry) => entry.ref === ref)!;
const mailTo = (address: string) => db().select().from(mailOutbox).where(eq(mailOutbox.toAddress, address));

describe('POST /comment/{ref}/flag with a reason', () => {
  it('records who flagged, why and their words; a second person adds their flag, the same person cannot', async () => {
    const ref = await comment('leader');
    expect((await flag('affiliate', ref, { reason: 'offensive', note: '  Rude to the author.  ' })).statusCode).toBe(303);
    expect((await flag('staff', ref, { reason: 'spam' })).statusCode).toBe(303);
    expect((await flag('affiliate', ref, { reason: 'spam' })).statusCode).toBe(303);
    const flags = await flagsOn(ref);
    expect(flags.map(({ reason, note, approvedAt }) => ({ reason, note, approvedAt }))).toEqual([
      { reason: 'offensive', note: 'Rude to the author.', approvedAt: null },
      { reason: 'spam', note: null, approvedAt: null },
    ]);
    expect(await stored(ref)).toMatchObject({ flagged: true, approved: false });
  });

  it('still flags when a client sends no reason (the spec’s call without payload), recording none', async () => {
    const ref = await comment('leader');
    expect((await flag('member', ref)).statusCode).toBe(303);
    expect((await flagsOn(ref)).map((row) => row.reason)).toEqual([null]);
    expect(await stored(ref)).toMatchObject({ flagged: true });
  });

  it.each([
    [{ reason: 'boring' }, { reason: COMMENT_MESSAGES.flagReasonInvalid }],
    [{ reason: 'spam', note: 'x'.repeat(FLAG_NOTE_MAX_LENGTH + 1) }, { note: COMMENT_MESSAGES.flagNoteTooLong }],
    [{ reason: 'other', note: '   ' }, { note: COMMENT_MESSAGES.flagNoteNeeded }],
    [{ reason: 'spam', note: 42 }, { note: COMMENT_MESSAGES.flagNoteTooLong }],
  ])('refuses %j with its error under the field, flagging nothing', async (payload, errors) => {
    const ref = await comment('leader');
    const jar = await as('member');
    const response = await call(jar, 'POST', `/comment/${ref}/flag`, payload);
    expect(response.statusCode).toBe(303);
    expect(await errorsAfter(jar, `/i/${REFS.public}`)).toEqual(errors);
    expect(await flagsOn(ref)).toEqual([]);
    expect(await stored(ref)).toMatchObject({ flagged: false });
    const json = await call(jar, 'POST', `/comment/${ref}/flag`, payload, `/i/${REFS.public}`, true);
    expect(json.statusCode).toBe(422);
  });

  it('accepts the longest note and Something else with words', async () => {
    const ref = await comment('leader');
    expect((await flag('member', ref, { reason: 'other', note: 'y'.repeat(FLAG_NOTE_MAX_LENGTH) })).statusCode).toBe(303);
    expect((await flagsOn(ref))[0]).toMatchObject({ reason: 'other', note: 'y'.repeat(FLAG_NOTE_MAX_LENGTH) });
  });

  it('never shows a non-admin who flagged: not in the item page props, nor in the first-visit document', async () => {
    const ref = await comment('leader');
    await flag('affiliate', ref, { reason: 'offensive', note: 'Secret words of the flagger.' });
    for (const who of ['member', 'leader', 'affiliate', 'anonymous'] as const) {
      const { page } = await visit(ctx.app, `/i/${REFS.public}`, await jarOf(who));
      const shown = JSON.stringify(page.props.item.comments);
      expect(shown).not.toContain('Daniel Mensah');
      expect(shown).not.toContain('Secret words');
      expect(shown).not.toContain('flagger');
    }
    const document = await ctx.app.inject({ method: 'GET', url: `/i/${REFS.public}`, headers: { cookie: (await as('member')).header() } });
    expect(document.body).not.toContain('Secret words');
    // The flagger's own page knows they flagged it (their button is gone), without anyone's name.
    const { page } = await visit(ctx.app, `/i/${REFS.public}`, await as('affiliate'));
    expect(page.props.item.comments.find((shown: { ref: string }) => shown.ref === ref)).toMatchObject({ flagged: true, can_flag: false });
  });
});

describe('the queue at /admin/comment', () => {
  it('orders waiting comments by flag count, then the longest waiting, then the rest newest first', async () => {
    const [older, newer, twice, plain] = [await comment('leader'), await comment('staff'), await comment('member'), await comment('affiliate')];
    await flag('affiliate', older, { reason: 'spam' });
    await flag('affiliate', newer, { reason: 'spam' });
    await flag('affiliate', twice, { reason: 'off_topic' });
    await flag('staff', twice, { reason: 'personal' });
    const { entries } = await queue();
    const refs = entries.map((entry) => entry.ref);
    expect(refs.indexOf(twice)).toBeLessThan(refs.indexOf(older));
    expect(refs.indexOf(older)).toBeLessThan(refs.indexOf(newer));
    expect(refs.indexOf(newer)).toBeLessThan(refs.indexOf(plain));
    expect(entryOf(entries, twice)).toMatchObject({
      flagCount: 2,
      flags: [
        { flagger: 'Daniel Mensah', reason: 'off_topic', note: null, approvedFlags: 0 },
        { flagger: 'James Whitfield', reason: 'personal', note: null, approvedFlags: 0 },
      ],
    });
    expect(entryOf(entries, plain)).toMatchObject({ flagCount: 0, flags: [] });
  });

  it('shows each comment with its neighbours on the item and its author’s history', async () => {
    const before = await comment('staff', REFS.related);
    const queued = await comment('leader', REFS.related);
    const after = await comment('member', REFS.related);
    await flag('member', queued, { reason: 'spam' });
    const { entries, page } = await queue();
    const entry = entryOf(entries, queued);
    expect(entry).toMatchObject({ item_ref: REFS.related, item_title: TITLES.related, commenter: 'Sarah Okafor' });
    expect(entry.neighbours.map(({ ref, position, commenter }) => ({ ref, position, commenter }))).toEqual([
      { ref: before, position: 'before', commenter: 'James Whitfield' },
      { ref: after, position: 'after', commenter: 'Maya Thompson' },
    ]);
    expect(entry.author!.recent.map((recent) => recent.ref)).not.toContain(queued);
    expect(entry.author!.recent.length).toBeLessThanOrEqual(3);
    expect(entry.author!.commentCount).toBeGreaterThan(entry.author!.recent.length);
    expect(page.props.waitingCount).toBeGreaterThan(0);
  });

  it('is refused to everyone but admins, who alone see flaggers', async () => {
    for (const who of ['member', 'leader', 'staff', 'team'] as const) expect((await queue(who)).status).toBe(403);
    const anonymous = await queue('anonymous');
    expect(anonymous.status).toBe(403);
    expectInertia(anonymous.page).prop('detail', SIGN_IN_HINT);
  });
});

describe('bulk approve and delete', () => {
  it('approves the selected flagged comments; their flags count as approved flags, and repeat flaggers show', async () => {
    const [first, second] = [await comment('leader'), await comment('staff')];
    await flag('member', first, { reason: 'spam' });
    await flag('member', second, { reason: 'offensive' });
    const response = await bulk('admin', ADMIN_COMMENTS_APPROVE_URL, { refs: [first, second, first] });
    expect(response.statusCode).toBe(303);
    expect(response.headers.location).toBe('/admin/comment');
    expect(await stored(first)).toMatchObject({ flagged: false, approved: true });
    expect(await stored(second)).toMatchObject({ flagged: false, approved: true });
    expect((await flagsOn(first))[0].approvedAt).toBeInstanceOf(Date);

    const third = await comment('affiliate');
    await flag('member', third, { reason: 'spam' });
    const { entries, page } = await queue();
    expect(entryOf(entries, third).flags[0]).toMatchObject({ flagger: 'Maya Thompson', approvedFlags: 2 });
    expect(page.props.repeatFlaggers as RepeatFlagger[]).toContainEqual(expect.objectContaining({ name: 'Maya Thompson', approvedFlags: 2 }));
  });

  it('refuses a selection with a comment that is not flagged, an unknown or crafted ref, none or too many, changing nothing', async () => {
    const flagged = await comment('leader');
    const unflagged = await comment('staff');
    await flag('member', flagged, { reason: 'spam' });
    const cases: [object, string][] = [
      [{ refs: [flagged, unflagged] }, COMMENT_MESSAGES.bulkNotApprovable],
      [{ refs: [flagged, 'zzzzzzzzzzzz'] }, COMMENT_MESSAGES.bulkUnknown],
      [{ refs: [flagged, "x' or 1=1 --"] }, COMMENT_MESSAGES.bulkUnknown],
      [{ refs: [] }, COMMENT_MESSAGES.bulkNone],
      [{}, COMMENT_MESSAGES.bulkNone],
      [{ refs: Array.from({ length: MODERATION_BULK_MAX + 1 }, (_, index) => `ref${String(index).padStart(6, '0')}`) }, COMMENT_MESSAGES.bulkTooMany],
    ];
    const jar = await as('admin');
    for (const [payload, message] of cases) {
      expect((await call(jar, 'POST', ADMIN_COMMENTS_APPROVE_URL, payload, '/admin/comment')).statusCode).toBe(303);
      expect(await errorsAfter(jar)).toEqual({ refs: message });
      expect((await call(jar, 'POST', ADMIN_COMMENTS_APPROVE_URL, payload, '/admin/comment', true)).statusCode).toBe(422);
    }
    expect((await call(jar, 'POST', ADMIN_COMMENTS_DELETE_URL, { refs: [flagged, 'zzzzzzzzzzzz'] }, '/admin/comment')).statusCode).toBe(303);
    expect(await errorsAfter(jar)).toEqual({ refs: COMMENT_MESSAGES.bulkUnknown });
    expect((await call(jar, 'POST', ADMIN_COMMENTS_DELETE_URL, { refs: [flagged], reason: 'rude' }, '/admin/comment')).statusCode).toBe(303);
    expect(await errorsAfter(jar)).toEqual({ reason: COMMENT_MESSAGES.flagReasonInvalid });
    expect(await stored(flagged)).toMatchObject({ flagged: true, approved: false });
    expect(await stored(unflagged)).toMatchObject({ flagged: false, approved: false });
  });

  describe('every waiting comment, on every page (issue 34 §5)', () => {
    /** `count` comments by the team member on the public item, each flagged by the member (written straight to the tables). */
    async function flaggedComments(count: number): Promise<string[]> {
      const [item] = await db().select({ id: items.id }).from(items).where(eq(items.ref, REFS.public));
      const people = await db()
        .select({ id: users.id, email: users.email })
        .from(users)
        .where(inArray(users.email, ['team@example.org', 'member@example.org']));
      const idOf = (email: string) => people.find((person) => person.email === email)!.id;
      const made = await db()
        .insert(comments)
        .values(
          Array.from({ length: count }, (_, index) => ({ itemId: item!.id, userId: idOf('team@example.org'), comment: `Waiting ${index}`, flagged: true })),
        )
        .returning({ id: comments.id, ref: comments.ref });
      await db()
        .insert(commentFlags)
        .values(made.map((row) => ({ commentId: row.id, userId: idOf('member@example.org'), reason: 'spam' })));
      return made.map((row) => row.ref);
    }
    const waitingNow = async () => (await queue()).page.props.waitingCount as number;

    it('approves them all when the count confirmed is the count waiting, and refuses, changing nothing, when more came meanwhile', async () => {
      const refs = await flaggedComments(ADMIN_COMMENTS_PER_PAGE + 5);
      const untouched = await comment('staff');
      const seen = await waitingNow();
      expect(seen).toBeGreaterThanOrEqual(refs.length);
      const late = await flaggedComments(1);
      const jar = await as('admin');
      expect((await call(jar, 'POST', ADMIN_COMMENTS_APPROVE_URL, { waiting: seen }, '/admin/comment')).statusCode).toBe(303);
      expect(await errorsAfter(jar)).toEqual({ refs: COMMENT_MESSAGES.waitingChanged(seen + 1) });
      expect(await stored(refs[0]!)).toMatchObject({ flagged: true, approved: false });

      expect((await call(jar, 'POST', ADMIN_COMMENTS_APPROVE_URL, { waiting: String(seen + 1) }, '/admin/comment')).statusCode).toBe(303);
      for (const ref of [...refs, ...late]) expect(await stored(ref)).toMatchObject({ flagged: false, approved: true });
      expect(await stored(untouched)).toMatchObject({ flagged: false, approved: false });
      expect(await waitingNow()).toBe(0);
    });

    it('deletes them all, telling their authors, and refuses a selection by both, by neither, or beyond the bound', async () => {
      const refs = await flaggedComments(3);
      const jar = await as('admin');
      const cases: [object, string][] = [
        [{ refs: [refs[0]], waiting: 3 }, COMMENT_MESSAGES.bulkNone],
        [{ waiting: 0 }, COMMENT_MESSAGES.bulkNone],
        [{ waiting: 'all' }, COMMENT_MESSAGES.bulkNone],
        [{ waiting: MODERATION_WAITING_MAX + 1 }, COMMENT_MESSAGES.waitingTooMany],
      ];
      for (const [payload, message] of cases) {
        expect((await call(jar, 'POST', ADMIN_COMMENTS_DELETE_URL, payload, '/admin/comment')).statusCode).toBe(303);
        expect(await errorsAfter(jar)).toEqual({ refs: message });
      }
      for (const ref of refs) expect(await stored(ref)).not.toBeNull();
      const before = (await mailTo('team@example.org')).length;
      expect((await call(jar, 'POST', ADMIN_COMMENTS_DELETE_URL, { waiting: await waitingNow() }, '/admin/comment')).statusCode).toBe(303);
      for (const ref of refs) expect(await stored(ref)).toBeNull();
      expect((await mailTo('team@example.org')).length).toBe(before + 3);
    });
  });

  it('refuses non-admins both bulk calls, changing nothing', async () => {
    const ref = await comment('leader');
    await flag('member', ref, { reason: 'spam' });
    for (const who of ['member', 'leader', 'team'] as const) {
      expect((await bulk(who, ADMIN_COMMENTS_APPROVE_URL, { refs: [ref] })).statusCode).toBe(403);
      expect((await bulk(who, ADMIN_COMMENTS_DELETE_URL, { refs: [ref] })).statusCode).toBe(403);
    }
    const anonymous = await call(await csrfJar(ctx.app), 'POST', ADMIN_COMMENTS_DELETE_URL, { refs: [ref] }, '/admin/comment');
    expect(anonymous.statusCode).toBe(403);
    expect(await stored(ref)).toMatchObject({ flagged: true, approved: false });
  });

  it('deletes the selected comments and tells each author why by e-mail, with the flags’ reason or the admin’s', async () => {
    const [byFlags, byAdmin] = [await comment('leader'), await comment('staff')];
    await flag('member', byFlags, { reason: 'offensive', note: 'Words only admins read.' });
    await flag('affiliate', byFlags, { reason: 'offensive' });
    await flag('team', byFlags, { reason: 'spam' });
    await flag('member', byAdmin, { reason: 'spam' });
    const [leaderMailsBefore, staffMailsBefore] = [(await mailTo('leader@example.org')).length, (await mailTo('staff@example.org')).length];

    expect((await bulk('admin', ADMIN_COMMENTS_DELETE_URL, { refs: [byFlags] })).statusCode).toBe(303);
    expect(await stored(byFlags)).toBeNull();
    const leaderMails = await mailTo('leader@example.org');
    expect(leaderMails).toHaveLength(leaderMailsBefore + 1);
    const told = leaderMails.at(-1)!;
    expect(told.subject).toBe(`Your comment on “${TITLES.public}” was removed`);
    expect(told.textBody).toContain(`Why: ${FLAG_REASONS.offensive}.`);
    expect(told.textBody).toContain('Moderation comment');
    expect(told.textBody).toContain(`/i/${REFS.public}`);
    expect(told.textBody).not.toContain('Words only admins read.');
    expect(told.textBody).not.toContain('Maya Thompson');

    const response = await bulk('admin', ADMIN_COMMENTS_DELETE_URL, { refs: [byAdmin], reason: 'personal', note: 'Please do not post phone numbers.' });
    expect(response.statusCode).toBe(303);
    const staffMail = (await mailTo('staff@example.org')).at(-1)!;
    expect((await mailTo('staff@example.org')).length).toBe(staffMailsBefore + 1);
    expect(staffMail.textBody).toContain(`Why: ${FLAG_REASONS.personal}.`);
    expect(staffMail.textBody).toContain('The admin adds: Please do not post phone numbers.');

    const { entries } = await queue();
    const next = await comment('leader');
    await flag('member', next, { reason: 'spam' });
    const history = entryOf((await queue()).entries, next).author!;
    expect(history.removedCount).toBe(1);
    expect(entries.map((entry) => entry.ref)).not.toContain(byFlags);
  });

  it('tells an author removed through the item page’s delete, with the fallback reason when no flag gave one', async () => {
    const ref = await comment('affiliate');
    await flag('member', ref);
    const before = (await mailTo('affiliate@example.org')).length;
    expect((await call(await as('admin'), 'DELETE', `/comment/${ref}`)).statusCode).toBe(303);
    const mails = await mailTo('affiliate@example.org');
    expect(mails).toHaveLength(before + 1);
    expect(mails.at(-1)!.textBody).toContain(`Why: ${REMOVAL_REASON_FALLBACK}.`);
  });

  it('sends nothing and counts no removal when authors delete their own comment', async () => {
    const ref = await comment('team');
    await flag('member', ref, { reason: 'spam' });
    const [mails, removals] = [(await mailTo('team@example.org')).length, (await db().select().from(commentRemovals)).length];
    expect((await call(await as('team'), 'DELETE', `/comment/${ref}`)).statusCode).toBe(303);
    expect(await stored(ref)).toBeNull();
    expect(await mailTo('team@example.org')).toHaveLength(mails);
    expect(await db().select().from(commentRemovals)).toHaveLength(removals);
  });
});

describe('flags with the library cache', () => {
  it('shows a second flagger their own flag on the next visit, after visits that filled the cache', async () => {
    const ref = await comment('leader', REFS.expiring);
    await flag('member', ref, { reason: 'spam' });
    const canFlag = async () => {
      const { page } = await visit(ctx.app, `/i/${REFS.expiring}`, await as('staff'));
      return page.props.item.comments.find((shown: { ref: string }) => shown.ref === ref).can_flag;
    };
    expect(await canFlag()).toBe(true);
    expect(await canFlag()).toBe(true);
    await call(await as('staff'), 'POST', `/comment/${ref}/flag`, { reason: 'spam' }, `/i/${REFS.expiring}`);
    expect(await canFlag()).toBe(false);
  });
});

describe('comment moderation in the history', () => {
  it('records approvals and deletions by the admin, never a flag, so the item’s maintainer never learns who flagged', async () => {
    const [approved, removed] = [await comment('leader'), await comment('staff')];
    const [approvedId, removedId] = [(await stored(approved))!.id, (await stored(removed))!.id];
    await flag('affiliate', approved, { reason: 'spam' });
    await flag('affiliate', removed, { reason: 'spam' });
    await bulk('admin', ADMIN_COMMENTS_APPROVE_URL, { refs: [approved] });
    await bulk('admin', ADMIN_COMMENTS_DELETE_URL, { refs: [removed] });
    const rows = await db()
      .select()
      .from(changeHistory)
      .where(and(eq(changeHistory.kind, 'comment'), inArray(changeHistory.subjectId, [approvedId, removedId])));
    const adminId = (await db().select({ id: users.id }).from(users).where(eq(users.email, 'admin@example.org')))[0].id;
    expect(rows.map(({ subjectId, operation, actorUserId }) => ({ subjectId, operation, actorUserId }))).toEqual([
      { subjectId: approvedId, operation: 'update', actorUserId: adminId },
      { subjectId: removedId, operation: 'delete', actorUserId: adminId },
    ]);

    // The public item's maintainer (team) reads its History: the approval and the deletion, by the admin, nobody else.
    const { response } = await visit(ctx.app, `/i/${REFS.public}`, await as('team'), partialReloadHeaders('items/Show', { only: ['history'] }));
    const history = pageProps(response.json(), 'items/Show').history!;
    const moderation = history.entries.filter((entry) => /comment/.test(entry.summary));
    expect(moderation.map((entry) => entry.summary)).toEqual(expect.arrayContaining(['Approved a comment', 'Deleted a comment']));
    expect(JSON.stringify(history)).not.toContain('Daniel Mensah');
  });
});
