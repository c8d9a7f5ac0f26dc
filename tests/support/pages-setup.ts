import { afterEach, vi } from 'vitest';
import { cleanup, configure } from '@testing-library/react';
import type * as OnDemandModule from '../../components/lib/on-demand';

afterEach(() => cleanup());

/**
 * Code loaded on demand (components/lib/on-demand.tsx) arrives late in every page test, each part later than the part
 * defined before it, as on a slow network. A test that reads such a part without waiting for it, or reads one part
 * after waiting for another, then fails every time rather than now and then on a busy CI machine.
 */
const ON_DEMAND_DELAY_STEP_MS = 40;
let onDemandParts = 0;
vi.mock('../../components/lib/on-demand', async (importActual) => {
  const actual = await importActual<typeof OnDemandModule>();
  function arrivingLate<T>(load: () => Promise<T>) {
    onDemandParts += 1;
    const delay = onDemandParts * ON_DEMAND_DELAY_STEP_MS;
    return () => new Promise((resolve) => setTimeout(resolve, delay)).then(load);
  }
  return {
    ...actual,
    onDemand: (load: Parameters<typeof actual.onDemand>[0]) => actual.onDemand(arrivingLate(load)),
    onDemandDialog: (load: Parameters<typeof actual.onDemandDialog>[0]) => actual.onDemandDialog(arrivingLate(load)),
  };
});
// Room for those delays, and for a part's first import, which a loaded CI machine took over 4 s to transform (the
// History button): a wait ends as soon as what it waits for is there, so only a test that fails anyway waits this long.
configure({ asyncUtilTimeout: 12_000 });
