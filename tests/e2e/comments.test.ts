import { describe, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import { DEMO_ACCOUNTS } from '../../server/db/seed/accounts';
import { COMMENT_CONFIRM, COMMENT_MESSAGES, FLAG_REASONS } from '../../shared/comments';
import { COMMENT_LIST_TEXTS } from '../../shared/comment-list';
import { cardLink, pageHeading, signInWithEmail, useWatchedBrowser } from './support';

const { e2e, open } = useWatchedBrowser();

/** A public item of the seeded library. */
const ITEM_TITLE = 'Assembly Plan: Noah and the Flood';
/** Unique to this run, so other comments (seeded, or other tests') never match it. */
const TEXT = `Browser comment ${Date.now()}: the rainbow ending works well, see https://example.org/rainbow`;

async function openItem(page: Page): Promise<void> {
  await page.goto(`/item?${new URLSearchParams({ search: ITEM_TITLE })}`);
  await cardLink(page, ITEM_TITLE).click();
  await pageHeading(page).filter({ hasText: ITEM_TITLE }).waitFor();
}

const MEMBER_EMAIL = 'member@example.org';
const MEMBER_NAME = DEMO_ACCOUNTS.find((account) => account.email === MEMBER_EMAIL)!.name;

/** The member's comment itself: on the moderation queue another comment's row may quote it as its neighbour. */
const commentRow = (page: Page) => page.getByRole('listitem', { name: `Comment by ${MEMBER_NAME}`, exact: true }).filter({ hasText: TEXT.split(', see')[0] });
const flaggedIcon = (page: Page) => commentRow(page).getByRole('img', { name: COMMENT_LIST_TEXTS.flaggedIcon });

/** Accepts the next confirmation, after checking it asks the spec's question. */
function acceptNextConfirm(page: Page, message: string): Promise<void> {
  return new Promise((resolve, reject) => {
    page.once('dialog', (dialog) => {
      if (dialog.message() !== message) reject(new Error(`unexpected prompt: ${dialog.message()}`));
      void dialog.accept().then(resolve, reject);
    });
  });
}

describe.skipIf(Boolean(e2e.skipReason))('Comments in a browser', () => {
  it('a member comments, another member flags it, an admin approves it on /admin/comment and the warning icon is gone', async () => {
    const member = await open('/');
    await signInWithEmail(member, MEMBER_EMAIL);
    await openItem(member);
    const box = member.getByRole('textbox', { name: 'Write a comment' });
    await box.fill('short');
    expect(await member.getByRole('button', { name: 'Send' }).isDisabled()).toBe(true);
    await box.fill(TEXT);
    await box.press('Enter');
    await commentRow(member).waitFor();
    expect(await box.inputValue()).toBe('');
    expect(await commentRow(member).getByRole('link', { name: 'https://example.org/rainbow' }).getAttribute('rel')).toBe('nofollow noopener noreferrer ugc');
    const itemPath = new URL(member.url()).pathname;
    await e2e.context.close();

    const other = await open('/');
    await signInWithEmail(other, 'affiliate@example.org');
    await other.goto(itemPath);
    const row = commentRow(other);
    // A comment's buttons load after the page, the first time.
    await row.getByRole('button', { name: 'Flag' }).waitFor();
    expect(await row.getByRole('button').allInnerTexts()).toEqual(['Flag']);
    await row.getByRole('button', { name: 'Flag' }).click();
    const flagDialog = other.getByRole('dialog', { name: 'Flag comment' });
    await flagDialog.getByText(COMMENT_CONFIRM.flag).waitFor();
    await flagDialog.getByLabel(COMMENT_MESSAGES.flagReasonLabel).selectOption({ label: FLAG_REASONS.off_topic });
    await flagDialog.getByRole('button', { name: 'Flag' }).click();
    await flagDialog.waitFor({ state: 'hidden' });
    await flaggedIcon(other).waitFor();
    expect(await row.getByRole('button').count()).toBe(0);
    await e2e.context.close();

    const admin = await open('/');
    await signInWithEmail(admin, 'admin@example.org');
    await admin.goto('/admin/comment');
    await pageHeading(admin).filter({ hasText: 'Comments' }).waitFor();
    await flaggedIcon(admin).waitFor();
    // The queue row links the item first; the author's history may link it again.
    expect(await commentRow(admin).getByRole('link', { name: ITEM_TITLE }).first().getAttribute('href')).toBe(itemPath);
    const approved = acceptNextConfirm(admin, COMMENT_CONFIRM.approve);
    await commentRow(admin).getByRole('button', { name: 'Approve' }).click();
    await approved;
    await flaggedIcon(admin).waitFor({ state: 'detached' });
    await commentRow(admin).waitFor();

    await admin.goto(itemPath);
    await commentRow(admin).waitFor();
    expect(await flaggedIcon(admin).count()).toBe(0);
  });
});
