/**
 * Personal access tokens as a journey, at 320 px and 1280 px: on the profile's Access tokens section a member with a
 * verified address reaches New access token and the dialog's fields by keyboard, leaves the name empty and then gives
 * a past expiry day (each error by its field, the rest of the form kept), creates a token and sees its secret once;
 * the API answers that secret, the profile then lists the token (its prefix, when it was last used) without the
 * secret; revoked (confirmed first), it is listed as revoked and the API refuses it. Axe and the sideways check run on
 * the states reached. Then the API reference (/api) for a visitor on a phone.
 */
import { describe, expect, it } from 'vitest';
import { ACCESS_TOKEN_MESSAGES, ACCESS_TOKEN_PREFIX, ACCESS_TOKEN_PROBLEMS, ACCESS_TOKEN_TEXT } from '../../shared/access-tokens';
import { API_TEXTS } from '../../shared/api';
import { DESKTOP, expectAccessible, expectNoSidewaysScroll, focused, PHONE, SMALLEST_PHONE, tabTo } from './journey';
import { pageHeading, signInWithEmail, useWatchedBrowser } from './support';

const { e2e, open } = useWatchedBrowser();

/** A verified demo account no other browser test uses; each size names its tokens apart. */
const MEMBER = 'manager@example.org';
const SIZES: Array<[string, { width: number; height: number }]> = [
  ['320 px', SMALLEST_PHONE],
  ['1280 px', DESKTOP],
];

/** A day as YYYY-MM-DD, `days` from today (UTC; far enough either way to be past or future in any time zone). */
const dayFromToday = (days: number) => new Date(Date.now() + days * 86_400_000).toISOString().slice(0, 10);

/** The API's item list, asked with a bearer token from outside the browser, as a script would. */
const listItemsWith = (secret: string) => fetch(`${e2e.baseUrl}/api/v1/items`, { headers: { authorization: `Bearer ${secret}`, accept: 'application/json' } });

