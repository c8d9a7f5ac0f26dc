import type { MailMessage } from '../mailer';
import { escapeHtml } from '../../lib/html';

/** One piece of a message; each renders to HTML (every value escaped) and to plain text. */
export type MailBlock = { kind: 'paragraph'; text: string } | { kind: 'link'; label: string; url: string };

/** A paragraph of plain text (escaped in the HTML body). */
export const paragraph = (text: string): MailBlock => ({ kind: 'paragraph', text });
/** A link: an anchor in HTML, the label and the bare URL on their own lines in text. */
export const link = (label: string, url: string): MailBlock => ({ kind: 'link', label, url });

export interface MailContent {
  to: string;
  subject: string;
  appName: string;
  blocks: MailBlock[];
}

/** The HTML and text bodies of every e-mail, from one list of blocks, so the two never say different things. */
export function renderMail({ to, subject, appName, blocks }: MailContent): MailMessage {
  const text = [...blocks.map(blockText), `-- \n${appName}`].join('\n\n') + '\n';
  const html = [
    '<!doctype html>',
    '<html>',
    '<head><meta charset="utf-8"><title>' + escapeHtml(subject) + '</title></head>',
    '<body style="font-family: Arial, Helvetica, sans-serif; font-size: 15px; line-height: 1.5; color: #212529;">',
    ...blocks.map(blockHtml),
    `<p style="color: #6c757d; font-size: 13px;">${escapeHtml(appName)}</p>`,
    '</body>',
    '</html>',
  ].join('\n');
  return { to, subject, text, html };
}

function blockText(block: MailBlock): string {
  return block.kind === 'paragraph' ? block.text : `${block.label}:\n${block.url}`;
}

function blockHtml(block: MailBlock): string {
  if (block.kind === 'paragraph') return `<p>${escapeHtml(block.text)}</p>`;
  return `<p><a href="${escapeHtml(block.url)}" style="color: #0d6efd;">${escapeHtml(block.label)}</a></p>`;
}
