/**
 * What every journey test shares: the screen sizes it runs at, an axe check of the state the
 * journey has reached (WCAG 2.2 A/AA, any impact fails), the "no sideways scroll" check, and the keyboard's focus.
 */
import AxeBuilder from '@axe-core/playwright';
import type { Locator, Page } from 'playwright-core';
import { expect } from 'vitest';

export const PHONE = { width: 375, height: 740 };
export const DESKTOP = { width: 1280, height: 900 };
export const SMALLEST_PHONE = { width: 320, height: 640 };

/** Each journey runs at these sizes: `describe.each(JOURNEY_SIZES)('… at %s', (_, size) => …)`. */
export const JOURNEY_SIZES: Array<[string, { width: number; height: number }]> = [
  ['375 px', PHONE],
  ['1280 px', DESKTOP],
];

const WCAG_22_AA = ['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa', 'wcag22a', 'wcag22aa'];

/** Fails with the rule ids and targets when axe finds any WCAG 2.2 A/AA violation in the page as it is now. */
export async function expectAccessible(page: Page, state: string): Promise<void> {
  // Colours mid-transition (a button fading into its hover, focus or open state) are not what anyone reads, and
  // Chromium may start a hover by itself after a dialog opens under the pointer; without transitions, axe measures
  // each element's settled colours whatever frame it lands on.
  //
  // The sticky navbar covers whatever the page is scrolled under, and axe counts a button it half covers as a small
  // target: which row that is depends on how long a list has grown, not on the page. While axe runs the navbar stays
  // at the top of the document instead, and nothing else moves.
  const settled = await page.addStyleTag({
    content: [
      '*, *::before, *::after { transition: none !important; animation-duration: 0s !important; animation-delay: 0s !important; }',
      'header.sticky-top { position: static !important; }',
    ].join('\n'),
  });
  // Legacy mode runs axe in the page alone; otherwise each check opens a blank page to gather the results of the
  // page's frames (about 2 s of the 6 s a check took on a busy CI machine). The app embeds no frame of another origin.
  const results = await new AxeBuilder({ page }).withTags(WCAG_22_AA).setLegacyMode(true).analyze();
  await settled.evaluate((style) => (style as HTMLStyleElement).remove());
  const violations = results.violations.map((violation) => ({
    rule: violation.id,
    impact: violation.impact,
    targets: violation.nodes.slice(0, 3).map((node) => node.target.join(' ')),
  }));
  expect(violations, `axe on ${state}`).toEqual([]);
}

/** Fails when the page is wider than the viewport (it would scroll sideways). */
export async function expectNoSidewaysScroll(page: Page, state: string): Promise<void> {
  const { scrollWidth, clientWidth, culprits } = await page.evaluate(() => {
    const width = document.documentElement.clientWidth;
    // The innermost elements reaching past the right edge, named by tag and classes, to say what to fix.
    const beyond = [...document.body.querySelectorAll<HTMLElement>('*')].filter((element) => element.getBoundingClientRect().right > width + 1);
    const innermost = beyond.filter((element) => !beyond.some((other) => other !== element && element.contains(other)));
    return {
      scrollWidth: document.documentElement.scrollWidth,
      clientWidth: width,
      culprits: innermost
        .slice(0, 3)
        .map((element) =>
          [element, element.parentElement, element.parentElement?.parentElement]
            .map((node) => (node ? `${node.tagName.toLowerCase()}${[...node.classList].map((name) => `.${name}`).join('')}` : ''))
            .join(' < '),
        ),
    };
  });
  expect(scrollWidth, `page width on ${state} (reaching past the edge: ${culprits.join(', ')})`).toBeLessThanOrEqual(clientWidth);
}

/** What has the focus: its tag, its label (or name), whether it is marked invalid, and the text it is described by. */
export const focused = (page: Page) =>
  page.evaluate(() => {
    const element = document.activeElement as HTMLInputElement | null;
    const described = (element?.getAttribute('aria-describedby') ?? '')
      .split(/\s+/)
      .filter(Boolean)
      .map((id) => document.getElementById(id)?.textContent?.trim() ?? '');
    return {
      tag: element?.tagName.toLowerCase(),
      label: element?.labels?.[0]?.textContent?.trim() ?? element?.getAttribute('aria-label') ?? element?.textContent?.trim(),
      invalid: element?.getAttribute('aria-invalid') ?? null,
      described,
      inDialog: Boolean(element?.closest('[role="dialog"]')),
    };
  });

/** Presses Tab until the focus is on `target` (at most `limit` times): whether the keyboard reached it. */
export async function tabTo(page: Page, target: Locator, limit: number): Promise<boolean> {
  for (let step = 0; step < limit; step += 1) {
    await page.keyboard.press('Tab');
    if (await target.evaluate((element) => element === document.activeElement)) return true;
  }
  return false;
}