describe.skipIf(Boolean(e2e.skipReason))('Access tokens journey', () => {
  describe.each(SIZES)('at %s', (_, size) => {
    it('creates a token after two mistakes, uses it once, and revokes it', async () => {
      const name = `Journey script ${size.width} ${Date.now()}`;
      const laterDay = dayFromToday(60);
      const page = await open('/', size);
      await signInWithEmail(page, MEMBER);
      await page.goto('/profile');
      const section = page.getByRole('region', { name: ACCESS_TOKEN_TEXT.title });
      await section.getByRole('heading', { name: ACCESS_TOKEN_TEXT.title }).waitFor();

      // By keyboard from the top of the page: New access token, and the dialog opens on its Name field.
      const newToken = section.getByRole('button', { name: ACCESS_TOKEN_TEXT.create, exact: true });
      expect(await tabTo(page, newToken, 80), 'Tab reaches New access token').toBe(true);
      await page.keyboard.press('Enter');
      const dialog = page.getByRole('dialog', { name: ACCESS_TOKEN_TEXT.create });
      await dialog.waitFor();
      await expect.poll(() => focused(page)).toMatchObject({ tag: 'input', label: ACCESS_TOKEN_TEXT.nameLabel, inDialog: true });
      const nameField = dialog.getByRole('textbox', { name: ACCESS_TOKEN_TEXT.nameLabel });
      const expiryField = dialog.getByLabel(ACCESS_TOKEN_TEXT.expiresLabel);
      const submit = dialog.getByRole('button', { name: ACCESS_TOKEN_TEXT.submit });

      // The wrong turn: no name, an expiry day given. Sent by keyboard; the error is by the name, the day kept.
      await expiryField.fill(laterDay);
      await nameField.focus();
      expect(await tabTo(page, submit, 10), 'Tab reaches Create token').toBe(true);
      await page.keyboard.press('Enter');
      await expect
        .poll(() => focused(page))
        .toMatchObject({ label: ACCESS_TOKEN_TEXT.nameLabel, invalid: 'true', described: [ACCESS_TOKEN_MESSAGES.nameRequired] });
      await dialog.getByText(ACCESS_TOKEN_MESSAGES.nameRequired, { exact: true }).waitFor();
      expect(await expiryField.inputValue()).toBe(laterDay);
      await expectNoSidewaysScroll(page, 'New access token with an error on its name');

      // A name now, but a day already past: its own error, the name kept.
      await page.keyboard.type(name);
      await expiryField.fill(dayFromToday(-2));
      await submit.click();
      await dialog.getByText(ACCESS_TOKEN_MESSAGES.expiryNotFuture, { exact: true }).waitFor();
      expect(await expiryField.getAttribute('aria-invalid')).toBe('true');
      expect(await nameField.inputValue()).toBe(name);
      expect(await dialog.getByText(ACCESS_TOKEN_MESSAGES.nameRequired, { exact: true }).count()).toBe(0);
      await expectAccessible(page, 'New access token with an error on its expiry day');

      // Put right: the secret, shown this once, with the words that say so.
      await expiryField.fill(laterDay);
      await submit.click();
      await dialog.waitFor({ state: 'hidden' });
      const shown = section.getByRole('alert').filter({ hasText: ACCESS_TOKEN_TEXT.createdTitle(name) });
      await shown.getByText(ACCESS_TOKEN_TEXT.createdWarning, { exact: true }).waitFor();
      const secretField = shown.getByRole('textbox', { name: ACCESS_TOKEN_TEXT.tokenLabel });
      const secret = await secretField.inputValue();
      expect(secret.startsWith(ACCESS_TOKEN_PREFIX)).toBe(true);
      expect(secret.length).toBeGreaterThan(ACCESS_TOKEN_PREFIX.length + 20);
      await shown.getByRole('button', { name: ACCESS_TOKEN_TEXT.copy, exact: true }).waitFor();
      const row = section.getByRole('list', { name: ACCESS_TOKEN_TEXT.listLabel }).getByRole('listitem').filter({ hasText: name });
      await row.getByText(`${ACCESS_TOKEN_TEXT.lastUsed}: ${ACCESS_TOKEN_TEXT.neverUsed}`, { exact: true }).waitFor();
      await expectAccessible(page, 'the new token’s secret');
      await expectNoSidewaysScroll(page, 'the new token’s secret');

      // A script uses it.
      const answer = await listItemsWith(secret);
      expect(answer.status).toBe(200);
      expect(answer.headers.get('content-type')).toMatch(/^application\/json/);
      const body = (await answer.json()) as { data?: unknown };
      expect(Array.isArray(body.data)).toBe(true);

      // Back on the profile: the secret is gone for good, the token listed by its prefix, its use noted.
      await page.reload();
      await section.getByRole('heading', { name: ACCESS_TOKEN_TEXT.title }).waitFor();
      await row.waitFor();
      expect(await section.getByText(ACCESS_TOKEN_TEXT.createdWarning).count()).toBe(0);
      expect(await section.getByRole('textbox', { name: ACCESS_TOKEN_TEXT.tokenLabel }).count()).toBe(0);
      expect(await page.content()).not.toContain(secret);
      const prefix = (await row.locator('code').innerText()).replace(/…$/, '');
      expect(prefix.startsWith(ACCESS_TOKEN_PREFIX) && secret.startsWith(prefix) && prefix.length < secret.length).toBe(true);
      await row.getByText(ACCESS_TOKEN_TEXT.states.active, { exact: true }).waitFor();
      const lastUsed = row.getByText(`${ACCESS_TOKEN_TEXT.lastUsed}:`, { exact: true }).locator('xpath=..');
      await expect
        .poll(async () => {
          const text = await lastUsed.innerText();
          if (text.endsWith(ACCESS_TOKEN_TEXT.neverUsed)) await page.reload();
          return text;
        })
        .not.toMatch(new RegExp(`${ACCESS_TOKEN_TEXT.neverUsed}$`));

      // Revoked, after its question: listed as revoked, and the same call is refused.
      let question = '';
      page.once('dialog', (confirmation) => {
        question = confirmation.message();
        void confirmation.accept();
      });
      await row.getByRole('button', { name: ACCESS_TOKEN_TEXT.revokeLabel(name) }).click();
      await page.getByText(ACCESS_TOKEN_MESSAGES.revoked(name), { exact: true }).first().waitFor();
      await row.getByText(ACCESS_TOKEN_TEXT.states.revoked, { exact: true }).waitFor();
      expect(question).toBe(ACCESS_TOKEN_TEXT.revokeConfirm(name));
      expect(await row.getByRole('button', { name: ACCESS_TOKEN_TEXT.revokeLabel(name) }).count()).toBe(0);

      const refused = await listItemsWith(secret);
      expect(refused.status).toBe(401);
      expect(refused.headers.get('content-type')).toMatch(/^application\/problem\+json/);
      expect(await refused.json()).toMatchObject({ status: 401, detail: ACCESS_TOKEN_PROBLEMS.refused });

      // The list as it now is: nothing sideways, New access token still in the keyboard's reach, and axe.
      await page.reload();
      await row.getByText(ACCESS_TOKEN_TEXT.states.revoked, { exact: true }).waitFor();
      await expectNoSidewaysScroll(page, 'the token list');
      expect(await tabTo(page, newToken, 80), 'Tab reaches New access token on the list').toBe(true);
      await expectAccessible(page, 'the token list with a revoked token');
    }, 75_000);
  });

  it('shows the API reference to a visitor on a phone, with its curl example', async () => {
    const page = await open('/api', PHONE);
    await pageHeading(page).filter({ hasText: API_TEXTS.title }).waitFor();
    await page.getByText(API_TEXTS.intro, { exact: true }).waitFor();
    const itemsExample = page
      .locator('pre code')
      .filter({ hasText: /^curl -H "Authorization: Bearer \$EQUIP_TOKEN" "http[^"]*\/api\/v1\/items(\?[^"]*)?"$/ })
      .first();
    await itemsExample.waitFor();
    await expectNoSidewaysScroll(page, 'the API reference at 375 px');
    await expectAccessible(page, 'the API reference');
  }, 45_000);
});
