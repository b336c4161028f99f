import fs from 'node:fs';
import path from 'node:path';
import { outboxDir } from './data-dir.ts';

/**
 * The sandbox mailer writes every mail to DATA_DIR/outbox as `<ISO time>-<random>-<to>.eml`,
 * so names sort by time and end with the recipient.
 */

/** The .eml files sent to `email`, oldest first. */
export function mailsTo(email: string): string[] {
  const dir = outboxDir();
  if (!fs.existsSync(dir)) return [];
  const suffix = `-${email.toLowerCase()}.eml`;
  return fs
    .readdirSync(dir)
    .filter((name) => name.toLowerCase().endsWith(suffix))
    .sort();
}

/** The raw text of one mail in the outbox (a name from `mailsTo`). */
export function rawMail(file: string): string {
  return fs.readFileSync(path.join(outboxDir(), file), 'utf8');
}

/** Undoes quoted-printable: soft line breaks and =XX escapes. */
export function decodeQuotedPrintable(text: string): string {
  const joined = text.replace(/=\r?\n/g, '');
  const bytes: number[] = [];
  for (let index = 0; index < joined.length; index += 1) {
    const escape = joined.slice(index, index + 3);
    if (/^=[0-9A-F]{2}$/i.test(escape)) {
      bytes.push(Number.parseInt(escape.slice(1), 16));
      index += 2;
    } else {
      bytes.push(...Buffer.from(joined[index]!, 'utf8'));
    }
  }
  return Buffer.from(bytes).toString('utf8');
}

export function codeInMail(file: string): string {
  const text = decodeQuotedPrintable(rawMail(file));
  // In English the text says it; in every language the HTML shows it large (notifications.ts layout).
  const code = text.match(/verification code is (\d{6})/)?.[1] ?? text.match(/letter-spacing:6px;font-family:monospace">(\d{6})</)?.[1];
  if (!code) throw new Error(`No verification code in ${file}`);
  return code;
}

/**
 * Looks every 100 ms until `look` finds something, and returns it; after `timeoutMs`, throws
 * the error `failure` words. The outbox is written in the background, so every mail is waited for.
 */
export async function waitUntil<T>(look: () => T | undefined, timeoutMs: number, failure: () => string): Promise<T> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const found = look();
    if (found !== undefined) return found;
    if (Date.now() > deadline) throw new Error(failure());
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
}

/**
 * Waits (up to `timeoutMs`) until at least `count` mails have gone to `email`, then returns the
 * code in the newest. Pass the count seen before an action to wait for the mail it sends.
 */
export async function waitForCode(email: string, { count = 1, timeoutMs = 10_000 }: { count?: number; timeoutMs?: number } = {}): Promise<string> {
  const newest = await waitUntil(
    () => {
      const mails = mailsTo(email);
      return mails.length >= count ? mails[mails.length - 1] : undefined;
    },
    timeoutMs,
    () => `Waited ${timeoutMs} ms for mail number ${count} to ${email}; found ${mailsTo(email).length}.`,
  );
  return codeInMail(newest);
}

/**
 * The sandbox SMS gateway writes every text to DATA_DIR/outbox/sms as
 * `<ISO time>-<random>-<+234…>.txt`: a `To:` line, a blank line, the text.
 */
export function smsOutboxDir(): string {
  return path.join(outboxDir(), 'sms');
}

/** A phone number as a customer types it (0803 123 4567) in E.164, as the SMS outbox names it. */
export const e164 = (typed: string): string => `+234${typed.replace(/\s/g, '').slice(1)}`;

/** The texts sent to `phone` (E.164, +2348031234567), oldest first. */
export function smsTo(phone: string): string[] {
  const dir = smsOutboxDir();
  if (!fs.existsSync(dir)) return [];
  return fs
    .readdirSync(dir)
    .filter((name) => name.endsWith(`-${phone}.txt`))
    .sort()
    .map((name) => fs.readFileSync(path.join(dir, name), 'utf8').split('\n\n').slice(1).join('\n\n').trim());
}
