/** What form bodies send, read the same way everywhere: trimmed text, checkbox values (an inline edit's one field: single-field.ts). */
export const trimmed = (input: unknown) => (typeof input === 'string' ? input.trim() : input);

/** Form posts and inline selects send text, Inertia's JSON sends booleans: both are accepted. */
export const booleanInput = (input: unknown) => {
  if (input === 'true' || input === '1' || input === 'on') return true;
  if (input === 'false' || input === '0' || input === '') return false;
  return input;
};
