/** Internal documentation (member-library §2 /documentation, §6): the handbook, for staff, admins and managers. */
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { SIGN_IN_HINT } from '../../shared/messages';
import { handbookPage, handbookPages, renderMarkdown } from '../../server/features/documentation/handbook';
import { visit } from '../support/http';
import { seedDemoAccounts } from '../support/seed';
import { useSessionTestApp } from '../support/sessions';
import { expectInertia } from '../../server/inertia/testing';

const ctx = useSessionTestApp({ seed: seedDemoAccounts });

async function open(email: string | null, url: string) {
  return visit(ctx.app, url, await ctx.as(email));
}

describe('GET /documentation', () => {
  it.each(['staff@example.org', 'team@example.org', 'admin@example.org', 'superadmin@example.org', 'manager@example.org'])(
    'lists the handbook pages for %s',
    async (email) => {
      const { response, page } = await open(email, '/documentation');
      expect(response.statusCode).toBe(200);
      expectInertia(page).component('documentation/Index');
      expect(page.props.pages.map((entry: { slug: string }) => entry.slug)).toEqual([
        'getting-started',
        'access-levels',
        'adding-and-tagging-items',
        'moderation',
        'maintenance',
      ]);
      expect(page.props.pages[1]).toMatchObject({ title: 'Access levels explained' });
      expect(page.props.pages[1].summary).toMatch(/^Every item and every content file has a minimum access level\./);
      expectInertia(page).prop('breadcrumbs', [{ label: 'Documentation' }]);
    },
  );

  it('refuses anonymous visitors with the 403 page and the sign-in hint', async () => {
    const { response, page } = await open(null, '/documentation');
    expect(response.statusCode).toBe(403);
    expectInertia(page).prop('detail', SIGN_IN_HINT);
    expect((await open(null, '/documentation/access-levels')).response.statusCode).toBe(403);
  });

  it.each(['member@example.org', 'affiliate@example.org', 'leader@example.org', 'usermanager@example.org'])('refuses %s with 403', async (email) => {
    const { response, page } = await open(email, '/documentation');
    expect(response.statusCode).toBe(403);
    expectInertia(page).prop('detail', null);
    expect((await open(email, '/documentation/moderation')).response.statusCode).toBe(403);
  });
});

describe('GET /documentation/{slug}', () => {
  it('renders the page from Markdown, with the list of pages for navigation', async () => {
    const { response, page } = await open('staff@example.org', '/documentation/access-levels');
    expect(response.statusCode).toBe(200);
    expectInertia(page).component('documentation/Show').prop('page.title', 'Access levels explained');
    expect(page.props.page.html).toContain('<table>');
    expect(page.props.page.html).toContain('<strong>minimum access level</strong>');
    expect(page.props.page.html).not.toContain('<h1>');
    expect(page.props.pages).toHaveLength(5);
    expectInertia(page).prop('breadcrumbs', [{ label: 'Documentation', href: '/documentation' }, { label: 'Access levels explained' }]);
  });

  it.each([
    '/documentation/no-such-page',
    '/documentation/..%2F..%2Fpackage',
    '/documentation/.env',
    '/documentation/a..b',
    '/documentation/Access-Levels',
    '/documentation/01-getting-started',
  ])('answers 404 for %s', async (url) => {
    const { response } = await open('admin@example.org', url);
    expect(response.statusCode).toBe(404);
  });
});

describe('the moderation page of the handbook', () => {
  it('tells admins what they can do with a flagged comment, approve or delete, and never to edit it (only its author can)', async () => {
    const html = (await handbookPage('moderation'))!.html;
    expect(html).toContain('<strong>Approve</strong>');
    expect(html).toContain('<strong>Delete</strong>');
    expect(html).not.toMatch(/<strong>Edit<\/strong>/);
    expect(html).not.toMatch(/\bEdit it\b/i);
    expect(html).toContain('only its author can edit a comment');
  });
});

describe('the handbook renderer', () => {
  it('drops scripts, event handlers and javascript: links from the Markdown', () => {
    const html = renderMarkdown(
      'Hello <script>alert(1)</script> world\n\n<img src=x onerror="alert(2)">\n\n[click](javascript:alert(3)) and [ok](https://example.org)\n\n<a href="/x" onclick="alert(4)">x</a>',
    );
    expect(html).not.toMatch(/<script|onerror|onclick|javascript:|<img/i);
    expect(html).toContain('<a href="https://example.org" rel="noopener noreferrer">ok</a>');
  });

  it('reads NN-slug.md files in order and ignores anything else', async () => {
    const dir = mkdtempSync(path.join(tmpdir(), 'equip-handbook-'));
    try {
      writeFileSync(path.join(dir, '2-second.md'), '# Second\n\nThe second page.');
      writeFileSync(path.join(dir, '1-first.md'), '# First\n\nThe *first* page, see [this](https://example.org).\n\nMore.');
      writeFileSync(path.join(dir, 'notes.md'), '# Not a page');
      writeFileSync(path.join(dir, '3-Bad_Name.md'), '# Not a page either');
      expect(await handbookPages(dir)).toEqual([
        { slug: 'first', title: 'First', summary: 'The first page, see this.' },
        { slug: 'second', title: 'Second', summary: 'The second page.' },
      ]);
      expect((await handbookPage('first', dir))?.html).toContain('<em>first</em>');
      expect(await handbookPage('../first', dir)).toBeNull();
      expect(await handbookPage('notes', dir)).toBeNull();
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  });
});
