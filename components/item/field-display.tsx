import type { ReactNode } from 'react';
import type { InlineValue } from '../inline-edit/inline-values';

/** Read-mode rendering of an inline field: its value through `format`, or `emptyText` when it has none. */
export function displayWith(format: (value: string) => ReactNode, emptyText: string): (value: InlineValue) => ReactNode {
  return (value) => (value === null || value === '' ? <span className="text-body-secondary fst-italic">{emptyText}</span> : format(String(value)));
}
