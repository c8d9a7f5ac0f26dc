import { formatDay } from '../../../shared/dates';
import type { MailMessage } from '../mailer';
import { link, paragraph, renderMail } from './layout';

export interface InvitationMailInput {
  to: string;
  /** Who invites: the creator's name. */
  fromName: string;
  appName: string;
  userTypeTitle: string;
  acceptLink: string;
  expiresAt: Date;
  /** The organisation's time zone (TIME_ZONE), for the expiry date. */
  timeZone: string;
}

/** The e-mail that carries an invitation's accept link to one address. */
export function invitationMail({ to, fromName, appName, userTypeTitle, acceptLink, expiresAt, timeZone }: InvitationMailInput): MailMessage {
  const until = formatDay(expiresAt, timeZone);
  return renderMail({
    to,
    subject: `${fromName} invites you to ${appName} as ${userTypeTitle}`,
    appName,
    blocks: [
      paragraph('Hello,'),
      paragraph(`${fromName} invites you to ${appName} with the user type ${userTypeTitle}, which opens more of the library to you.`),
      paragraph('Open this link, sign in (or sign up, which is free), and accept the invitation:'),
      link('See the invitation', acceptLink),
      paragraph(`The link works once, until ${until}. If you did not expect it, you can ignore this email.`),
    ],
  });
}
