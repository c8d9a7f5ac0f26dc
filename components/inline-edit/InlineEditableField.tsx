import type { ReactNode } from 'react';
import type { InlineEditMode, InlineValue, SelectOption } from './inline-values';
import type { SaveFunction } from './save';
import InlineValueView from './InlineValueView';
import { onDemand } from '../lib/on-demand';

// Only editors get a field they may change, and the server renders no editor's page: a visitor's page loads the value's
// view alone, and an editor's shows the view until the editing code has loaded (or if it cannot be loaded).
const EditableInlineField = onDemand(() => import('./EditableInlineField'), InlineValueView);

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
 * A value shown in read mode that becomes an editor on click or on its edit button
 * (admin-curation §4–§5): Save with the check button or Enter (not in text areas), Cancel with
 * the close button or Escape. Server field errors show under the input and keep edit mode open.
 * Read-only (`editable={false}`), it is the value alone.
 */
export default function InlineEditableField(props: InlineEditableFieldProps) {
  return props.editable === false ? <InlineValueView {...props} /> : <EditableInlineField {...props} />;
}
