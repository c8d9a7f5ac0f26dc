import type { MailMessage } from '../mailer';
import { link, paragraph, renderMail } from './layout';

export interface VerificationMailInput {
  to: string;
  name: string;
  appName: string;
  link: string;
  validForDays: number;
}

/** The e-mail that proves a user can read the address on their profile. */
export function verificationMail({ to, name, appName, link: url, validForDays }: VerificationMailInput): MailMessage {
  return renderMail({
    to,
    subject: `Please verify your email address for ${appName}`,
    appName,
    blocks: [
      paragraph(`Hello ${name},`),
      paragraph(`Please confirm that this is your email address for ${appName} by opening this link:`),
      link('Verify my email address', url),
      paragraph(`The link works for ${validForDays} days. If you did not ask for it, you can ignore this email.`),
    ],
  });
}
