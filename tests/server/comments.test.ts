/**
 * Comments on item pages (admin-curation §2, §3, §5, §6, §7): who writes, edits, deletes, flags and approves them, and
 * what each viewer sees of them in the item page's props.
 */
import { describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { COMMENT_MAX_LENGTH, COMMENT_MESSAGES, COMMENT_NOTICES, type Comment } from '../../shared/comments';
import { COMMENT_LIST_TEXTS } from '../../shared/comment-list';
import { SIGN_IN_HINT } from '../../shared/messages';
import { comments, users } from '../../server/db/schema';
import { useTestApp, type CookieJar } from '../support/app';
import { csrfJar, inertiaHeaders, signInAs, visit, xsrfHeader } from '../support/http';
import { REFS, TITLES, itemIdOf, seedItemLibrary, signedInJars, type Who } from './item-page-fixture';
import { expectInertia } from '../../server/inertia/testing';

const ctx = useTestApp({ seed: seedItemLibrary });
const jarOf = signedInJars(ctx);

/** A comment call as the item page's client makes it: Inertia headers, CSRF token, the item page as Referer. */
async function call(jar: CookieJar, method: 'POST' | 'PATCH' | 'DELETE', url: string, payload?: object, pageRef: string = REFS.public) {
  const response = await ctx.app.inject({
    method,
    url,
    headers: {
      ...(await inertiaHeaders(ctx.app)),
      ...xsrfHeader(jar),
      referer: `http://localhost/i/${pageRef}`,
      ...(payload ? { 'content-type': 'application/json' } : {}),
    },
    payload: payload ? JSON.stringify(payload) : undefined,
  });
  jar.store(response);
  return response;
}

/** The notices the next page shows this session (and so takes from it). */
async function noticesAfter(jar: CookieJar): Promise<Array<{ message: string; type: string }>> {
  const { page } = await visit(ctx.app, `/i/${REFS.public}`, jar);
  return (page.flash?.notifications ?? []).map(({ message, type }: { message: string; type: string }) => ({ message, type }));
}

async function as(who: Exclude<Who, 'anonymous'>): Promise<CookieJar> {
  return (await jarOf(who))!;
}

async function postComment(who: Exclude<Who, 'anonymous'>, text: unknown, itemRef: string = REFS.public) {
  return call(await as(who), 'POST', `/i/${itemRef}/comment`, { comment: text }, itemRef);
}

/** The item page's props for this person (or anonymous). */
async function itemPage(who: Who, ref: string = REFS.public) {
  const { response, page } = await visit(ctx.app, `/i/${ref}`, await jarOf(who));
  return { status: response.statusCode, props: page?.props };
}

async function commentsOnPage(who: Who, ref: string = REFS.public): Promise<Comment[]> {
  return (await itemPage(who, ref)).props.item.comments;
}

async function storedComment(text: string) {
  const [row] = await ctx.database.db.select().from(comments).where(eq(comments.comment, text));
  return row ?? null;
}

async function storedCommentByRef(ref: string) {
  const [row] = await ctx.database.db.select().from(comments).where(eq(comments.ref, ref));
  return row ?? null;
}

async function commentCount(): Promise<number> {
  return (await ctx.database.db.select({ id: comments.id }).from(comments)).length;
}

/** Writes a comment through the route and answers its ref. */
async function commentRef(who: Exclude<Who, 'anonymous'>, text: string, itemRef: string = REFS.public): Promise<string> {
  const response = await postComment(who, text, itemRef);
  expect(response.statusCode).toBe(303);
  return (await storedComment(text))!.ref;
}

async function userRef(email: string): Promise<string> {
  const [row] = await ctx.database.db.select({ ref: users.ref }).from(users).where(eq(users.email, email));
  return row.ref;
}

describe('POST /i/{itemRef}/comment', () => {
  it('lets a verified member comment, then shows the comment on the item page with its author', async () => {
    const response = await postComment('member', '  A lovely assembly, thank you!  ');
    expect(response.statusCode).toBe(303);
    expect(response.headers.location).toBe(`/i/${REFS.public}`);
    const shown = (await commentsOnPage('member')).find((comment) => comment.comment === 'A lovely assembly, thank you!');
    expect(shown).toMatchObject({
      flagged: false,
      edited: false,
      commenter: 'Maya Thompson',
      commenter_ref: await userRef('member@example.org'),
      item_ref: REFS.public,
      item_title: TITLES.public,
    });
    expect(Number.isNaN(Date.parse(shown!.when))).toBe(false);
  });

  it('lists comments oldest first, as a conversation', async () => {
    await commentRef('leader', 'First in the thread here.', REFS.counted);
    await commentRef('staff', 'Second in the thread here.', REFS.counted);
    const texts = (await commentsOnPage('member', REFS.counted)).map((comment) => comment.comment);
    expect(texts).toEqual(['First in the thread here.', 'Second in the thread here.']);
  });

  it.each([
    ['six characters', 'abcdef', COMMENT_MESSAGES.tooShort],
    ['six characters padded with spaces', '   abcdef   ', COMMENT_MESSAGES.tooShort],
    ['too long a text', 'x'.repeat(COMMENT_MAX_LENGTH + 1), COMMENT_MESSAGES.tooLong],
    ['no text', undefined, COMMENT_MESSAGES.required],
    ['a number', 12345678, COMMENT_MESSAGES.required],
  ])('refuses %s with errors.comment, writing nothing', async (_case, text, message) => {
    const before = await commentCount();
    const response = await postComment('affiliate', text);
    expect(response.statusCode).toBe(303);
    const { props } = await itemPage('affiliate');
    expect(props.errors).toEqual({ comment: message });
    expect(await commentCount()).toBe(before);
  });

  it('accepts exactly the minimum length', async () => {
    await postComment('affiliate', '1234567');
    expect(await storedComment('1234567')).not.toBeNull();
  });

  it('refuses anonymous visitors with a hint to sign in, and unverified users with a note to verify', async () => {
    const before = await commentCount();
    const anonymous = await call(await csrfJar(ctx.app), 'POST', `/i/${REFS.public}/comment`, { comment: 'Anonymous words here' });
    expect(anonymous.statusCode).toBe(403);
    expectInertia(anonymous).prop('detail', SIGN_IN_HINT);
    const unverified = await call(await signInAs(ctx.app, 'unverified@example.org'), 'POST', `/i/${REFS.public}/comment`, { comment: 'Unverified words here' });
    expect(unverified.statusCode).toBe(403);
    expectInertia(unverified).prop('detail', COMMENT_LIST_TEXTS.verifyEmail);
    expect(await commentCount()).toBe(before);
  });

  it('tells an unverified user to verify before it looks at what they wrote', async () => {
    const tooShort = await call(await signInAs(ctx.app, 'unverified@example.org'), 'POST', `/i/${REFS.public}/comment`, { comment: 'hi' });
    expect(tooShort.statusCode).toBe(403);
    expectInertia(tooShort).prop('detail', COMMENT_LIST_TEXTS.verifyEmail);
  });

  it('refuses a request without the CSRF token', async () => {
    const jar = await as('member');
    const response = await ctx.app.inject({
      method: 'POST',
      url: `/i/${REFS.public}/comment`,
      headers: { ...(await inertiaHeaders(ctx.app)), cookie: jar.header(), 'content-type': 'application/json' },
      payload: JSON.stringify({ comment: 'Forged words here' }),
    });
    expect(response.statusCode).toBe(403);
    expect(await storedComment('Forged words here')).toBeNull();
  });

  it('refuses items the viewer may not open (403) and unknown ones (404), and hides their comments', async () => {
    await commentRef('staff', 'Staff-only remark here.', REFS.staff);
    expect((await postComment('member', 'Trying a staff item', REFS.staff)).statusCode).toBe(403);
    expect((await postComment('member', 'Trying a draft of another', REFS.pending)).statusCode).toBe(403);
    expect((await postComment('member', 'Trying no item at all', 'nosuchitem99')).statusCode).toBe(404);
    expect((await postComment('member', 'Trying a bad ref', 'NOT-A-REF')).statusCode).toBe(404);
    const page = await itemPage('member', REFS.staff);
    expect(page.status).toBe(403);
    expect(JSON.stringify(page.props)).not.toContain('Staff-only remark');
    expect((await itemPage('anonymous', REFS.staff)).status).toBe(403);
    expect(await storedComment('Trying a staff item')).toBeNull();
  });

  it('keeps markup as plain text, in the props and in the first-visit document', async () => {
    const text = '<script>alert("comment")</script> <b>bold</b> claims';
    await postComment('leader', text);
    expect((await commentsOnPage('anonymous')).map((comment) => comment.comment)).toContain(text);
    const document = await ctx.app.inject({ method: 'GET', url: `/i/${REFS.public}` });
    expect(document.statusCode).toBe(200);
    expect(document.body).not.toContain('<script>alert("comment")');
    expect(document.body).not.toContain('<b>bold</b>');
  });
});

describe('PATCH /comment/{ref}', () => {
  it('lets the author edit their comment, which marks it edited', async () => {
    const ref = await commentRef('leader', 'Original words here.');
    const response = await call(await as('leader'), 'PATCH', `/comment/${ref}`, { comment: 'Better words, edited.' });
    expect(response.statusCode).toBe(303);
    expect(response.headers.location).toBe(`/i/${REFS.public}`);
    expect((await commentsOnPage('leader')).find((comment) => comment.ref === ref)).toMatchObject({ comment: 'Better words, edited.', edited: true });
  });

  it('refuses everyone else, admins included, and anonymous visitors', async () => {
    const ref = await commentRef('leader', 'Words of the leader.');
    expect((await call(await as('affiliate'), 'PATCH', `/comment/${ref}`, { comment: 'Words of another.' })).statusCode).toBe(403);
    expect((await call(await as('admin'), 'PATCH', `/comment/${ref}`, { comment: 'Words of an admin.' })).statusCode).toBe(403);
    const anonymous = await call(await csrfJar(ctx.app), 'PATCH', `/comment/${ref}`, { comment: 'Words of a visitor.' });
    expect(anonymous.statusCode).toBe(403);
    expectInertia(anonymous).prop('detail', SIGN_IN_HINT);
    expect(await storedCommentByRef(ref)).toMatchObject({ comment: 'Words of the leader.', edited: false });
  });

  it('refuses a too-short edit with errors.comment and keeps the words', async () => {
    const ref = await commentRef('leader', 'Words to keep as they are.');
    expect((await call(await as('leader'), 'PATCH', `/comment/${ref}`, { comment: 'short' })).statusCode).toBe(303);
    expect((await itemPage('leader')).props.errors).toEqual({ comment: COMMENT_MESSAGES.tooShort });
    expect(await storedCommentByRef(ref)).toMatchObject({ comment: 'Words to keep as they are.', edited: false });
  });

  it('answers 404 for an unknown comment or a bad ref', async () => {
    expect((await call(await as('leader'), 'PATCH', '/comment/nosuchcomment', { comment: 'Words for nothing.' })).statusCode).toBe(404);
    expect((await call(await as('leader'), 'PATCH', '/comment/NOT_A_REF', { comment: 'Words for nothing.' })).statusCode).toBe(404);
  });
});

describe('DELETE /comment/{ref}', () => {
  it('lets the author delete their own comment', async () => {
    const ref = await commentRef('affiliate', 'Regretted words here.');
    const response = await call(await as('affiliate'), 'DELETE', `/comment/${ref}`);
    expect(response.statusCode).toBe(303);
    expect(response.headers.location).toBe(`/i/${REFS.public}`);
    expect(await storedCommentByRef(ref)).toBeNull();
  });

  it('refuses other members and anonymous visitors; admins delete any comment', async () => {
    const ref = await commentRef('affiliate', 'Words an admin removes.');
    expect((await call(await as('leader'), 'DELETE', `/comment/${ref}`)).statusCode).toBe(403);
    expect((await call(await csrfJar(ctx.app), 'DELETE', `/comment/${ref}`)).statusCode).toBe(403);
    expect(await storedCommentByRef(ref)).not.toBeNull();
    expect((await call(await as('admin'), 'DELETE', `/comment/${ref}`)).statusCode).toBe(303);
    expect(await storedCommentByRef(ref)).toBeNull();
  });

  it('refuses the author once they may no longer open the item', async () => {
    const staffItem = await itemIdOf(ctx.database, REFS.staff);
    const [{ id: memberId }] = await ctx.database.db.select({ id: users.id }).from(users).where(eq(users.email, 'member@example.org'));
    await ctx.database.db.insert(comments).values({ ref: 'commentlocked', itemId: staffItem, userId: memberId, comment: 'Written before the level changed.' });
    expect((await call(await as('member'), 'DELETE', '/comment/commentlocked')).statusCode).toBe(403);
    expect((await call(await as('member'), 'POST', '/comment/commentlocked/flag')).statusCode).toBe(403);
    expect(await storedCommentByRef('commentlocked')).not.toBeNull();
  });
});

describe('flagging and approving', () => {
  it('lets another member flag a comment and an admin approve it', async () => {
    const ref = await commentRef('leader', 'Words someone objects to.');
    const flagged = await call(await as('affiliate'), 'POST', `/comment/${ref}/flag`);
    expect(flagged.statusCode).toBe(303);
    expect(flagged.headers.location).toBe(`/i/${REFS.public}`);
    expect(await storedCommentByRef(ref)).toMatchObject({ flagged: true, approved: false });
    expect((await commentsOnPage('affiliate')).find((comment) => comment.ref === ref)).toMatchObject({ flagged: true, can_flag: false });
    // Another reader may still add their own flag while it waits.
    expect((await commentsOnPage('member')).find((comment) => comment.ref === ref)).toMatchObject({ flagged: true, can_flag: true });

    expect((await call(await as('staff'), 'DELETE', `/comment/${ref}/flag`)).statusCode).toBe(403);
    expect((await call(await as('leader'), 'DELETE', `/comment/${ref}/flag`)).statusCode).toBe(403);
    expect(await storedCommentByRef(ref)).toMatchObject({ flagged: true, approved: false });

    expect((await call(await as('admin'), 'DELETE', `/comment/${ref}/flag`)).statusCode).toBe(303);
    expect(await storedCommentByRef(ref)).toMatchObject({ flagged: false, approved: true });
    expect((await commentsOnPage('member')).find((comment) => comment.ref === ref)).toMatchObject({ flagged: false, can_flag: false });
  });

  it('keeps an approved comment unflagged, until its author edits it', async () => {
    const ref = await commentRef('leader', 'Words an admin approved.');
    await call(await as('affiliate'), 'POST', `/comment/${ref}/flag`);
    await call(await as('admin'), 'DELETE', `/comment/${ref}/flag`);
    expect((await call(await as('staff'), 'POST', `/comment/${ref}/flag`)).statusCode).toBe(303);
    expect(await storedCommentByRef(ref)).toMatchObject({ flagged: false, approved: true });

    await call(await as('leader'), 'PATCH', `/comment/${ref}`, { comment: 'Words changed after approval.' });
    expect(await storedCommentByRef(ref)).toMatchObject({ approved: false, edited: true });
    await call(await as('staff'), 'POST', `/comment/${ref}/flag`);
    expect(await storedCommentByRef(ref)).toMatchObject({ flagged: true });
  });

  it('adds a second person’s flag, tells a flagger whose flag waits already or whose comment is approved, and changes nothing', async () => {
    const ref = await commentRef('leader', 'Words two people object to.');
    const [first, second] = [await as('affiliate'), await as('staff')];
    await Promise.all([noticesAfter(first), noticesAfter(second)]);
    await call(first, 'POST', `/comment/${ref}/flag`);
    expect(await noticesAfter(first)).toEqual([{ message: COMMENT_NOTICES.flagged, type: 'success' }]);

    expect((await call(second, 'POST', `/comment/${ref}/flag`)).statusCode).toBe(303);
    expect(await noticesAfter(second)).toEqual([{ message: COMMENT_NOTICES.flagged, type: 'success' }]);
    expect((await call(first, 'POST', `/comment/${ref}/flag`)).statusCode).toBe(303);
    expect(await noticesAfter(first)).toEqual([{ message: COMMENT_NOTICES.alreadyFlaggedByYou, type: 'info' }]);
    expect(await storedCommentByRef(ref)).toMatchObject({ flagged: true, approved: false });

    await call(await as('admin'), 'DELETE', `/comment/${ref}/flag`);
    expect((await call(second, 'POST', `/comment/${ref}/flag`)).statusCode).toBe(303);
    expect(await noticesAfter(second)).toEqual([{ message: COMMENT_NOTICES.alreadyApproved, type: 'info' }]);
    expect(await storedCommentByRef(ref)).toMatchObject({ flagged: false, approved: true });
  });

  it('refuses the author flagging their own comment, admins flagging, and anonymous visitors', async () => {
    const ref = await commentRef('leader', 'Words nobody may flag here.');
    expect((await call(await as('leader'), 'POST', `/comment/${ref}/flag`)).statusCode).toBe(403);
    expect((await call(await as('admin'), 'POST', `/comment/${ref}/flag`)).statusCode).toBe(403);
    const anonymous = await call(await csrfJar(ctx.app), 'POST', `/comment/${ref}/flag`);
    expect(anonymous.statusCode).toBe(403);
    expectInertia(anonymous).prop('detail', SIGN_IN_HINT);
    const anonymousApproval = await call(await csrfJar(ctx.app), 'DELETE', `/comment/${ref}/flag`);
    expect(anonymousApproval.statusCode).toBe(403);
    expect(await storedCommentByRef(ref)).toMatchObject({ flagged: false, approved: false });
  });
});

describe('what each viewer may do with a comment (can_*)', () => {
  it('gives the author edit and delete, another member flag, an admin delete and approve, a visitor nothing', async () => {
    const ref = await commentRef('staff', 'Words to check the flags on.', REFS.related);
    const flagsOf = async (who: Who) => {
      const comment = (await commentsOnPage(who, REFS.related)).find((shown) => shown.ref === ref)!;
      return { can_flag: comment.can_flag, can_update: comment.can_update, can_delete: comment.can_delete, can_approve: comment.can_approve };
    };
    expect(await flagsOf('staff')).toEqual({ can_flag: false, can_update: true, can_delete: true, can_approve: false });
    expect(await flagsOf('member')).toEqual({ can_flag: true, can_update: false, can_delete: false, can_approve: false });
    expect(await flagsOf('admin')).toEqual({ can_flag: false, can_update: false, can_delete: true, can_approve: false });
    expect(await flagsOf('anonymous')).toEqual({ can_flag: false, can_update: false, can_delete: false, can_approve: false });

    await call(await as('member'), 'POST', `/comment/${ref}/flag`, undefined, REFS.related);
    expect(await flagsOf('admin')).toEqual({ can_flag: false, can_update: false, can_delete: true, can_approve: true });
    expect(await flagsOf('member')).toEqual({ can_flag: false, can_update: false, can_delete: false, can_approve: false });
    expect(await flagsOf('leader')).toEqual({ can_flag: true, can_update: false, can_delete: false, can_approve: false });
  });

  it('shows comments to visitors who may open the item, read-only, with can.comment false', async () => {
    await commentRef('leader', 'Words for every visitor.', REFS.expiring);
    const { props } = await itemPage('anonymous', REFS.expiring);
    expect(props.item.comments.map((comment: Comment) => comment.comment)).toContain('Words for every visitor.');
    expect(props.can.comment).toBe(false);
    expect((await itemPage('member', REFS.expiring)).props.can.comment).toBe(true);
  });
});

describe('comments with the library cache', () => {
  it('shows a new, edited or deleted comment on the next visit, after visits that filled the cache', async () => {
    for (const who of ['leader', 'member', 'leader'] as const) await itemPage(who, REFS.members);
    const ref = await commentRef('member', 'Fresh words after caching.', REFS.members);
    expect((await commentsOnPage('leader', REFS.members)).map((comment) => comment.ref)).toContain(ref);

    await call(await as('member'), 'PATCH', `/comment/${ref}`, { comment: 'Fresh words, edited after caching.' }, REFS.members);
    expect((await commentsOnPage('leader', REFS.members)).find((comment) => comment.ref === ref)).toMatchObject({
      comment: 'Fresh words, edited after caching.',
      edited: true,
    });

    await call(await as('member'), 'DELETE', `/comment/${ref}`, undefined, REFS.members);
    expect((await commentsOnPage('leader', REFS.members)).map((comment) => comment.ref)).not.toContain(ref);
  });
});
