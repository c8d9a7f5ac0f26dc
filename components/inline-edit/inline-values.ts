/** The inline editors' modes and how each turns a value into editable text and back. */
export type InlineEditMode = 'text' | 'textarea' | 'array' | 'integer' | 'select' | 'multiselect';

export type InlineValue = string | number | string[] | null;

export interface SelectOption {
  value: string;
  label: string;
}

/** A yes/no choice, as the string values a select holds ('true', 'false'). */
export const YES_NO_OPTIONS: SelectOption[] = [
  { value: 'true', label: 'Yes' },
  { value: 'false', label: 'No' },
];

/** What the editor holds while editing: text for typing modes, the chosen values for selects. */
export type InlineDraft = string | string[];

/** Enter saves, except where it starts a new line. */
export function enterSaves(mode: InlineEditMode): boolean {
  return mode !== 'textarea' && mode !== 'array';
}

export function draftFor(value: InlineValue, mode: InlineEditMode): InlineDraft {
  if (mode === 'multiselect') return Array.isArray(value) ? value : value === null ? [] : [String(value)];
  if (mode === 'array') return Array.isArray(value) ? value.join('\n') : (value?.toString() ?? '');
  if (Array.isArray(value)) return value.join(', ');
  return value === null ? '' : String(value);
}

/** Lines of an array editor: one entry per line, empty lines dropped. */
export function linesOf(text: string): string[] {
  return text
    .split(/\r?\n/)
    .map((line) => line.trim())
    .filter((line) => line !== '');
}

/** The value sent to the server for a draft. An integer field left empty is sent as null. */
export function valueFromDraft(draft: InlineDraft, mode: InlineEditMode): InlineValue {
  if (Array.isArray(draft)) return draft;
  if (mode === 'array') return linesOf(draft);
  if (mode === 'integer') return draft.trim() === '' ? null : Number(draft);
  return draft;
}

export function isEmptyDraft(draft: InlineDraft): boolean {
  return Array.isArray(draft) ? draft.length === 0 : draft.trim() === '';
}

/** The first message of a field's server errors. */
export function fieldError(errors: Record<string, unknown>, key: string): string | null {
  const error = errors[key];
  if (typeof error === 'string') return error;
  if (Array.isArray(error) && typeof error[0] === 'string') return error[0];
  return null;
}
