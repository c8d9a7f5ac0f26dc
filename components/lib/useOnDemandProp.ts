import { useEffect, useState } from 'react';
import { router } from '@inertiajs/react';

/**
 * An on-demand page prop (the server's `optional`, e.g. `collectionChoices`) for a dialog: asked for by a partial
 * reload each time the dialog opens, and kept while it stays open. A full page response leaves on-demand props out,
 * and the redirect back that carries a form's errors is one; without this the dialog would fall back to "Loading..."
 * after every error. Closing the dialog lets the kept value go, so the next opening shows what the server sends then.
 * Returns `value` when the page has it, else the last value seen while open, else undefined (not loaded yet).
 */
export function useOnDemandProp<T>(name: string, value: T | undefined, open: boolean): T | undefined {
  const [kept, setKept] = useState<T | undefined>(value);
  const current = value ?? (open ? kept : undefined);
  // Adjusting state while rendering (not in an effect), so no render ever shows the dropped value.
  if (current !== kept) setKept(current);

  useEffect(() => {
    if (open) router.reload({ only: [name] });
  }, [open, name]);

  return current;
}
