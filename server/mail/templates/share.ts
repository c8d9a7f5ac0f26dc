import type { SharedType } from '../../../shared/enums';
import { formatDay } from '../../../shared/dates';
import type { MailMessage } from '../mailer';
import { escapeHtml } from '../../lib/html';

export interface ShareMailInput {
  to: string;
  fromName: string;
  appName: string;
  title: string;
  /** The absolute shared link (`…?share={ref}`). */
  link: string;
  levelName: string;
  /** When the grant ends, null for Forever. */
  expiresAt: Date | null;
  /** The organisation's time zone (TIME_ZONE), for the end date. */
  timeZone: string;
  /** A collection share opens the collection; its items still open at the recipient's own level. */
  sharedType?: SharedType;
}

/** The e-mail that brings a shared resource to the person it was shared with (Grant Access in the Share dialog). */
export function shareMail({ to, fromName, appName, title, link, levelName, expiresAt, timeZone, sharedType = 'item' }: ShareMailInput): MailMessage {
  const subject = `${fromName} shared “${title}” with you on ${appName}`;
  const until = expiresAt ? `until ${formatDay(expiresAt, timeZone)}` : 'with no end date';
  const access =
    sharedType === 'collection'
      ? `you can open the collection ${until}; each item in it opens at your own access level`
      : `you can see it at the level “${levelName}” ${until}`;
  const signIn = `Sign in to ${appName} with this email address (${to}) to open it: ${access}.`;
  const text = [`Hello,`, '', `${fromName} shared “${title}” with you:`, link, '', signIn].join('\n');
  const html = [
    '<p>Hello,</p>',
    `<p>${escapeHtml(fromName)} shared “${escapeHtml(title)}” with you:</p>`,
    `<p><a href="${escapeHtml(link)}">${escapeHtml(title)}</a></p>`,
    `<p>${escapeHtml(signIn)}</p>`,
  ].join('\n');
  return { to, subject, text, html };
}
