import fs from 'node:fs/promises';
import path from 'node:path';
import { randomBytes } from 'node:crypto';
import nodemailer from 'nodemailer';
import type { Logger } from '../../log.ts';
import type { Mailer, MailMessage } from './ports.ts';

function toNodemailer(from: string, message: MailMessage) {
  return { from, to: message.to, subject: message.subject, text: message.text, html: message.html, attachments: message.attachments };
}

/** SMTP through nodemailer, for real deployments (SMTP_URL). */
export function createSmtpMailer(smtpUrl: string, from: string, log: Logger): Mailer {
  const transport = nodemailer.createTransport(smtpUrl);
  return {
    async send(message) {
      await transport.sendMail(toNodemailer(from, message));
      log.info('mail.sent', { transport: 'smtp', subject: message.subject });
    },
  };
}

/**
 * The sandbox: each mail is composed by nodemailer exactly as it would be sent and written to
 * DATA_DIR/outbox as an .eml file, named so that a directory listing sorts by time.
 */
export function createOutboxMailer(outboxDir: string, from: string, log: Logger): Mailer {
  const composer = nodemailer.createTransport({ streamTransport: true, buffer: true, newline: 'unix' });
  return {
    async send(message) {
      const info = await composer.sendMail(toNodemailer(from, message));
      await fs.mkdir(outboxDir, { recursive: true });
      const safeRecipient = message.to.replace(/[^a-zA-Z0-9@._-]/g, '_');
      const file = path.join(outboxDir, `${new Date().toISOString().replace(/[:.]/g, '-')}-${randomBytes(3).toString('hex')}-${safeRecipient}.eml`);
      // Written whole under another name, then renamed: a reader polling the outbox (the e2e
      // tests) never sees a half-written mail.
      await fs.writeFile(`${file}.part`, info.message as Buffer);
      await fs.rename(`${file}.part`, file);
      log.info('mail.sent', { transport: 'outbox', subject: message.subject, file: path.basename(file) });
    },
  };
}
