import { describe, expect, it, vi } from 'vitest';
import { render, screen, within } from '@testing-library/react';
import Pagination, { plainText } from '../../components/pagination/Pagination';
import type { PaginationLink } from '../../shared/pagination';

const link = (label: string, url: string, active = false): PaginationLink => ({ label, url, active });

const threePages: PaginationLink[] = [
  link('&laquo; Previous', ''),
  link('1', '/task', true),
  link('2', '/task?page=2'),
  link('3', '/task?page=3'),
  link('...', ''),
  link('Next &raquo;', '/task?page=2'),
];

describe('Pagination', () => {
  it('renders nothing with 3 links or fewer', () => {
    const { container } = render(<Pagination links={[link('&laquo; Previous', ''), link('1', '/task', true), link('Next &raquo;', '')]} />);
    expect(container.innerHTML).toBe('');
  });

  it('renders a named nav with a link per url, the active page marked', () => {
    render(<Pagination links={threePages} label="Tasks pages" />);
    const nav = screen.getByRole('navigation', { name: 'Tasks pages' });
    expect(within(nav).getByRole('link', { name: '2' }).getAttribute('href')).toBe('/task?page=2');
    expect(within(nav).getByRole('link', { name: 'Next »' }).getAttribute('href')).toBe('/task?page=2');
    const current = within(nav).getByRole('link', { name: '1' });
    expect(current.getAttribute('aria-current')).toBe('page');
    expect(within(nav).getByRole('link', { name: '3' }).getAttribute('aria-current')).toBeNull();
  });

  it('disables the links without a url', () => {
    render(<Pagination links={threePages} />);
    const nav = screen.getByRole('navigation', { name: 'Pages' });
    expect(within(nav).queryByRole('link', { name: '« Previous' })).toBeNull();
    const previous = within(nav).getByText('« Previous');
    expect(previous.getAttribute('aria-disabled')).toBe('true');
    expect(previous.closest('li')?.className).toContain('disabled');
    expect(within(nav).getByText('...').closest('li')?.className).toContain('disabled');
  });

  it('shows markup in labels as plain text, never as elements', () => {
    const links = [
      link('<b>&laquo;</b> Back<img src=x onerror="window.hacked=1">', '/task'),
      link('1', '/task', true),
      link('2', '/task?page=2'),
      link('Next &raquo;', '/task?page=2'),
    ];
    const { container } = render(<Pagination links={links} />);
    expect(screen.getByRole('link', { name: '« Back' })).toBeTruthy();
    expect(container.querySelector('b')).toBeNull();
    expect(container.querySelector('img')).toBeNull();
    expect((window as unknown as { hacked?: number }).hacked).toBeUndefined();
  });
});

describe('plainText', () => {
  it('decodes a label the same way without a DOMParser, as the server renders it (hydration must find the same text)', () => {
    vi.stubGlobal('DOMParser', undefined);
    try {
      expect(plainText('&laquo; Previous')).toBe('« Previous');
      expect(plainText('Next &raquo;')).toBe('Next »');
      expect(plainText('<span>1</span> &amp; &#8230; &#x2192; &unknown;')).toBe('1 & … → &unknown;');
    } finally {
      vi.unstubAllGlobals();
    }
  });
});
