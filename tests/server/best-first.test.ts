/**
 * A search's order (discovery/best-first.ts) is reached three ways: walking the popularity index tier by tier, the
 * same walk when a tier's matches are not in the head (its own index read and sorted), and sorting a bounded set of
 * candidates. Whichever way a question takes, the answer must be the same, in the same order, and paging by keys
 * must give it page after page, on both engines. A tiny head makes the walk's other way happen in the demo library.
 */
import { describe, expect, it } from 'vitest';
import { PAGE_SIZE } from '../../shared/constants';
import { ANONYMOUS, listableItemsCondition, type Viewer } from '../../server/access/policy';
import { loadViewer } from '../../server/auth/viewer';
import { seedDemoLibrary } from '../../server/db/seed';
import {
  bestFirstAmong,
  bestFirstMatches,
  matchesUpTo,
  type BestFirstMatch,
  type BestFirstQuestion,
  type BestFirstStart,
} from '../../server/features/discovery/best-first';
import { textSearch } from '../../server/items';
import { useTestApp } from '../support/app';
import { userIdOf } from './discovery-fixture';

const ctx = useTestApp({ seed: async (handle) => void (await seedDemoLibrary(handle.db, { referenceDate: new Date('2026-11-01T00:00:00Z') })) });

/** Common and rare words, a prefix, two words (the phrase tier), words only in blurbs, a tag label's word. */
const QUESTIONS = ['assembly', 'plan', 'camp', 'pray', 'lost sheep', 'craft sheet', 'safeguarding', 'games for', 'minibus', 'the', 'bible'];
const EVERY = 1000;

const ids = (matches: readonly BestFirstMatch[]) => matches.map((match) => match.id);

/** Keys in order: tier ascending, then recent views, views and id descending. */
function inOrder(matches: readonly BestFirstMatch[]): boolean {
  return matches.every((match, index) => {
    if (index === 0) return true;
    const [a, b] = [matches[index - 1]!.key, match.key];
    const before = [-a[0], a[1], a[2], a[3]];
    const after = [-b[0], b[1], b[2], b[3]];
    for (let column = 0; column < 4; column += 1) if (before[column] !== after[column]) return before[column]! > after[column]!;
    return false;
  });
}

/** Every page, each asked for after the last key of the page before, as the infinite scroll asks. */
async function pageByPage(read: (start: BestFirstStart) => Promise<BestFirstMatch[]>): Promise<BestFirstMatch[]> {
  const all: BestFirstMatch[] = [];
  let start: BestFirstStart = { skip: 0 };
  for (;;) {
    const page = await read(start);
    all.push(...page.slice(0, PAGE_SIZE));
    if (page.length <= PAGE_SIZE) return all;
    start = { after: page[PAGE_SIZE - 1]!.key };
  }
}

describe('a search’s order, whichever way it is read (issue 35 §2)', () => {
  it('gives the same matches in the same order by the walk, by the walk past its head, and among candidates, page by page', async () => {
    const db = ctx.database.db;
    const leader = (await loadViewer(db, await userIdOf(ctx.database, 'leader@example.org')))!;
    const viewers: Viewer[] = [ANONYMOUS, leader];
    let walkedPastHead = 0;
    let answered = 0;
    for (const viewer of viewers) {
      for (const text of QUESTIONS) {
        const search = textSearch(text)!;
        const question: BestFirstQuestion = { base: listableItemsCondition(viewer, new Date()), search, labelTagIds: [] };
        const walked = await bestFirstMatches(db, question, { skip: 0 }, EVERY, { closeTitles: false });
        const pastHead = await bestFirstMatches(db, question, { skip: 0 }, EVERY, { closeTitles: false, headRows: 7 });
        const among = await bestFirstAmong(db, question, matchesUpTo(db, question, EVERY * 10), { skip: 0 }, EVERY);
        const as = `'${text}' as ${viewer.email ?? 'a visitor'}`;
        if (walked.length > 0) answered += 1;
        expect(inOrder(walked), as).toBe(true);
        expect(ids(pastHead), as).toEqual(ids(walked));
        expect(ids(among), as).toEqual(ids(walked));
        expect(new Set(ids(walked)).size, as).toBe(walked.length);
        if (walked.length > 7) walkedPastHead += 1;

        const walkedPages = await pageByPage((start) => bestFirstMatches(db, question, start, PAGE_SIZE + 1, { closeTitles: false, headRows: 7 }));
        expect(ids(walkedPages), `${as}, page by page`).toEqual(ids(walked));
        const amongPages = await pageByPage((start) => bestFirstAmong(db, question, matchesUpTo(db, question, EVERY * 10), start, PAGE_SIZE + 1));
        expect(ids(amongPages), `${as}, among candidates page by page`).toEqual(ids(walked));
        // A page number's offset starts where the keys do.
        expect(ids(await bestFirstMatches(db, question, { skip: PAGE_SIZE }, PAGE_SIZE, { closeTitles: false })), as).toEqual(
          ids(walked.slice(PAGE_SIZE, 2 * PAGE_SIZE)),
        );
      }
    }
    expect(answered, 'questions with matches').toBeGreaterThan(QUESTIONS.length);
    expect(walkedPastHead, 'questions with more matches than the tiny head').toBeGreaterThan(5);
  });

  it('puts every title match before the matches elsewhere, and the most viewed first within them', async () => {
    const db = ctx.database.db;
    const search = textSearch('assembly')!;
    const question: BestFirstQuestion = { base: listableItemsCondition(ANONYMOUS, new Date()), search, labelTagIds: [] };
    const matches = await bestFirstMatches(db, question, { skip: 0 }, EVERY, { closeTitles: false });
    const tiers = matches.map((match) => match.key[0]);
    expect(tiers).toEqual([...tiers].sort((a, b) => a - b));
    expect(tiers[0]).toBe(0);
    expect(new Set(tiers).size).toBeGreaterThan(1);
  });
});
