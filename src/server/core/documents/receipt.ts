/** A one-page PDF receipt for a single transaction. Pure function of its input. */
import { kobo } from '../../../lib/money.ts';
import { categoryLabels, statusLabels, type TransactionJson } from '../../../lib/transaction.ts';
import { lagosDateTimeLong } from './dates.ts';
import { detailText, groupToken, purchaseDetailLabels } from '../../../lib/receipt.ts';
import { formatNgn, PAGE_WIDTH, truncateToWidth, wrapText, writePdf, type PdfOp } from './pdf.ts';

export type ReceiptInput = {
  bankName: string;
  transaction: TransactionJson;
  /** The customer's own account. */
  accountNumber: string;
  accountName: string;
};

const LEFT = 40;
const RIGHT = PAGE_WIDTH - 40;
const VALUE_X = 200;
const VALUE_WIDTH = RIGHT - VALUE_X;
const LINE_HEIGHT = 13;
const CONTENT_BOTTOM = 770;

/** `12345678901234567890` → `1234 5678 9012 3456 7890` (one rule for the page and the PDF). */
export const formatToken = groupToken;
const purchaseFields = purchaseDetailLabels;

function detailKobo(details: Record<string, unknown>, key: string): number | undefined {
  const value = details[key];
  return typeof value === 'number' && Number.isSafeInteger(value) && value >= 0 ? value : undefined;
}

type Line = [label: string, value: string, emphasis?: boolean];
type Section = { title: string; lines: Line[] };

function sections(input: ReceiptInput): Section[] {
  const { transaction } = input;
  const details = transaction.details ?? {};
  const debit = transaction.type === 'debit';
  const failed = transaction.status === 'failed';
  const result: Section[] = [];

  const about: Line[] = [
    ['Reference', transaction.reference],
    ['Date', lagosDateTimeLong(transaction.created_at)],
    ['Type', `${categoryLabels[transaction.category]} (${debit ? 'debit' : 'credit'})`],
    ['Status', statusLabels[transaction.status]],
  ];
  if (transaction.narration.trim()) about.push(['Narration', transaction.narration.trim()]);
  const sessionId = detailText(details, 'session_id');
  if (sessionId) about.push(['Session ID', sessionId]);
  const reversalOf = detailText(details, 'reversal_of');
  if (reversalOf) about.push(['Reversal of', reversalOf]);
  const reversedBy = detailText(details, 'reversed_by');
  if (reversedBy) about.push(['Reversed by', reversedBy]);
  result.push({ title: 'Transaction', lines: about });

  const money: Line[] = [['Amount', formatNgn(transaction.amount)]];
  const transferFee = detailKobo(details, 'transfer_fee');
  const stampDuty = detailKobo(details, 'stamp_duty');
  if (transferFee !== undefined) money.push(['Transfer fee', formatNgn(transferFee)]);
  if (stampDuty !== undefined) money.push(['Stamp duty', formatNgn(stampDuty)]);
  const itemised = (transferFee ?? 0) + (stampDuty ?? 0);
  if (transaction.fee > itemised) money.push([itemised > 0 ? 'Other charges' : 'Charges', formatNgn(transaction.fee - itemised)]);
  if (debit) money.push([failed ? 'Total (not debited)' : 'Total debited', formatNgn(transaction.amount + transaction.fee), true]);
  else money.push([failed ? 'Total (not credited)' : 'Total credited', formatNgn(transaction.amount), true]);
  result.push({ title: 'Amount and charges', lines: money });

  const own: Line[] = [
    ['Account name', input.accountName],
    ['Account number', input.accountNumber],
    ['Bank', input.bankName],
  ];
  const party = transaction.counterparty;
  if (party) {
    const theirs: Line[] = [
      ['Account name', party.name],
      ['Account number', party.account_number],
      ['Bank', party.bank_name],
    ];
    result.push({ title: 'Sender', lines: debit ? own : theirs });
    result.push({ title: 'Recipient', lines: debit ? theirs : own });
  } else {
    result.push({ title: debit ? 'Paid from' : 'Credited to', lines: own });
  }

  const purchase: Line[] = [];
  for (const [key, label] of purchaseFields) {
    const value = detailText(details, key);
    if (value) purchase.push([label, key === 'token' ? formatToken(value) : value, key === 'token']);
  }
  if (purchase.length > 0) result.push({ title: 'Purchase details', lines: purchase });

  return result;
}

function statusNote(transaction: TransactionJson): string | undefined {
  const debit = transaction.type === 'debit';
  switch (transaction.status) {
    case 'failed':
      return `This transaction failed. Your account was not ${debit ? 'debited' : 'credited'}.`;
    case 'reversed':
      return debit ? 'This transaction was reversed: the amount was returned to your account.' : 'This transaction was reversed.';
    case 'pending':
      return 'This transaction is pending. Its final status will be confirmed shortly.';
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
  const ops: PdfOp[] = [
    { op: 'text', x: LEFT, y: 56, text: truncateToWidth(input.bankName, 'bold', 18, 300), size: 18, font: 'bold' },
    { op: 'text', x: RIGHT, y: 56, text: 'Transaction receipt', size: 13, font: 'bold', align: 'right' },
    { op: 'line', x1: LEFT, x2: RIGHT, y: 72, width: 0.8 },
    { op: 'text', x: LEFT, y: 112, text: formatNgn(transaction.amount), size: 24, font: 'bold' },
    {
      op: 'text',
      x: LEFT,
      y: 132,
      text: `${categoryLabels[transaction.category]} · ${debit ? 'Money out' : 'Money in'} · ${statusLabels[transaction.status]}`,
      size: 10,
      grey: 0.3,
    },
  ];
  let y = 150;
  const note = statusNote(transaction);
  if (note) {
    ops.push({ op: 'rect', x: LEFT, y, width: RIGHT - LEFT, height: 20, grey: 0.92 });
    ops.push({ op: 'text', x: LEFT + 8, y: y + 13.5, text: truncateToWidth(note, 'bold', 9, RIGHT - LEFT - 16), size: 9, font: 'bold' });
    y += 28;
  }

  y += 6;
  for (const section of sections(input)) {
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
    `This receipt was generated by ${input.bankName} from its records of the transaction. For enquiries, quote the reference ${transaction.reference}.`,
    'regular',
    8,
    RIGHT - LEFT,
  ).slice(0, 2);
  ops.push({ op: 'line', x1: LEFT, x2: RIGHT, y: 790, width: 0.3, grey: 0.6 });
  footerLines.forEach((line, index) => ops.push({ op: 'text', x: LEFT, y: 804 + index * 11, text: line, size: 8, grey: 0.4 }));

  return writePdf([ops], {
    title: `Receipt ${transaction.reference}`,
    author: input.bankName,
    creator: input.bankName,
    creationDate: transaction.created_at,
  });
}
