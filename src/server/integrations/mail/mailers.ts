import fs from 'node:fs/promises';
import path from 'node:path';
import { randomBytes } from 'node:crypto';
import type { Transporter } from 'nodemailer';
import type { Logger } from '../../log.ts';
import { mailsAtOnce, type Mailer, type MailMessage } from './ports.ts';

/** nodemailer (~10 MiB of a server's memory) loads with the first mail, not when the server starts (docs/decisions/013-render-and-memory-costs.md). */
async function transportOf(options: Parameters<typeof import('nodemailer').createTransport>[0]): Promise<Transporter> {
  const { default: nodemailer } = await import('nodemailer');
  return nodemailer.createTransport(options);
}

function toNodemailer(from: string, message: MailMessage) {
  return { from, to: message.to, subject: message.subject, text: message.text, html: message.html, attachments: message.attachments };
}

/**
 * SMTP through nodemailer, for real deployments (SMTP_URL). The connections are pooled:
 * up to `mailsAtOnce` stay open and carry mail after mail (each up to 100, then it is replaced),
 * where every mail opened its own, with its greeting, EHLO, TLS and sign-in, one mail at a time.
 * Parameters in SMTP_URL's query (`?maxConnections=2&maxMessages=50`, or `pool=false`) take
 * precedence over these.
 */
export function createSmtpMailer(smtpUrl: string, from: string, log: Logger): Mailer {
  let transport: Promise<Transporter> | undefined;
  return {
    async send(message) {
      transport ??= transportOf({ url: smtpUrl, pool: true, maxConnections: mailsAtOnce, maxMessages: 100 });
      await (await transport).sendMail(toNodemailer(from, message));
      log.info('mail.sent', { transport: 'smtp', subject: message.subject });
    },
    async close() {
      const open = transport;
      transport = undefined;
      (await open?.catch(() => undefined))?.close();
    },
  };
}

/**
 * The sandbox: each mail is composed by nodemailer exactly as it would be sent and written to
 * DATA_DIR/outbox as an .eml file, named so that a directory listing sorts by time.
 */
export function createOutboxMailer(outboxDir: string, from: string, log: Logger): Mailer {
  let composer: Promise<Transporter> | undefined;
  return {
    async send(message) {
      composer ??= transportOf({ streamTransport: true, buffer: true, newline: 'unix' });
      const info = await (await composer).sendMail(toNodemailer(from, message));
      const safeRecipient = message.to.replace(/[^a-zA-Z0-9@._-]/g, '_');
      const file = path.join(outboxDir, `${new Date().toISOString().replace(/[:.]/g, '-')}-${randomBytes(3).toString('hex')}-${safeRecipient}.eml`);
      // Written whole under another name, then renamed: a reader polling the outbox (the e2e
      // tests) never sees a half-written mail. The folder is made when a write finds it missing
      // (the first mail, or after someone emptied it away), not before every mail.
      try {
        await fs.writeFile(`${file}.part`, info.message as Buffer);
      } catch (error) {
        if ((error as NodeJS.ErrnoException).code !== 'ENOENT') throw error;
        await fs.mkdir(outboxDir, { recursive: true });
        await fs.writeFile(`${file}.part`, info.message as Buffer);
      }
      await fs.rename(`${file}.part`, file);
      log.info('mail.sent', { transport: 'outbox', subject: message.subject, file: path.basename(file) });
    },
  };
}
