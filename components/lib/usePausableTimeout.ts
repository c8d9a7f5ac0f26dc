import { useEffect, useEffectEvent, useRef } from 'react';

/** Calls `onElapsed` once `durationMs` of un-paused time has passed; pausing keeps the time left. */
export function usePausableTimeout(durationMs: number, paused: boolean, onElapsed: () => void): void {
  const remainingMs = useRef(durationMs);
  const elapse = useEffectEvent(onElapsed);

  useEffect(() => {
    if (paused) return;
    const startedAt = Date.now();
    const timer = setTimeout(() => elapse(), remainingMs.current);
    return () => {
      clearTimeout(timer);
      remainingMs.current = Math.max(0, remainingMs.current - (Date.now() - startedAt));
    };
  }, [paused]);
}
