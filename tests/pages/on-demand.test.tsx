import { describe, expect, it, vi } from 'vitest';
import { render, screen } from '@testing-library/react';
import { onDemand, onDemandDialog } from '../../components/lib/on-demand';
import { client, createValidator, toSimpleValidationErrors } from '../../components/app/precognition-stand-in';

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

  it('loads a component when it first renders, or when asked to ahead of time', async () => {
    const load = vi.fn(async () => ({ default: Greeting }));
    const Component = onDemand(load);
    Component.preload();
    expect(load).toHaveBeenCalledTimes(1);
    render(<Component show name="Ana" />);
    expect(await screen.findByText('Hello Ana')).toBeTruthy();
  });
});

describe('the laravel-precognition stand-in', () => {
  it('gives the first message of each field, as Inertia expects of a 422 answer', () => {
    expect(toSimpleValidationErrors({ title: ['Too long.', 'Not unique.'], blurb: 'Required.', empty: [] })).toEqual({
      title: 'Too long.',
      blurb: 'Required.',
      empty: '',
    });
  });

  it('takes the XSRF names Inertia passes, and refuses live validation', () => {
    expect(client.withXsrfCookieName().withXsrfHeaderName()).toBe(client);
    expect(() => createValidator()).toThrow(/not part of Equip/);
  });
});
