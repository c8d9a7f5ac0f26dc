/** The moderation list /admin/comment (admin-curation §2 "Admin comments list", §3 paginated lists, §6). */
import { describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { ADMIN_COMMENTS_PER_PAGE, type Comment } from '../../shared/comments';
import { SIGN_IN_HINT } from '../../shared/messages';
import type { PaginationLink } from '../../shared/pagination';
import { comments, users } from '../../server/db/schema';
import { useTestApp } from '../support/app';
import { inertiaHeaders, visit, xsrfHeader } from '../support/http';
import { REFS, TITLES, itemIdOf, seedItemLibrary, signedInJars, type Who } from './item-page-fixture';
import { expectInertia } from '../../server/inertia/testing';

const ctx = useTestApp({ seed: seedItemLibrary });
const jarOf = signedInJars(ctx);

async function adminList(who: Who, query = '') {
  const { response, page } = await visit(ctx.app, `/admin/comment${query}`, await jarOf(who));
  return { status: response.statusCode, page };
}

const MINUTE_MS = 60_000;
const EXTRA = ADMIN_COMMENTS_PER_PAGE + 5;

/** EXTRA comments by the leader on the public item, one a minute; the two oldest are flagged. */
async function seedComments(): Promise<void> {
  const [leader] = await ctx.database.db.select({ id: users.id }).from(users).where(eq(users.email, 'leader@example.org'));
  const itemId = await itemIdOf(ctx.database, REFS.public);
  const start = Date.now() - EXTRA * MINUTE_MS;
  await ctx.database.db.insert(comments).values(
    Array.from({ length: EXTRA }, (_, index) => ({
      ref: `cmt${String(index).padStart(9, '0')}`,
      itemId,
      userId: leader.id,
      comment: `Moderation test comment number ${index}`,
      flagged: index < 2,
      createdAt: new Date(start + index * MINUTE_MS),
    })),
  );
}

describe('GET /admin/comment', () => {
  it('shows an admin the empty list, titled Comments under Admin', async () => {
    const { status, page } = await adminList('admin');
    expect(status).toBe(200);
    expectInertia(page)
      .component('admin/comment/Index')
      .prop('comments.data', [])
      .prop('title', 'Comments')
      .prop('breadcrumbs', [{ label: 'Admin', href: '/admin' }, { label: 'Comments' }]);
    // Previous, 1, Next: too few for the Pagination component to show.
    expect(page.props.comments.links.map((link: PaginationLink) => link.url)).toEqual(['', '/admin/comment', '']);
  });

  it('refuses anonymous visitors with the 403 page and a hint to sign in', async () => {
    const { status, page } = await adminList('anonymous');
    expect(status).toBe(403);
    expectInertia(page).component('errors/Error').prop('detail', SIGN_IN_HINT);
    const document = await ctx.app.inject({ method: 'GET', url: '/admin/comment' });
    expect(document.statusCode).toBe(403);
    expectInertia(document).prop('detail', SIGN_IN_HINT);
  });

  it.each(['member', 'leader', 'team'] as const)('refuses the %s (not an admin) with the 403 page', async (who) => {
    const { status, page } = await adminList(who);
    expect(status).toBe(403);
    expectInertia(page).component('errors/Error').prop('detail', null);
  });

  it('lists flagged comments first, then the newest, a page at a time with links', async () => {
    await seedComments();
    const first = (await adminList('admin')).page.props.comments as { data: Comment[]; links: PaginationLink[] };
    expect(first.data).toHaveLength(ADMIN_COMMENTS_PER_PAGE);
    expect(first.data.slice(0, 2).map((comment) => comment.flagged)).toEqual([true, true]);
    expect(first.data.slice(2, 4).map((comment) => comment.comment)).toEqual([
      `Moderation test comment number ${EXTRA - 1}`,
      `Moderation test comment number ${EXTRA - 2}`,
    ]);
    expect(first.data[0]).toMatchObject({
      item_ref: REFS.public,
      item_title: TITLES.public,
      commenter: 'Sarah Okafor',
      can_approve: true,
      can_delete: true,
      can_update: false,
      can_flag: false,
    });
    expect(first.data[2]).toMatchObject({ can_approve: false, can_delete: true });
    expect(first.links).toEqual([
      { url: '', label: '&laquo; Previous', active: false },
      { url: '/admin/comment', label: '1', active: true },
      { url: '/admin/comment?page=2', label: '2', active: false },
      { url: '/admin/comment?page=2', label: 'Next &raquo;', active: false },
    ]);

    const second = (await adminList('admin', '?page=2')).page.props.comments as { data: Comment[]; links: PaginationLink[] };
    expect(second.data).toHaveLength(EXTRA - ADMIN_COMMENTS_PER_PAGE);
    expect(second.data.some((comment) => comment.flagged)).toBe(false);
    expect(second.links.at(-1)).toEqual({ url: '', label: 'Next &raquo;', active: false });
    expect(second.links.find((link) => link.active)?.label).toBe('2');

    const junk = (await adminList('admin', '?page=nonsense')).page.props.comments as { data: Comment[] };
    expect(junk.data.map((comment) => comment.ref)).toEqual(first.data.map((comment) => comment.ref));
  });

  it('approves and deletes from the list, coming back to it', async () => {
    const jar = (await jarOf('admin'))!;
    const callFromList = async (method: 'DELETE', url: string) => {
      const response = await ctx.app.inject({
        method,
        url,
        headers: { ...(await inertiaHeaders(ctx.app)), ...xsrfHeader(jar), referer: 'http://localhost/admin/comment?page=1' },
      });
      jar.store(response);
      return response;
    };
    const approved = await callFromList('DELETE', '/comment/cmt000000000/flag');
    expect(approved.statusCode).toBe(303);
    expect(approved.headers.location).toBe('/admin/comment?page=1');
    const deleted = await callFromList('DELETE', '/comment/cmt000000001');
    expect(deleted.statusCode).toBe(303);
    const list = (await adminList('admin')).page.props.comments as { data: Comment[] };
    expect(list.data.some((comment) => comment.flagged)).toBe(false);
    expect(list.data.map((comment) => comment.ref)).not.toContain('cmt000000001');
    const [row] = await ctx.database.db.select().from(comments).where(eq(comments.ref, 'cmt000000000'));
    expect(row).toMatchObject({ flagged: false, approved: true });
  });
});
