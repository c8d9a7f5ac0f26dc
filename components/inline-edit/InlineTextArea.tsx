import type { TextareaHTMLAttributes } from 'react';

export interface InlineTextAreaProps extends Omit<TextareaHTMLAttributes<HTMLTextAreaElement>, 'rows' | 'value' | 'onChange'> {
  value: string;
  onChange: (value: string) => void;
  /** At least this many rows are shown; a positive whole number. */
  minRows: number;
  /** The area grows with its lines up to this many rows, then scrolls; a positive whole number ≥ minRows. */
  maxRows: number;
}

export function assertRowLimits(minRows: number, maxRows: number): void {
  const positive = (rows: number) => Number.isInteger(rows) && rows > 0;
  if (!positive(minRows) || !positive(maxRows) || minRows > maxRows) {
    throw new RangeError(`A text area needs whole numbers 0 < minRows ≤ maxRows, not minRows=${minRows}, maxRows=${maxRows}`);
  }
}

/** A textarea that grows with its content between minRows and maxRows. */
export default function InlineTextArea({ value, onChange, minRows, maxRows, className = '', ...rest }: InlineTextAreaProps) {
  assertRowLimits(minRows, maxRows);
  const lines = value.split('\n').length;
  const rows = Math.min(maxRows, Math.max(minRows, lines));
  return <textarea {...rest} className={`form-control ${className}`} rows={rows} value={value} onChange={(event) => onChange(event.target.value)} />;
}
