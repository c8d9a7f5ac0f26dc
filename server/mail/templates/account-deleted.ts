import type { MailMessage } from '../mailer';
import { link, paragraph, renderMail } from './layout';

export interface AccountDeletedMailInput {
  to: string;
  name: string;
  appName: string;
  /** Where to sign in again. */
  signInLink: string;
  retentionDays: number;
}

/** The e-mail that tells a person their own deletion of their account happened, and how to undo it. */
export function accountDeletedMail({ to, name, appName, signInLink, retentionDays }: AccountDeletedMailInput): MailMessage {
  const days = `${retentionDays} day${retentionDays === 1 ? '' : 's'}`;
  return renderMail({
    to,
    subject: `Your ${appName} account is deleted`,
    appName,
    blocks: [
      paragraph(`Hello ${name},`),
      paragraph(`Your ${appName} account was deleted, as you asked, and you were signed out.`),
      paragraph(`If you change your mind, sign in again within ${days}: your account comes back as it was. After that it is deleted for good.`),
      link('Sign in', signInLink),
      paragraph('If you did not delete it yourself, sign in now to bring it back, and tell an administrator.'),
    ],
  });
}
