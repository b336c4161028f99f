/** A one-page PDF receipt for a single transaction. Pure function of its input. */
import { kobo } from '../../../lib/money.ts';
import type { TransactionJson } from '../../../lib/transaction.ts';
import { lagosDateTimeLong } from './dates.ts';
import { categoryName, detailText, groupToken, purchaseDetailKeys, statusName, type Say } from '../../../lib/receipt.ts';
import { formatLagosDateTime } from '../../../lib/lagos-time.ts';
import type { Locale } from '../../../i18n/locales.ts';
import { t } from '../../../i18n/translate.ts';
import { formatNgn, PAGE_WIDTH, writePdf, type PdfOp } from './pdf.ts';
import { truncateToWidth, wrapText } from './pdf-text.ts';

export type ReceiptInput = {
  bankName: string;
  transaction: TransactionJson;
  /** The customer's own account. */
  accountNumber: string;
  accountName: string;
  /** The reader's language (the customer's); English when not given. */
  locale?: Locale;
};

const LEFT = 40;
const RIGHT = PAGE_WIDTH - 40;
const VALUE_X = 200;
const VALUE_WIDTH = RIGHT - VALUE_X;
const LINE_HEIGHT = 13;
const CONTENT_BOTTOM = 770;

/** `12345678901234567890` → `1234 5678 9012 3456 7890` (one rule for the page and the PDF). */
export const formatToken = groupToken;
const purchaseFields = purchaseDetailKeys;

function detailKobo(details: Record<string, unknown>, key: string): number | undefined {
  const value = details[key];
  return typeof value === 'number' && Number.isSafeInteger(value) && value >= 0 ? value : undefined;
}

type Line = [label: string, value: string, emphasis?: boolean];
type Section = { title: string; lines: Line[] };

function sections(input: ReceiptInput, say: Say): Section[] {
  const { transaction } = input;
  const locale = input.locale ?? 'en';
  const details = transaction.details ?? {};
  const debit = transaction.type === 'debit';
  const failed = transaction.status === 'failed';
  const result: Section[] = [];

  const about: Line[] = [
    [say('money.r.reference'), transaction.reference],
    [say('money.r.date'), locale === 'en' ? lagosDateTimeLong(transaction.created_at) : `${formatLagosDateTime(transaction.created_at, locale)} WAT`],
    [say('money.r.type'), say('money.r.typeValue', { category: categoryName(transaction.category, say), direction: say(debit ? 'money.r.debit' : 'money.r.credit') })],
    [say('money.r.status'), statusName(transaction.status, say)],
  ];
  if (transaction.narration.trim()) about.push([say('money.r.narration'), transaction.narration.trim()]);
  const sessionId = detailText(details, 'session_id');
  if (sessionId) about.push([say('money.r.sessionId'), sessionId]);
  const reversalOf = detailText(details, 'reversal_of');
  if (reversalOf) about.push([say('money.r.reversalOf'), reversalOf]);
  const reversedBy = detailText(details, 'reversed_by');
  if (reversedBy) about.push([say('money.r.reversedBy'), reversedBy]);
  result.push({ title: say('money.r.transaction'), lines: about });

  const money: Line[] = [[say('money.r.amount'), formatNgn(transaction.amount)]];
  const transferFee = detailKobo(details, 'transfer_fee');
  const stampDuty = detailKobo(details, 'stamp_duty');
  if (transferFee !== undefined) money.push([say('money.r.transferFee'), formatNgn(transferFee)]);
  if (stampDuty !== undefined) money.push([say('money.r.stampDuty'), formatNgn(stampDuty)]);
  const itemised = (transferFee ?? 0) + (stampDuty ?? 0);
  if (transaction.fee > itemised) money.push([say(itemised > 0 ? 'money.r.otherCharges' : 'money.r.charges'), formatNgn(transaction.fee - itemised)]);
  if (debit) money.push([say(failed ? 'money.r.totalNotDebited' : 'money.r.totalDebited'), formatNgn(transaction.amount + transaction.fee), true]);
  else money.push([say(failed ? 'money.r.totalNotCredited' : 'money.r.totalCredited'), formatNgn(transaction.amount), true]);
  result.push({ title: say('money.r.amountCharges'), lines: money });

  const own: Line[] = [
    [say('money.r.accountName'), input.accountName],
    [say('money.r.accountNumber'), input.accountNumber],
    [say('money.r.bank'), input.bankName],
  ];
  const party = transaction.counterparty;
  if (party) {
    const theirs: Line[] = [
      [say('money.r.accountName'), party.name],
      [say('money.r.accountNumber'), party.account_number],
      [say('money.r.bank'), party.bank_name],
    ];
    result.push({ title: say('money.r.sender'), lines: debit ? own : theirs });
    result.push({ title: say('money.r.recipient'), lines: debit ? theirs : own });
  } else {
    result.push({ title: say(debit ? 'money.r.paidFrom' : 'money.r.creditedTo'), lines: own });
  }

  const purchase: Line[] = [];
  for (const [key, label] of purchaseFields) {
    const value = detailText(details, key);
    if (value) purchase.push([say(label), key === 'token' ? formatToken(value) : value, key === 'token']);
  }
  if (purchase.length > 0) result.push({ title: say('money.r.purchaseDetails'), lines: purchase });

  return result;
}

