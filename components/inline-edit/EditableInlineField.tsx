import { useId, useMemo, type KeyboardEvent } from 'react';
import { usePage } from '@inertiajs/react';
import InlineInput from './InlineInput';
import type { InlineEditableFieldProps } from './InlineEditableField';
import { readValue } from './InlineValueView';
import { enterSaves, fieldError, isEmptyDraft } from './inline-values';
import { patchField } from './save';
import { useInlineEdit } from './useInlineEdit';
import Icon from '../lib/Icon';

/**
 * A value shown in read mode that becomes an editor on click or on its edit button
 * (admin-curation §4–§5): Save with the check button or Enter (not in text areas), Cancel with
 * the close button or Escape. Server field errors show under the input and keep edit mode open.
 */
export default function EditableInlineField(props: InlineEditableFieldProps) {
  const { field, label, value, mode = 'text', errorKey = field, className = '' } = props;
  const page = usePage();
  const send = useMemo(() => props.save ?? patchField(props.url ?? page.url, field), [props.save, props.url, page.url, field]);
  const edit = useInlineEdit(value, mode, send);
  const inputId = useId();
  const errorId = useId();
  const error = edit.editing && edit.refused ? fieldError(page.props.errors, errorKey) : null;

  if (!edit.editing) {
    return (
      <div className={`inline-editable d-flex align-items-start gap-2 ${className}`}>
        <div className="flex-grow-1" style={{ cursor: 'pointer' }} onClick={edit.start}>
          {readValue(props, mode)}
        </div>
        {edit.justSaved && <Icon name="bi-check-circle-fill" className="text-success" role="img" aria-label={`${label} saved`} />}
        {/* At least 24 px square (WCAG 2.5.8): the pencil alone is smaller. */}
        <button type="button" className="btn btn-sm btn-link p-0" style={{ minWidth: 24, minHeight: 24 }} aria-label={`Edit ${label}`} onClick={edit.start}>
          <Icon name="bi-pencil" />
        </button>
      </div>
    );
  }

  const onKeyDown = (event: KeyboardEvent) => {
    if (event.key === 'Escape') {
      event.preventDefault();
      edit.cancel();
    } else if (event.key === 'Enter' && enterSaves(mode)) {
      event.preventDefault();
      edit.save();
    }
  };
  const blocked = edit.saving || (props.required === true && mode === 'multiselect' && isEmptyDraft(edit.draft));

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
            options={props.options}
            required={props.required ?? false}
            inputType={props.inputType ?? 'text'}
            min={props.min}
            minRows={props.minRows ?? 2}
            maxRows={props.maxRows ?? 12}
            placeholder={props.placeholder}
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
