/**
 * Links that open a new tab say so (issue 36 §6): to sighted users by an arrow out of a box after their text, to
 * screen readers by "(opens in a new tab)" in their name. Every one of the app's is a NewTabLink.
 */
import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { render, screen } from '@testing-library/react';
import NewTabLink from '../../components/lib/NewTabLink';
import { OPENS_IN_NEW_TAB } from '../../shared/messages';

const ROOT = path.resolve(import.meta.dirname, '../..');

function sourceFiles(folder: string): string[] {
  return readdirSync(path.join(ROOT, folder), { recursive: true, encoding: 'utf8' })
    .filter((file) => /\.tsx?$/.test(file))
    .map((file) => path.join(folder, file));
}

describe('a link that opens a new tab', () => {
  it('says so in its name and with an arrow, and keeps the other page from reaching back', () => {
    render(<NewTabLink href="https://example.org/guide">The guide</NewTabLink>);
    const link = screen.getByRole('link', { name: `The guide ${OPENS_IN_NEW_TAB}` });
    expect(link.getAttribute('target')).toBe('_blank');
    expect(link.getAttribute('rel')).toBe('noopener noreferrer');
    const arrow = link.querySelector('svg.new-tab-icon')!;
    expect(arrow.querySelector('use')!.getAttribute('href')).toMatch(/#bi-box-arrow-up-right$/);
    // The arrow is for the eyes: the words are the screen reader's.
    expect(arrow.getAttribute('aria-hidden')).toBe('true');
    expect(link.querySelector('.visually-hidden')!.textContent).toBe(` ${OPENS_IN_NEW_TAB}`);
  });

  it('is the only way the pages and components open one', () => {
    const opening = [...sourceFiles('pages'), ...sourceFiles('components')].filter(
      (file) => file !== path.join('components', 'lib', 'NewTabLink.tsx') && /_blank|window\.open\(/.test(readFileSync(path.join(ROOT, file), 'utf8')),
    );
    expect(opening).toEqual([]);
  });
});
