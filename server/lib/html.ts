/** Text written into HTML or XML markup. */

/** Escapes the five characters that matter in HTML or XML text and attribute values. */
export function escapeHtml(value: string): string {
  return value.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);
}

/** Characters XML 1.0 forbids (C0 controls but tab and line breaks, lone surrogates, U+FFFE/U+FFFF): one would make a document unreadable. */
// eslint-disable-next-line no-control-regex -- these control characters are what is matched
const NOT_IN_XML = /[\u0000-\u0008\u000B\u000C\u000E-\u001F\uFFFE\uFFFF]|[\uD800-\uDBFF](?![\uDC00-\uDFFF])|(?<![\uD800-\uDBFF])[\uDC00-\uDFFF]/g;

/** Plain text as XML text: what XML forbids taken out, the rest escaped. */
export function xmlText(value: string): string {
  return escapeHtml(withoutWhatXmlForbids(value));
}

/** Plain text for a writer that escapes it itself (the feed package's text elements): only what XML forbids taken out. */
export function withoutWhatXmlForbids(value: string): string {
  return value.replace(NOT_IN_XML, '');
}
