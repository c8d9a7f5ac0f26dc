import { describe, expect, it, vi } from 'vitest';
import { cleanup, render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import PageHeader from '../../components/layout/PageHeader';

function header() {
  return screen.getByRole('heading', { level: 1 }).closest('header')!;
}

describe('PageHeader', () => {
  it('shows the title as the page heading and nothing else when no parts are given', async () => {
    // The overflow menu's code loads first, so that it would show at once below.
    render(<PageHeader title="Loading the menu" overflow={[{ label: 'Delete', onClick: () => {} }]} />);
    await screen.findByRole('button', { name: 'More actions' });
    cleanup();
    render(<PageHeader title="My Collections" />);
    expect(screen.getByRole('heading', { level: 1, name: 'My Collections' })).toBeTruthy();
    expect(within(header()).queryAllByRole('button')).toEqual([]);
    expect(within(header()).queryAllByRole('link')).toEqual([]);
    expect(screen.queryByRole('button', { name: 'More actions' })).toBeNull();
  });

  it('shows the text under the title', () => {
    render(<PageHeader title="Assembly pack" meta={<span>Discoverable</span>} />);
    expect(within(header()).getByText('Discoverable')).toBeTruthy();
  });

  it('calls the action’s onClick when its button is pressed', async () => {
    const onClick = vi.fn();
    render(<PageHeader title="Users" action={{ label: 'Invite', icon: 'bi-person-plus', onClick }} />);
    await userEvent.click(screen.getByRole('button', { name: 'Invite' }));
    expect(onClick).toHaveBeenCalledOnce();
  });

  it('renders an href action as a link', () => {
    render(<PageHeader title="Items" action={{ label: 'New Item', href: '/item/new' }} />);
    expect(screen.getByRole('link', { name: 'New Item' }).getAttribute('href')).toBe('/item/new');
    expect(screen.queryByRole('button', { name: 'New Item' })).toBeNull();
  });

  it('places the given Share button in the header', () => {
    render(<PageHeader title="Items" share={<button type="button">Share</button>} />);
    expect(within(header()).getByRole('button', { name: 'Share' })).toBeTruthy();
  });

  it('opens the overflow menu on click and runs the chosen entry', async () => {
    const rename = vi.fn();
    const remove = vi.fn();
    render(
      <PageHeader
        title="Collection"
        overflow={[
          { label: 'Rename', onClick: rename },
          { label: 'History', href: '/collection/1/history' },
          { label: 'Delete', onClick: remove, danger: true },
        ]}
      />,
    );
    const toggle = await screen.findByRole('button', { name: 'More actions' });
    expect(toggle.getAttribute('aria-expanded')).toBe('false');
    await userEvent.click(toggle);
    expect(toggle.getAttribute('aria-expanded')).toBe('true');
    expect(screen.getByRole('link', { name: 'History' }).getAttribute('href')).toBe('/collection/1/history');
    expect(screen.getByRole('button', { name: 'Delete' }).className).toContain('text-danger');
    expect(screen.getByRole('button', { name: 'Rename' }).className).not.toContain('text-danger');
    await userEvent.click(screen.getByRole('button', { name: 'Delete' }));
    expect(remove).toHaveBeenCalledOnce();
    expect(rename).not.toHaveBeenCalled();
  });

  it('leaves the overflow menu out when there are no entries', () => {
    render(<PageHeader title="Items" overflow={[]} />);
    expect(screen.queryByRole('button', { name: 'More actions' })).toBeNull();
  });
});
