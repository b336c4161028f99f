/**
 * The mail and text messages about money: the alert of each debit and credit, a statement sent,
 * a transfer to another bank still pending, a payment towards a payment request, a scheduled
 * date missed. The emails about the customer's access and settings are in notifications.ts.
 */
import type { Locale } from '../../i18n/locales.ts';
import { t, type MessageParams } from '../../i18n/translate.ts';
import type { MessageKey } from '../../i18n/messages/en.ts';
import type { MailMessage } from '../integrations/mail/ports.ts';
import { layout, sayerFor } from './email-layout.ts';
import { clipSeptets, gsmSeptets, singleSmsSeptets } from '../integrations/sms/gsm-7.ts';

export function statementEmail(args: { bankName: string; to: string; firstName: string; accountNumber: string; from: string; until: string; count: number; format: 'pdf' | 'csv'; language?: Locale }): MailMessage {
  const say = sayerFor(args.language);
  const span = { account: args.accountNumber, from: args.from, until: args.until, count: args.count, format: args.format.toUpperCase() };
  const lines = [
    say('email.hello', { name: args.firstName }),
    say(args.count === 1 ? 'email.statement.attachedOne' : 'email.statement.attachedMany', span),
    say('email.statement.notYou'),
  ];
  return {
    to: args.to,
    subject: say('email.statement.subject', { bank: args.bankName, from: args.from, until: args.until }),
    text: lines.join('\n\n') + '\n',
    html: layout(args.bankName, lines),
  };
}

/**
 * One movement on a customer's account, worded for an alert: amounts already formatted
 * (src/lib/money.ts), the time already in Lagos, the account masked as banks print it on alerts.
 */
export type TransactionAlert = {
  type: 'debit' | 'credit';
  /** 012****789 */
  account: string;
  category: string;
  amount: string;
  /** Charges on a debit (fee and stamp duty), or null when there were none. */
  charges: string | null;
  /** "BOLA ADE, 0123456789, Harmattan Bank", or null (a purchase names its biller in the narration). */
  counterparty: string | null;
  narration: string;
  reference: string;
  /** "22 Nov 2026, 10:15" in Lagos. */
  time: string;
  balanceAfter: string;
  status: 'successful' | 'pending' | 'held' | 'failed' | 'reversed';
};

const alertStatusKeys = {
  successful: 'alert.status.successful',
  pending: 'alert.status.pending',
  held: 'alert.status.held',
  failed: 'alert.status.failed',
  reversed: 'alert.status.reversed',
} as const satisfies Record<TransactionAlert['status'], MessageKey>;

/**
 * The email alert of one debit or credit, sent for every movement (CBN disclosure rules), in the
 * language on the customer's profile (English unless said).
 */
export function transactionAlertEmail(args: { bankName: string; to: string; firstName: string; alert: TransactionAlert; language?: Locale }): MailMessage {
  const { alert } = args;
  const say = (key: MessageKey, params?: MessageParams) => t(args.language ?? 'en', key, params);
  const debit = alert.type === 'debit';
  const lines = [
    say('alert.hello', { name: args.firstName }),
    say(debit ? 'alert.debited' : 'alert.credited', { amount: alert.amount, account: alert.account }),
    [
      say('alert.type', { type: say(debit ? 'alert.debit' : 'alert.credit'), category: alert.category }),
      say('alert.amount', { amount: alert.amount }),
      ...(alert.charges ? [say('alert.charges', { charges: alert.charges })] : []),
      ...(alert.counterparty ? [say(debit ? 'alert.to' : 'alert.from', { counterparty: alert.counterparty })] : []),
      say('alert.narration', { narration: alert.narration }),
      say('alert.reference', { reference: alert.reference }),
      say('alert.time', { time: alert.time }),
      say('alert.status', { status: say(alertStatusKeys[alert.status]) }),
      say('alert.balanceAfter', { balance: alert.balanceAfter }),
    ].join('\n'),
    say('alert.freeze', { bank: args.bankName }),
  ];
  const ascii = (amount: string) => amount.replace('₦', 'NGN');
  return {
    to: args.to,
    // NGN for ₦, so the subject reads the same in every mail client (the words are the language's own letters).
    subject: say(debit ? 'alert.subjectDebit' : 'alert.subjectCredit', { bank: args.bankName, amount: ascii(alert.amount), account: alert.account }),
    text: lines.join('\n\n') + '\n',
    html: layout(args.bankName, [lines[0]!, lines[1]!, ...lines[2]!.split('\n'), lines[3]!]),
  };
}

