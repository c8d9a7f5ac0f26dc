import type { MailMessage } from '../mailer';

export interface VerificationMailInput {
  to: string;
  name: string;
  appName: string;
  link: string;
  validForDays: number;
}

/** The e-mail that proves a user can read the address on their profile. */
export function verificationMail({ to, name, appName, link, validForDays }: VerificationMailInput): MailMessage {
  const subject = `Please verify your email address for ${appName}`;
  const text = [
    `Hello ${name},`,
    '',
    `Please confirm that this is your email address for ${appName} by opening this link:`,
    link,
    '',
    `The link works for ${validForDays} days. If you did not ask for it, you can ignore this email.`,
  ].join('\n');
  const html = [
    `<p>Hello ${escapeHtml(name)},</p>`,
    `<p>Please confirm that this is your email address for ${escapeHtml(appName)}:</p>`,
    `<p><a href="${escapeHtml(link)}">Verify my email address</a></p>`,
    `<p>The link works for ${validForDays} days. If you did not ask for it, you can ignore this email.</p>`,
  ].join('\n');
  return { to, subject, text, html };
}

function escapeHtml(value: string): string {
  return value.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);
}
