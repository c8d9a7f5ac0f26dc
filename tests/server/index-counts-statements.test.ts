/**
 * Issue 35 §1 and §4: the counts of an index visit arrive in a deferred request of their own, which reads the counts
 * in one statement and not the page of results again (at 1,000,000 items that page cost as much as the counts for a
 * search among tags). Without the library cache, so every read reaches the database.
 */
import { describe, expect, it } from 'vitest';
import { partialReloadHeaders } from '../../server/inertia/testing';
import { firstAnswer } from '../support/http';
import { useRecordingApp } from './statement-recording';

const recording = useRecordingApp({ LIBRARY_CACHE_ENTRIES: '0' });
const SEARCH = '/item?search=assembly';
/** The cards of a page carry their first image: only the statement that reads a page of results names item_images. */
const readsCards = (statement: string) => statement.includes('"item_images"');
const readsCounts = (statement: string) => statement.startsWith('with "part_0" as materialized');

describe('the statements of an index visit and of its counts', () => {
  it('reads the page of results for the first answer, without the counts', async () => {
    const statements = await recording.statementsOf(async () => {
      const { page } = await firstAnswer(recording.app, SEARCH);
      expect(page.props.items.data.length).toBeGreaterThan(0);
      expect(page.deferredProps).toEqual({ counts: ['matchCount', 'tagCounts'] });
    });
    expect(statements.filter(readsCards)).toHaveLength(1);
    expect(statements.filter(readsCounts)).toHaveLength(0);
  });

  it('reads the counts in one statement for their deferred request, and not the page of results', async () => {
    const statements = await recording.statementsOf(async () => {
      const { page } = await firstAnswer(recording.app, SEARCH, undefined, partialReloadHeaders('items/Index', { only: ['matchCount', 'tagCounts'] }));
      expect(page.props.matchCount).toBeGreaterThan(0);
      expect(page.props.items).toBeUndefined();
      expect(page.scrollProps).toBeUndefined();
    });
    expect(statements.filter(readsCounts)).toHaveLength(1);
    expect(statements.filter(readsCards)).toEqual([]);
  });
});
