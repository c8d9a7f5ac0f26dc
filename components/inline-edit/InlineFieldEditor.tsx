import { useId, type KeyboardEvent } from 'react';
import InlineInput from './InlineInput';
import type { InlineEditableFieldProps } from './InlineEditableField';
import { enterSaves, isEmptyDraft, type InlineEditMode } from './inline-values';
import type { InlineEdit } from './useInlineEdit';
import Icon from '../lib/Icon';

interface InlineFieldEditorProps {
  field: InlineEditableFieldProps;
  edit: InlineEdit;
  mode: InlineEditMode;
  /** The server's message for a refused save. */
  error: string | null;
  className: string;
}

/** An InlineEditableField in edit mode: its input with Save and Cancel, and the server's message under it. */
export default function InlineFieldEditor({ field, edit, mode, error, className }: InlineFieldEditorProps) {
  const { label } = field;
  const inputId = useId();
  const errorId = useId();
  const onKeyDown = (event: KeyboardEvent) => {
    if (event.key === 'Escape') {
      event.preventDefault();
      edit.cancel();
    } else if (event.key === 'Enter' && enterSaves(mode)) {
      event.preventDefault();
      edit.save();
    }
  };
  const blocked = edit.saving || (field.required === true && mode === 'multiselect' && isEmptyDraft(edit.draft));

  return (
    <form
      className={`inline-editable ${className}`}
      // The server's message shows under the field, as in every other form here.
      noValidate
      onKeyDown={onKeyDown}
      onSubmit={(event) => {
        event.preventDefault();
        edit.save();
      }}
    >
      <div className="d-flex align-items-start gap-1">
        <div className="flex-grow-1">
          <InlineInput
            id={inputId}
            mode={mode}
            draft={edit.draft}
            onChange={edit.setDraft}
            label={label}
            options={field.options}
            required={field.required ?? false}
            inputType={field.inputType ?? 'text'}
            min={field.min}
            minRows={field.minRows ?? 2}
            maxRows={field.maxRows ?? 12}
            placeholder={field.placeholder}
            invalid={error !== null}
            describedBy={error ? errorId : undefined}
          />
          {error && (
            <div id={errorId} className="invalid-feedback d-block">
              {error}
            </div>
          )}
        </div>
        <button type="submit" className="btn btn-sm btn-success" aria-label={`Save ${label}`} disabled={blocked}>
          <Icon name="bi-check-lg" />
        </button>
        <button type="button" className="btn btn-sm btn-outline-secondary" aria-label={`Cancel editing ${label}`} onClick={edit.cancel}>
          <Icon name="bi-x-lg" />
        </button>
      </div>
    </form>
  );
}
