import { randomBytes } from 'node:crypto';
import { mkdir, writeFile } from 'node:fs/promises';
import path from 'node:path';
import nodemailer from 'nodemailer';
import type { FastifyBaseLogger } from 'fastify';
import type { AppConfig } from '../config';

export interface MailMessage {
  to: string;
  subject: string;
  text: string;
  html: string;
}

export interface Mailer {
  send(message: MailMessage): Promise<void>;
  close(): void;
}

type MailerConfig = Pick<AppConfig, 'SMTP_URL' | 'MAIL_FROM' | 'DATA_DIR'>;

/** SMTP when SMTP_URL is set; otherwise each message is written to DATA_DIR/mail/ as an .eml file. */
export function createMailer(config: MailerConfig, log: FastifyBaseLogger): Mailer {
  return config.SMTP_URL ? smtpMailer(config.SMTP_URL, config.MAIL_FROM, log) : fileMailer(path.join(config.DATA_DIR, 'mail'), config.MAIL_FROM, log);
}

function smtpMailer(smtpUrl: string, from: string, log: FastifyBaseLogger): Mailer {
  const transport = nodemailer.createTransport(smtpUrl);
  return {
    async send(message) {
      const info = await transport.sendMail({ from, ...message });
      log.info({ to: message.to, subject: message.subject, messageId: info.messageId }, 'mail sent');
    },
    close: () => transport.close(),
  };
}

function fileMailer(folder: string, from: string, log: FastifyBaseLogger): Mailer {
  const transport = nodemailer.createTransport({ streamTransport: true, buffer: true, newline: 'unix' });
  return {
    async send(message) {
      const info = await transport.sendMail({ from, ...message });
      await mkdir(folder, { recursive: true });
      const file = path.join(folder, `${new Date().toISOString().replace(/[:.]/g, '-')}-${randomBytes(4).toString('hex')}.eml`);
      await writeFile(file, info.message as Buffer);
      log.info({ to: message.to, subject: message.subject, file }, 'mail written to disk (SMTP_URL is not set)');
    },
    close: () => transport.close(),
  };
}
