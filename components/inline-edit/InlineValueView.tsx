import type { ReactNode } from 'react';
import type { InlineEditableFieldProps } from './InlineEditableField';
import type { InlineEditMode } from './inline-values';

/** An inline field's value as read mode shows it, without the means to edit it: all a visitor's page needs. */
export default function InlineValueView(props: InlineEditableFieldProps) {
  return (
    <div className={`inline-editable d-flex align-items-start gap-2 ${props.className ?? ''}`}>
      <div className="flex-grow-1">{readValue(props, props.mode ?? 'text')}</div>
    </div>
  );
}

/** The value as text (arrays one per line, choices by their labels), or `renderValue`'s rendering of it. */
export function readValue(props: InlineEditableFieldProps, mode: InlineEditMode): ReactNode {
  const { value, renderValue, emptyText = '' } = props;
  if (renderValue) return renderValue(value);
  const isEmpty = value === null || value === '' || (Array.isArray(value) && value.length === 0);
  if (isEmpty) return <span className="text-body-secondary fst-italic">{emptyText}</span>;
  const labelOf = (choice: string) => props.options?.find((option) => option.value === choice)?.label ?? choice;
  if (mode === 'select') return labelOf(String(value));
  if (Array.isArray(value)) {
    const entries = mode === 'multiselect' ? value.map(labelOf) : value;
    return (
      <ul className="list-unstyled mb-0">
        {entries.map((entry, index) => (
          <li key={index}>{entry}</li>
        ))}
      </ul>
    );
  }
  return <span style={mode === 'textarea' ? { whiteSpace: 'pre-wrap' } : undefined}>{String(value)}</span>;
}
