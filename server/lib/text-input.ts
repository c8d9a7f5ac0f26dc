/**
 * Characters no person types and no column stores: NUL (PostgreSQL refuses it in text and jsonb) and a UTF-16
 * surrogate without its pair (not a character at all; it cannot be encoded as UTF-8).
 */
// eslint-disable-next-line no-control-regex -- NUL is exactly the character to find.
const UNSTORABLE = /\u0000|[\ud800-\udbff](?![\udc00-\udfff])|(?<![\ud800-\udbff])[\udc00-\udfff]/;
const UNSTORABLE_ALL = new RegExp(UNSTORABLE.source, 'g');

export function hasUnstorableCharacters(text: string): boolean {
  return UNSTORABLE.test(text);
}

/** The text with each unstorable character replaced by U+FFFD, for what is kept but was never checked (logs, sessions). */
export function storableText(text: string): string {
  return hasUnstorableCharacters(text) ? text.replace(UNSTORABLE_ALL, '\ufffd') : text;
}
