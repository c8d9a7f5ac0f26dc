/**
 * Issue 19 §5 "A moderation queue", as a journey at 375 and 1280 px: a member flags two comments with reasons (first
 * forgetting to say what "Something else" means), the admin works the queue — approves one by its checkbox, starts
 * deleting the other and cancels, then deletes it with a reason — and the author gets the e-mail saying why.
 */
import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { COMMENT_CONFIRM, COMMENT_MESSAGES, FLAG_REASONS } from '../../shared/comments';
import { COMMENT_LIST_TEXTS } from '../../shared/comment-list';
import { expectAccessible, expectNoSidewaysScroll, JOURNEY_SIZES } from './journey';
import { cardLink, mailContaining, pageHeading, signInWithEmail, useWatchedBrowser } from './support';

const { e2e, open } = useWatchedBrowser();

/** A public item of the seeded library. */
const ITEM_TITLE = 'Assembly Plan: Noah and the Flood';
const AUTHOR = 'leader@example.org';
const FLAGGER = 'member@example.org';

/** The comment's own row (its words in a paragraph), not a row that quotes it as a neighbour. */
const rowOf = (page: Page, text: string) => page.getByRole('listitem', { name: /^Comment by/ }).filter({ has: page.locator('p', { hasText: text }) });
const flaggedIcon = (page: Page, text: string) => rowOf(page, text).getByRole('img', { name: COMMENT_LIST_TEXTS.flaggedIcon });

/** Accepts the next confirmation, after checking it asks `message`. */
function acceptNextConfirm(page: Page, message: string): Promise<void> {
  return new Promise((resolve, reject) => {
    page.once('dialog', (dialog) => {
      if (dialog.message() !== message) reject(new Error(`unexpected prompt: ${dialog.message()}`));
      void dialog.accept().then(resolve, reject);
    });
  });
}

async function flag(page: Page, text: string, reason: string, words: string | null) {
  await rowOf(page, text).getByRole('button', { name: 'Flag' }).click();
  const dialog = page.getByRole('dialog', { name: 'Flag comment' });
  await dialog.getByText(COMMENT_CONFIRM.flag).waitFor();
  await dialog.getByLabel(COMMENT_MESSAGES.flagReasonLabel).selectOption({ label: reason });
  if (words) await dialog.getByRole('textbox').fill(words);
  await dialog.getByRole('button', { name: 'Flag' }).click();
  return dialog;
}

describe.skipIf(Boolean(e2e.skipReason)).each(JOURNEY_SIZES)('Moderation journey at %s', (_sizeName, size) => {
  it('a member flags with a reason, the admin approves one and deletes the other, the author is told why', async () => {
    const stamp = `${size.width}-${Date.now()}`;
    const keep = `Journey comment to keep ${stamp}: the flood story works for Year 3.`;
    const remove = `Journey comment to remove ${stamp}: buy cheap arks at my shop.`;

    const author = await open('/', size);
    await signInWithEmail(author, AUTHOR);
    await author.goto(`/item?${new URLSearchParams({ search: ITEM_TITLE })}`);
    await cardLink(author, ITEM_TITLE).click();
    await pageHeading(author).filter({ hasText: ITEM_TITLE }).waitFor();
    for (const text of [keep, remove]) {
      const box = author.getByRole('textbox', { name: 'Write a comment' });
      await box.fill(text);
      await box.press('Enter');
      await rowOf(author, text).waitFor();
    }
    const itemPath = new URL(author.url()).pathname;
    expect(itemPath).toMatch(/^\/i\/[0-9a-z]+$/);
    await e2e.context.close();

    // The member flags: "Something else" without saying what is refused under the field, the dialog keeps the choice.
    const member = await open(itemPath, size);
    await signInWithEmail(member, FLAGGER);
    await member.goto(itemPath);
    await rowOf(member, keep).waitFor();
    const dialog = await flag(member, keep, FLAG_REASONS.other, null);
    await dialog.getByText(COMMENT_MESSAGES.flagNoteNeeded).waitFor();
    expect(await dialog.getByLabel(COMMENT_MESSAGES.flagReasonLabel).inputValue()).toBe('other');
    await expectAccessible(member, 'the flag dialog with an error');
    await dialog.getByRole('textbox').fill('It compares the class to animals.');
    await dialog.getByRole('button', { name: 'Flag' }).click();
    await dialog.waitFor({ state: 'hidden' });
    await flaggedIcon(member, keep).waitFor();
    await flag(member, remove, FLAG_REASONS.spam, 'An advert.');
    await flaggedIcon(member, remove).waitFor();
    expect(await rowOf(member, remove).getByRole('button', { name: 'Flag' }).count()).toBe(0);
    await expectAccessible(member, 'the item page with flagged comments');
    await e2e.context.close();

    // The admin works the queue.
    const admin = await open('/', size);
    await signInWithEmail(admin, 'admin@example.org');
    await admin.goto('/admin/comment');
    await pageHeading(admin).filter({ hasText: 'Comments' }).waitFor();
    const queued = rowOf(admin, remove);
    await queued.getByText(/^1 flag:/).waitFor();
    expect(await queued.innerText()).toContain(`${FLAG_REASONS.spam} — “An advert.”`);
    await queued.getByText('The author:', { exact: false }).click();
    await expectAccessible(admin, 'the moderation queue');
    await expectNoSidewaysScroll(admin, 'the moderation queue');

    // Approve one, by keyboard.
    const keepBox = rowOf(admin, keep).getByRole('checkbox', { name: /^Select the comment by/ });
    await keepBox.focus();
    await admin.keyboard.press('Space');
    expect(await keepBox.isChecked()).toBe(true);
    const approved = acceptNextConfirm(admin, COMMENT_CONFIRM.approve);
    await admin.getByRole('button', { name: 'Approve selected' }).click();
    await approved;
    await flaggedIcon(admin, keep).waitFor({ state: 'detached' });
    await admin.getByText('None selected').waitFor();

    // Start deleting the other, think again, then delete it with the flags' reason and a word to the author.
    await rowOf(admin, remove)
      .getByRole('checkbox', { name: /^Select the comment by/ })
      .check();
    await admin.getByRole('button', { name: 'Delete selected…' }).click();
    const deleteDialog = admin.getByRole('dialog', { name: 'Delete 1 comment' });
    await deleteDialog.getByText(COMMENT_CONFIRM.delete).waitFor();
    await expectAccessible(admin, 'the delete dialog');
    await deleteDialog.getByRole('button', { name: 'Cancel' }).click();
    await deleteDialog.waitFor({ state: 'hidden' });
    await rowOf(admin, remove).waitFor();

    await admin.getByRole('button', { name: 'Delete selected…' }).click();
    await deleteDialog.getByLabel('Words to the authors (optional)').fill('Please keep adverts off the library.');
    await deleteDialog.getByRole('button', { name: 'Delete' }).click();
    await deleteDialog.waitFor({ state: 'hidden' });
    await rowOf(admin, remove).waitFor({ state: 'detached' });
    await rowOf(admin, keep).waitFor();

    const mail = await mailContaining(remove);
    expect(mail).toContain(`Why: ${FLAG_REASONS.spam}.`);
    expect(mail).toContain('The admin adds: Please keep adverts off the library.');
    expect(mail).not.toContain('Maya Thompson');
  });
});
