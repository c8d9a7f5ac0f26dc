import { Fragment } from 'react';
import { safeHttpUrl } from '../item/format';
import NewTabLink from '../lib/NewTabLink';

/** A stretch of comment text: plain words, or a web address to link. */
export type TextPart = { kind: 'text'; text: string } | { kind: 'link'; text: string; href: string };

const WEB_ADDRESS = /https?:\/\/[^\s<>"']+/gi;
/** Punctuation that ends a sentence rather than the address ("see https://example.org."). */
const TRAILING_PUNCTUATION = /[.,;:!?)\]}]+$/;

/** Splits text into plain parts and http(s) addresses; it never builds markup, so the text cannot inject any. */
export function splitLinks(text: string): TextPart[] {
  const parts: TextPart[] = [];
  let plainFrom = 0;
  for (const match of text.matchAll(WEB_ADDRESS)) {
    const address = match[0].replace(TRAILING_PUNCTUATION, '');
    const href = safeHttpUrl(address);
    if (!href) continue;
    if (match.index > plainFrom) parts.push({ kind: 'text', text: text.slice(plainFrom, match.index) });
    parts.push({ kind: 'link', text: address, href });
    plainFrom = match.index + address.length;
  }
  if (plainFrom < text.length) parts.push({ kind: 'text', text: text.slice(plainFrom) });
  return parts;
}

/** Comment text as React text, with its web addresses as links that open elsewhere and pass no standing to them. */
export default function LinkifiedText({ text }: { text: string }) {
  return (
    <>
      {splitLinks(text).map((part, index) =>
        part.kind === 'text' ? (
          <Fragment key={index}>{part.text}</Fragment>
        ) : (
          <NewTabLink key={index} href={part.href} rel="nofollow noopener noreferrer ugc">
            {part.text}
          </NewTabLink>
        ),
      )}
    </>
  );
}
