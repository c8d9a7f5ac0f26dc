import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { renderHook } from '@testing-library/react';
import { router } from '@inertiajs/react';
import { useOnDemandProp } from '../../components/lib/useOnDemandProp';

interface HookProps {
  value: string[] | undefined;
  open: boolean;
}

let reload: ReturnType<typeof vi.spyOn>;

beforeEach(() => {
  reload = vi.spyOn(router, 'reload').mockImplementation(() => {});
});
afterEach(() => vi.restoreAllMocks());

function renderOnDemandProp(initial: HookProps) {
  return renderHook(({ value, open }: HookProps) => useOnDemandProp('choices', value, open), { initialProps: initial });
}

describe('an on-demand prop of a dialog', () => {
  it('is asked for by name each time the dialog opens, and not while it is closed', () => {
    const { rerender } = renderOnDemandProp({ value: undefined, open: false });
    expect(reload).not.toHaveBeenCalled();
    rerender({ value: undefined, open: true });
    expect(reload).toHaveBeenCalledExactlyOnceWith({ only: ['choices'] });
    rerender({ value: ['Holiday Club'], open: true });
    expect(reload).toHaveBeenCalledTimes(1);
    rerender({ value: ['Holiday Club'], open: false });
    rerender({ value: ['Holiday Club'], open: true });
    expect(reload).toHaveBeenCalledTimes(2);
  });

  it('is undefined until the page has it', () => {
    const { result } = renderOnDemandProp({ value: undefined, open: true });
    expect(result.current).toBeUndefined();
  });

  it('keeps its last value while the dialog is open and the page lost it (the page back after an error)', () => {
    const { result, rerender } = renderOnDemandProp({ value: undefined, open: true });
    rerender({ value: ['Holiday Club'], open: true });
    rerender({ value: undefined, open: true });
    expect(result.current).toEqual(['Holiday Club']);
    rerender({ value: undefined, open: true });
    expect(result.current).toEqual(['Holiday Club']);
  });

  it('takes a newer value from the page over the kept one', () => {
    const { result, rerender } = renderOnDemandProp({ value: ['Holiday Club'], open: true });
    rerender({ value: undefined, open: true });
    rerender({ value: ['Holiday Club', 'Secret Plans'], open: true });
    expect(result.current).toEqual(['Holiday Club', 'Secret Plans']);
    rerender({ value: undefined, open: true });
    expect(result.current).toEqual(['Holiday Club', 'Secret Plans']);
  });

  it('lets the kept value go when the dialog closes, so the next opening waits for the server’s', () => {
    const { result, rerender } = renderOnDemandProp({ value: ['Holiday Club'], open: true });
    rerender({ value: undefined, open: true });
    rerender({ value: undefined, open: false });
    expect(result.current).toBeUndefined();
    rerender({ value: undefined, open: true });
    expect(result.current).toBeUndefined();
  });
});
