import fs from 'node:fs/promises';
import path from 'node:path';
import type { Config } from '../config.ts';
import { sandboxAccess } from './sandbox-access.ts';
import { peerAddress } from './client.ts';

/**
 * /dev/outbox: on the embedded sandbox (mail to the outbox directory, no SMTP_URL; SMS to the
 * outbox, not Termii) a page of the latest mails and texts, so someone who ran `npm start` can
 * read the codes the bank "sent". It answers only a loopback client of a server listening on
 * loopback, not through a proxy, as the sandbox's money-in endpoint does (sandbox-access.ts),
 * with no key that opens it to others: codes are credentials.
 */
export type OutboxEntry = { at: string; to: string; subject: string; text: string };

export function devOutboxOn(config: Pick<Config, 'smtpUrl' | 'sms'>): boolean {
  return config.smtpUrl === undefined && config.sms.provider === 'outbox';
}

export function devOutboxAllowed(context: { clientAddress: string; request: Request; locals: { app: { config: Config } } }): boolean {
  const { config } = context.locals.app;
  if (!devOutboxOn(config)) return false;
  return sandboxAccess({ listenHost: config.host, clientAddress: peerAddress(context), headers: context.request.headers, sandboxKey: undefined }) === 'allow';
}

/** The file name's leading ISO time, its `-` put back where `:` and `.` were. */
function timeOf(name: string): string {
  const match = /^(\d{4}-\d{2}-\d{2}T\d{2})-(\d{2})-(\d{2})-(\d{3})Z/.exec(name);
  return match ? `${match[1]}:${match[2]}:${match[3]}.${match[4]}Z` : '';
}

function decodeQuotedPrintable(text: string): string {
  const joined = text.replace(/=\r?\n/g, '');
  return Buffer.from(joined.replace(/=([0-9A-F]{2})/gi, (_, hex: string) => String.fromCharCode(Number.parseInt(hex, 16))), 'latin1').toString('utf8');
}

/** RFC 2047 encoded words in a header (=?UTF-8?B?…?= and =?UTF-8?Q?…?=). */
function decodeHeader(value: string): string {
  return value.replace(/=\?utf-8\?([bq])\?([^?]*)\?=\s*/gi, (_, kind: string, body: string) =>
    kind.toLowerCase() === 'b' ? Buffer.from(body, 'base64').toString('utf8') : decodeQuotedPrintable(body.replace(/_/g, ' ')),
  );
}

/** A mail's To, Subject and plain-text part, as the outbox mailer writes them. */
function readMail(raw: string): { to: string; subject: string; text: string } {
  const unfolded = raw.replace(/\r?\n[ \t]+/g, ' ');
  const header = (name: string) => decodeHeader(new RegExp(`^${name}: (.*)$`, 'mi').exec(unfolded)?.[1]?.trim() ?? '');
  const plain = /Content-Type: text\/plain[^]*?\r?\n\r?\n([^]*?)(?:\r?\n--|$)/i.exec(raw);
  const encoding = plain ? /Content-Transfer-Encoding: (\S+)/i.exec(raw.slice(0, plain.index + plain[0].length))?.[1]?.toLowerCase() : undefined;
  const body = plain?.[1] ?? '';
  const text = encoding === 'base64' ? Buffer.from(body.replace(/\s+/g, ''), 'base64').toString('utf8') : encoding === 'quoted-printable' ? decodeQuotedPrintable(body) : body;
  return { to: header('To'), subject: header('Subject'), text: text.trim() };
}

async function newestFiles(dir: string, suffix: string, limit: number): Promise<string[]> {
  const names = await fs.readdir(dir).catch(() => [] as string[]);
  return names.filter((name) => name.endsWith(suffix)).sort().reverse().slice(0, limit);
}

/** The newest mails and texts in the outbox, newest first. */
export async function latestOutbox(config: Pick<Config, 'outboxDir'>, limit = 30): Promise<{ mails: OutboxEntry[]; texts: OutboxEntry[] }> {
  const mails = await Promise.all(
    (await newestFiles(config.outboxDir, '.eml', limit)).map(async (name) => ({ at: timeOf(name), ...readMail(await fs.readFile(path.join(config.outboxDir, name), 'utf8')) })),
  );
  const smsDir = path.join(config.outboxDir, 'sms');
  const texts = await Promise.all(
    (await newestFiles(smsDir, '.txt', limit)).map(async (name) => {
      const raw = await fs.readFile(path.join(smsDir, name), 'utf8');
      const [head = '', ...rest] = raw.split('\n\n');
      return { at: timeOf(name), to: head.replace(/^To: /, '').trim(), subject: '', text: rest.join('\n\n').trim() };
    }),
  );
  return { mails, texts };
}
