import { useMemo, type ReactNode } from 'react';
import { usePage } from '@inertiajs/react';
import { fieldError, type InlineEditMode, type InlineValue, type SelectOption } from './inline-values';
import { patchField, type SaveFunction } from './save';
import { useInlineEdit } from './useInlineEdit';
import Icon from '../lib/Icon';
import { onDemand } from '../lib/on-demand';

// The editor, which only editors open, loads when first wanted (a pointer or the focus on a value that may be edited).
const InlineFieldEditor = onDemand(() => import('./InlineFieldEditor'));

export interface InlineEditableFieldProps {
  /** Name sent to the server (`{[field]: value}`) and the key of its error in props.errors. */
  field: string;
  /** Accessible name of the input and of the Edit, Save and Cancel buttons. */
  label: string;
  value: InlineValue;
  mode?: InlineEditMode;
  /** When false the field is read-only: no edit button, clicks do nothing. */
  editable?: boolean;
  /** Where the PATCH goes; defaults to the current page URL. */
  url?: string;
  /** Replaces the PATCH, e.g. to POST a taxonomy's tags. */
  save?: SaveFunction;
  /** Choices of a select or multiselect; null or undefined shows 'Loading...'. */
  options?: SelectOption[] | null;
  /** A select offers no empty choice, and a multiselect cannot be saved empty. */
  required?: boolean;
  /** Input type in text mode (e.g. 'url', 'month' for YYYY-MM). */
  inputType?: 'text' | 'url' | 'month' | 'date' | 'email';
  /** The smallest number an integer field offers (the server enforces it). */
  min?: number;
  /** Rows of textarea and array modes (positive; array mode shows at least INLINE_ARRAY_MIN_ROWS). */
  minRows?: number;
  maxRows?: number;
  placeholder?: string;
  /** Shown in read mode when there is no value. */
  emptyText?: string;
  /** Read-mode rendering; by default the value as text (arrays one per line, options by label). */
  renderValue?: (value: InlineValue) => ReactNode;
  /** Key of the error in props.errors when it differs from `field`. */
  errorKey?: string;
  className?: string;
}

/**
 * A value shown in read mode that becomes an editor on click or on its edit button:
 * Save with the check button or Enter (not in text areas), Cancel with
 * the close button or Escape. Server field errors show under the input and keep edit mode open.
 */
export default function InlineEditableField(props: InlineEditableFieldProps) {
  const { field, label, value, mode = 'text', editable = true, errorKey = field, className = '' } = props;
  const page = usePage();
  const send = useMemo(() => props.save ?? patchField(props.url ?? page.url, field), [props.save, props.url, page.url, field]);
  const edit = useInlineEdit(value, mode, send);
  const error = edit.editing && edit.refused ? fieldError(page.props.errors, errorKey) : null;

  if (!edit.editing) {
    return (
      <div className={`inline-editable d-flex align-items-start gap-2 ${className}`}>
        <div
          className="flex-grow-1"
          style={editable ? { cursor: 'pointer' } : undefined}
          onClick={editable ? edit.start : undefined}
          onPointerEnter={editable ? InlineFieldEditor.preload : undefined}
        >
          {readValue(props, mode)}
        </div>
        {edit.justSaved && <Icon name="bi-check-circle-fill" className="text-success" role="img" aria-label={`${label} saved`} />}
        {editable && (
          // At least 24 px square (WCAG 2.5.8): the pencil alone is smaller.
          <button
            type="button"
            className="btn btn-sm btn-link p-0"
            style={{ minWidth: 24, minHeight: 24 }}
            aria-label={`Edit ${label}`}
            onClick={edit.start}
            onFocus={InlineFieldEditor.preload}
          >
            <Icon name="bi-pencil" />
          </button>
        )}
      </div>
    );
  }

  return <InlineFieldEditor field={props} edit={edit} mode={mode} error={error} className={className} />;
}

function readValue(props: InlineEditableFieldProps, mode: InlineEditMode): ReactNode {
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
