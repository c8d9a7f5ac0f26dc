/**
 * Stands in for `laravel-precognition` in the client and SSR builds (vite.config.ts aliases it here). Inertia's
 * core and React packages import it for live (Precognition) validation, which Equip does not use: every form is
 * validated by its route when submitted. The real package adds ~3.5 kB gzipped to every first page
 * (docs/decisions/front-end.md "What a first page downloads").
 * Only `toSimpleValidationErrors` is reached by Inertia without Precognition (`useHttp` on a 422 answer).
 */

type ValidationErrors = Record<string, string | string[]>;

/** A field's first message, as `laravel-precognition` gives it. */
export function toSimpleValidationErrors(errors: ValidationErrors): Record<string, string> {
  return Object.fromEntries(Object.entries(errors).map(([field, messages]) => [field, Array.isArray(messages) ? (messages[0] ?? '') : messages]));
}

/** Inertia passes its XSRF cookie and header names on; Precognition requests are never made, so nothing keeps them. */
export const client = {
  withXsrfCookieName: () => client,
  withXsrfHeaderName: () => client,
};

function precognitionIsNotUsed(): never {
  throw new Error('Precognition (live validation) is not part of Equip: forms are validated when submitted.');
}

export const createValidator = precognitionIsNotUsed;
export const resolveName = precognitionIsNotUsed;