/**
 * The SMS of one movement: one plain message of at most 160 GSM 03.38 septets (the extension
 * table's characters counted twice), so that it arrives whole on any phone and costs one unit.
 * What must be in it is always there, whole: the amount, the reference, the balance and where to
 * freeze the account. The counterparty comes next, its bank and then its account dropped before
 * its name is clipped to the room left; then the charges, the account, the time and the
 * description while they fit. When a long amount, reference or address leaves less than
 * `counterpartyAtLeast` septets for the name, the freeze hint is said in its short form and then
 * the bank's name is left out (the sender ID already names it) before the name is given up.
 * Words in the customer's language are written in the GSM alphabet (tone marks and Hausa's hooked
 * letters folded to their base letters): a single character outside it would make the whole
 * message UCS-2, 70 characters to a part.
 */
export function transactionAlertSms(args: { bankName: string; alert: TransactionAlert; freezeAt: string; language?: Locale }): string {
  const { alert } = args;
  const say = (key: MessageKey, params?: MessageParams) => gsmText(t(args.language ?? 'en', key, params));
  const naira = (amount: string) => amount.replace('₦', 'NGN');
  const septets = (text: string) => gsmSeptets(text) ?? Infinity;
  const movement = `${say(alert.type === 'debit' ? 'alert.sms.debit' : 'alert.sms.credit')} ${naira(alert.amount)}${alert.status === 'pending' ? ` ${say('alert.sms.pending')}` : alert.status === 'held' ? ` ${say('alert.sms.held')}` : ''}`;
  const figures = [`${say('alert.sms.reference')} ${alert.reference}`, `${say('alert.sms.balance')} ${naira(alert.balanceAfter)}`];
  // From the fullest frame to the most compact: the counterparty's room decides which is used.
  const frames = [
    { head: `${gsmText(args.bankName)}: ${movement}`, must: [...figures, say('alert.sms.freeze', { url: args.freezeAt })] },
    { head: `${gsmText(args.bankName)}: ${movement}`, must: [...figures, say('alert.sms.freezeShort', { url: args.freezeAt })] },
    { head: movement, must: [...figures, say('alert.sms.freezeShort', { url: args.freezeAt })] },
  ];
  const label = say(alert.type === 'debit' ? 'alert.sms.to' : 'alert.sms.from');
  const roomIn = (frame: (typeof frames)[number]) => singleSmsSeptets - septets([frame.head, `${label} `, ...frame.must].join('; '));
  const parts = alert.counterparty ? gsmText(alert.counterparty).split(', ') : [];
  const wanted = Math.min(septets(parts[0] ?? ''), counterpartyAtLeast);
  const frame = frames.find((candidate) => roomIn(candidate) >= wanted) ?? frames.at(-1)!;
  const write = (optional: string[]) => [frame.head, ...optional, ...frame.must].join('; ');
  const fits = (text: string) => septets(text) <= singleSmsSeptets;

  const chosen: string[] = [];
  if (parts.length > 0) {
    const room = roomIn(frame);
    // "NAME, account, bank": the bank goes first, then the account, then the name is clipped;
    // a name cut to fewer than 5 characters says nothing (the reference finds the transaction).
    let name = parts.join(', ');
    while (parts.length > 1 && septets(name) > room) name = (parts.pop(), parts.join(', '));
    if (septets(name) <= room) chosen.push(`${label} ${name}`);
    else if (room >= 7) chosen.push(`${label} ${clipSeptets(name, room - 2).trimEnd()}..`);
  }
  const extras = [
    ...(alert.charges ? [`${say('alert.sms.charges')} ${naira(alert.charges)}`] : []),
    `${say('alert.sms.account')} ${alert.account}`,
    alert.time,
    `${say('alert.sms.narration')} ${gsmText(alert.narration)}`,
  ];
  for (const extra of extras) if (fits(write([...chosen, extra]))) chosen.push(extra);
  const text = write(chosen);
  // Only a bank name or an address far longer than any real one gets here: cut whole characters.
  return fits(text) ? text : clipSeptets(text, singleSmsSeptets);
}

/** What a counterparty's name is given before the alert's frame is made more compact to fit it. */
export const counterpartyAtLeast = 20;

