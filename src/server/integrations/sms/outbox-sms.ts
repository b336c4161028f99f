import fs from 'node:fs/promises';
import path from 'node:path';
import { randomBytes } from 'node:crypto';
import type { Logger } from '../../log.ts';
import { maxSmsCharacters, type SmsMessage, type SmsSender } from './ports.ts';

/**
 * The sandbox SMS gateway: each message is written to `outboxDir` as
 * `<ISO time>-<random>-<number>.txt` (a `To:` line, a blank line, the text), so a directory
 * listing sorts by time and ends with the recipient, like the mail outbox beside it.
 */
export function createOutboxSms(outboxDir: string, log: Logger): SmsSender {
  return {
    async send(message: SmsMessage) {
      if (!/^\+\d{8,15}$/.test(message.to)) throw new Error('an SMS goes to an E.164 number');
      if (message.text.length === 0 || message.text.length > maxSmsCharacters) throw new Error(`an SMS holds 1 to ${maxSmsCharacters} characters`);
      await fs.mkdir(outboxDir, { recursive: true });
      const file = path.join(outboxDir, `${new Date().toISOString().replace(/[:.]/g, '-')}-${randomBytes(3).toString('hex')}-${message.to}.txt`);
      // Written whole under another name, then renamed: a reader polling the outbox never sees half a message.
      await fs.writeFile(`${file}.part`, `To: ${message.to}\n\n${message.text}\n`, 'utf8');
      await fs.rename(`${file}.part`, file);
      log.info('sms.sent', { transport: 'outbox', file: path.basename(file) });
    },
  };
}
