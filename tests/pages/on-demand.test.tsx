import { describe, expect, it, vi } from 'vitest';
import { render, screen, waitFor } from '@testing-library/react';
import { onDemand, onDemandDialog } from '../../components/lib/on-demand';

// These tests are of the real module, not of the late-arriving stand-in that tests/support/pages-setup.ts gives other page tests.
vi.unmock('../../components/lib/on-demand');

function Greeting({ show, name }: { show: boolean; name: string }) {
  return show ? <p>Hello {name}</p> : <p>Closed</p>;
}

describe('code loaded on demand (issue 20 §2)', () => {
  it('loads a dialog only once it is first shown, and keeps it mounted after it closes', async () => {
    const load = vi.fn(async () => ({ default: Greeting }));
    const Dialog = onDemandDialog(load);
    const { rerender } = render(<Dialog show={false} name="Sam" />);
    expect(load).not.toHaveBeenCalled();
    expect(screen.queryByText('Closed')).toBeNull();
    rerender(<Dialog show name="Sam" />);
    expect(await screen.findByText('Hello Sam')).toBeTruthy();
    rerender(<Dialog show={false} name="Sam" />);
    expect(screen.getByText('Closed')).toBeTruthy();
    expect(load).toHaveBeenCalledTimes(1);
  });

  it('loads a component when it first renders', async () => {
    const load = vi.fn(async () => ({ default: Greeting }));
    const Component = onDemand(load);
    expect(load).not.toHaveBeenCalled();
    render(<Component show name="Ana" />);
    expect(await screen.findByText('Hello Ana')).toBeTruthy();
    expect(load).toHaveBeenCalledTimes(1);
  });

  it('loads a component ahead of time when asked to', () => {
    const load = vi.fn(async () => ({ default: Greeting }));
    onDemand(load).preload();
    expect(load).toHaveBeenCalledTimes(1);
  });

  it('leaves out only the part whose code failed to load, and a failed preload throws nothing', async () => {
    vi.spyOn(console, 'error').mockImplementation(() => {});
    const load = vi.fn(() => Promise.reject(new Error('Failed to fetch dynamically imported module')));
    const Broken = onDemand<{ show: boolean; name: string }>(load);
    Broken.preload();
    render(
      <main>
        <h1>Still here</h1>
        <Broken show name="Ana" />
      </main>,
    );
    await waitFor(() => expect(load).toHaveBeenCalledTimes(2));
    await new Promise((resolve) => setTimeout(resolve, 0));
    expect(screen.getByRole('heading', { name: 'Still here' })).toBeTruthy();
    expect(screen.queryByText(/Hello/)).toBeNull();
  });
});