function statusNote(transaction: TransactionJson, say: Say): string | undefined {
  const debit = transaction.type === 'debit';
  switch (transaction.status) {
    case 'failed':
      return say(debit ? 'money.x.failedDebit' : 'money.x.failedCredit');
    case 'reversed':
      return say(debit ? 'money.pdf.reversedDebit' : 'money.pdf.reversed');
    case 'pending':
      return say('money.pdf.pending');
    default:
      return undefined;
  }
}

/** One A4 page: reference, date, status, amount and charges, both parties, narration, purchase specifics. */
export function receiptPdf(input: ReceiptInput): Buffer {
  const { transaction } = input;
  kobo(transaction.amount);
  kobo(transaction.fee);
  const debit = transaction.type === 'debit';
  const locale = input.locale ?? 'en';
  const say: Say = (key, params) => t(locale, key, params);
  const ops: PdfOp[] = [
    { op: 'text', x: LEFT, y: 56, text: truncateToWidth(input.bankName, 'bold', 18, 300), size: 18, font: 'bold' },
    { op: 'text', x: RIGHT, y: 56, text: say('money.pdf.heading'), size: 13, font: 'bold', align: 'right' },
    { op: 'line', x1: LEFT, x2: RIGHT, y: 72, width: 0.8 },
    { op: 'text', x: LEFT, y: 112, text: formatNgn(transaction.amount), size: 24, font: 'bold' },
    {
      op: 'text',
      x: LEFT,
      y: 132,
      text: `${categoryName(transaction.category, say)} · ${say(debit ? 'money.r.moneyOut' : 'money.r.moneyIn')} · ${statusName(transaction.status, say)}`,
      size: 10,
      grey: 0.3,
    },
  ];
  let y = 150;
  const note = statusNote(transaction, say);
  if (note) {
    ops.push({ op: 'rect', x: LEFT, y, width: RIGHT - LEFT, height: 20, grey: 0.92 });
    ops.push({ op: 'text', x: LEFT + 8, y: y + 13.5, text: truncateToWidth(note, 'bold', 9, RIGHT - LEFT - 16), size: 9, font: 'bold' });
    y += 28;
  }

  y += 6;
  for (const section of sections(input, say)) {
    if (y + 40 > CONTENT_BOTTOM) break;
    ops.push({ op: 'text', x: LEFT, y: y + 10, text: section.title, size: 10, font: 'bold' });
    ops.push({ op: 'line', x1: LEFT, x2: RIGHT, y: y + 15, width: 0.4, grey: 0.6 });
    y += 30;
    for (const [label, value, emphasis] of section.lines) {
      const font = emphasis ? 'bold' : 'regular';
      let lines = wrapText(value, font, 10, VALUE_WIDTH);
      if (lines.length === 0) lines = ['-'];
      const room = Math.max(1, Math.floor((CONTENT_BOTTOM - y) / LINE_HEIGHT));
      if (lines.length > Math.min(room, 6)) {
        const keep = Math.min(room, 6);
        lines = [...lines.slice(0, keep - 1), truncateToWidth(lines.slice(keep - 1).join(' ') + '\u2026', font, 10, VALUE_WIDTH)];
      }
      if (y > CONTENT_BOTTOM) break;
      ops.push({ op: 'text', x: LEFT, y, text: label, size: 9, grey: 0.4 });
      for (const line of lines) {
        ops.push({ op: 'text', x: VALUE_X, y, text: line, size: 10, font });
        y += LINE_HEIGHT;
      }
      y += 4;
    }
    y += 8;
  }

  const footerLines = wrapText(
    say('money.pdf.footer', { bank: input.bankName, reference: transaction.reference }),
    'regular',
    8,
    RIGHT - LEFT,
  ).slice(0, 2);
  ops.push({ op: 'line', x1: LEFT, x2: RIGHT, y: 790, width: 0.3, grey: 0.6 });
  footerLines.forEach((line, index) => ops.push({ op: 'text', x: LEFT, y: 804 + index * 11, text: line, size: 8, grey: 0.4 }));

  return writePdf([ops], {
    title: say('money.pdf.title', { reference: transaction.reference }),
    author: input.bankName,
    creator: input.bankName,
    creationDate: transaction.created_at,
  });
}
