import InlineTextArea from './InlineTextArea';
import { INLINE_ARRAY_MIN_ROWS } from '../../shared/constants';
import type { InlineDraft, InlineEditMode, SelectOption } from './inline-values';

export interface InlineInputProps {
  id: string;
  mode: InlineEditMode;
  draft: InlineDraft;
  onChange: (draft: InlineDraft) => void;
  label: string;
  /** null or undefined while a select's options are still loading. */
  options?: SelectOption[] | null;
  /** A select without an empty choice; a multiselect that may not be emptied. */
  required: boolean;
  inputType: 'text' | 'url' | 'month' | 'date' | 'email';
  /** The smallest number an integer input offers. */
  min?: number;
  minRows: number;
  maxRows: number;
  placeholder?: string;
  invalid: boolean;
  describedBy?: string;
}

export const LOADING_OPTIONS = 'Loading...';
export const NO_CHOICE_LABEL = '(none)';

/** The input of an inline editor in its mode. */
export default function InlineInput(props: InlineInputProps) {
  const { id, mode, draft, onChange, label, invalid, describedBy, placeholder } = props;
  const common = {
    id,
    'aria-label': label,
    'aria-invalid': invalid || undefined,
    'aria-describedby': describedBy,
    autoFocus: true,
  };
  const text = Array.isArray(draft) ? draft.join('\n') : draft;
  const invalidClass = invalid ? ' is-invalid' : '';

  if (mode === 'select' || mode === 'multiselect') {
    if (!props.options) return <span className="form-control-plaintext text-body-secondary">{LOADING_OPTIONS}</span>;
    return <OptionsSelect {...props} options={props.options} common={common} invalidClass={invalidClass} />;
  }
  if (mode === 'textarea' || mode === 'array') {
    const minRows = mode === 'array' ? Math.max(props.minRows, INLINE_ARRAY_MIN_ROWS) : props.minRows;
    return (
      <InlineTextArea
        {...common}
        className={invalidClass}
        value={text}
        onChange={onChange}
        minRows={minRows}
        maxRows={Math.max(minRows, props.maxRows)}
        placeholder={placeholder}
      />
    );
  }
  return (
    <input
      {...common}
      className={`form-control${invalidClass}`}
      type={mode === 'integer' ? 'number' : props.inputType}
      step={mode === 'integer' ? 1 : undefined}
      min={mode === 'integer' ? props.min : undefined}
      inputMode={mode === 'integer' ? 'numeric' : undefined}
      value={text}
      placeholder={placeholder}
      onChange={(event) => onChange(event.target.value)}
    />
  );
}

interface OptionsSelectProps extends InlineInputProps {
  options: SelectOption[];
  common: Record<string, unknown>;
  invalidClass: string;
}

function OptionsSelect({ mode, draft, onChange, options, required, common, invalidClass }: OptionsSelectProps) {
  if (mode === 'multiselect') {
    const chosen = Array.isArray(draft) ? draft : [];
    return (
      <select
        {...common}
        multiple
        className={`form-select${invalidClass}`}
        value={chosen}
        onChange={(event) => onChange(Array.from(event.target.selectedOptions, (option) => option.value))}
      >
        {options.map((option) => (
          <option key={option.value} value={option.value}>
            {option.label}
          </option>
        ))}
      </select>
    );
  }
  const value = Array.isArray(draft) ? (draft[0] ?? '') : draft;
  return (
    <select {...common} className={`form-select${invalidClass}`} value={value} onChange={(event) => onChange(event.target.value)}>
      {(!required || value === '') && <option value="">{NO_CHOICE_LABEL}</option>}
      {options.map((option) => (
        <option key={option.value} value={option.value}>
          {option.label}
        </option>
      ))}
    </select>
  );
}
