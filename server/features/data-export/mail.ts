/** The e-mail that brings a person the link to their prepared data. */
import { DATA_EXPORT_LINK_VALID_DAYS } from '../../../shared/data-export';
import type { MailMessage } from '../../mail/mailer';
import { link, paragraph, renderMail } from '../../mail/templates/layout';

export interface DataExportMailInput {
  to: string;
  name: string;
  appName: string;
  link: string;
  /** The last day the link works, in the organisation's time zone. */
  lastDay: string;
}

export function dataExportMail({ to, name, appName, link: url, lastDay }: DataExportMailInput): MailMessage {
  return renderMail({
    to,
    subject: `Your data from ${appName} is ready`,
    appName,
    blocks: [
      paragraph(`Hello ${name},`),
      paragraph(`The copy of your data you asked for is ready. Sign in to ${appName} as yourself and open this link to download it:`),
      link('Download my data', url),
      paragraph(
        `The link works for ${DATA_EXPORT_LINK_VALID_DAYS} days, until ${lastDay}, and only for you: anyone else who opens it is told there is nothing there. If you did not ask for your data, someone may be using your account: please tell us.`,
      ),
    ],
  });
}