/** Hausa's hooked letters and typographic marks, as the GSM alphabet can write them. */
const gsmLookalikes: Record<string, string> = { ƙ: 'k', Ƙ: 'K', ɗ: 'd', Ɗ: 'D', ɓ: 'b', Ɓ: 'B', ƴ: 'y', Ƴ: 'Y', '‘': "'", '’': "'", '“': '"', '”': '"', '–': '-', '—': '-', '…': '...', '₦': 'NGN', '|': '/' };

/** `text` in the GSM 03.38 alphabet: a letter it has stays, a marked letter loses its marks, anything else becomes its look-alike or '?'. */
export function gsmText(text: string): string {
  let written = '';
  for (const character of text.normalize('NFC')) {
    if (gsmSeptets(character) !== null && character !== '|') written += character;
    else if (gsmLookalikes[character] !== undefined) written += gsmLookalikes[character];
    else {
      // A mark NFC could not join to its letter (Yoruba's dot and tone together) is dropped.
      const bare = character.normalize('NFD').replace(/\p{M}/gu, '');
      written += bare === '' ? '' : gsmSeptets(bare) !== null ? bare : '?';
    }
  }
  return written;
}

/** A transfer to another bank still pending after 24 hours (escalated once). */
export function pendingTransferEscalatedEmail(args: { bankName: string; to: string; firstName: string; reference: string; amount: string; recipient: string; bank: string; language?: Locale }): MailMessage {
  const say = sayerFor(args.language);
  const lines = [
    say('email.hello', { name: args.firstName }),
    say('email.escalated.what', { amount: args.amount, recipient: args.recipient, bank: args.bank, reference: args.reference }),
    say('email.escalated.team'),
    say('email.escalated.outcome'),
    say('email.escalated.follow'),
  ];
  return {
    to: args.to,
    subject: say('email.escalated.subject', { bank: args.bankName, reference: args.reference }),
    text: lines.join('\n\n') + '\n',
    html: layout(args.bankName, lines),
  };
}

/** A payment towards one of the customer's payment requests arrived; the credit alert goes as well. */
export function paymentRequestPaidEmail(args: { bankName: string; to: string; firstName: string; reference: string; note: string; amount: string; payer: string | null; paidSoFar: string; requested: string | null; fully: boolean; at: string; language?: Locale }): MailMessage {
  const say = sayerFor(args.language);
  const request = args.note ? `${args.reference} (${args.note})` : args.reference;
  const arrived = args.fully ? (args.payer ? 'requests.email.paidFrom' : 'requests.email.paid') : args.payer ? 'requests.email.partlyFrom' : 'requests.email.partly';
  const lines = [
    say('email.hello', { name: args.firstName }),
    say(arrived, { request, amount: args.amount, payer: args.payer ?? '', at: args.at }),
    args.requested
      ? say(args.fully ? 'requests.email.askedAll' : 'requests.email.askedSoFar', { requested: args.requested, paid: args.paidSoFar })
      : say('requests.email.anyAll', { paid: args.paidSoFar }),
    say('requests.email.inAccount'),
  ];
  return {
    to: args.to,
    // Plain characters in the subject (NGN for ₦), as the transaction alerts do: every mail client shows them alike.
    subject: say(args.fully ? 'requests.email.subjectPaid' : 'requests.email.subjectPartly', { reference: args.reference, amount: args.amount.replace('₦', 'NGN') }),
    text: lines.join('\n\n') + '\n',
    html: layout(args.bankName, lines),
  };
}

/** A date of a scheduled transfer was missed: refused twice for funds or a limit, or refused outright. */
export function scheduledTransferMissedEmail(args: { bankName: string; to: string; firstName: string; amount: string; recipient: string; date: string; reason: string; paused: boolean; next: string | null; misses: number; language?: Locale }): MailMessage {
  const say = sayerFor(args.language);
  const lines = [
    say('email.hello', { name: args.firstName }),
    say('requests.missed.notMade', { amount: args.amount, recipient: args.recipient, date: args.date, reason: args.reason }),
    args.paused ? say('requests.missed.paused', { misses: args.misses }) : args.next ? say('requests.missed.next', { date: args.next }) : say('requests.missed.noMore'),
    say('requests.missed.where'),
  ];
  return {
    to: args.to,
    subject: args.paused ? say('requests.missed.subjectPaused', { recipient: args.recipient }) : say('requests.missed.subject', { amount: args.amount }),
    text: lines.join('\n\n') + '\n',
    html: layout(args.bankName, lines),
  };
}
