/**
 * Account statements: a CSV table for spreadsheets and a paginated PDF for people. Pure
 * functions of their input; the caller loads the transactions and picks the filename.
 */
import { kobo } from '../../../lib/money.ts';
import { categoryLabels, statusLabels, type TransactionJson } from '../../../lib/transaction.ts';
import { categoryName, statusName, type Say } from '../../../lib/receipt.ts';
import { formatLagosDate, formatLagosDateTime } from '../../../lib/lagos-time.ts';
import type { Locale } from '../../../i18n/locales.ts';
import { t } from '../../../i18n/translate.ts';
import { calendarDateShort, lagosDateShort, lagosDateTimeIso, lagosDateTimeLong, lagosTime } from './dates.ts';
import { formatAmount, formatNgn, PAGE_WIDTH, writePdf, type PdfOp, type PdfPage } from './pdf.ts';
import { textWidth, truncateToWidth, type PdfFont } from './pdf-text.ts';

export type StatementInput = {
  bankName: string;
  customerName: string;
  accountNumber: string;
  /** YYYY-MM-DD, inclusive. */
  from: string;
  /** YYYY-MM-DD, inclusive. */
  to: string;
  /** ISO 8601 with offset. */
  generatedAt: string;
  /** Kobo. */
  openingBalance: number;
  /** Kobo. */
  closingBalance: number;
  /** Oldest first. */
  transactions: TransactionJson[];
  /** The PDF's language (the customer's); English when not given. The CSV stays English, for spreadsheets. */
  locale?: Locale;
};

export type StatementTotals = { moneyIn: number; moneyOut: number; count: number };

/** Narration, plus `to/from NAME (BANK)` when there is a counterparty (in the reader's language with `say`). */
export function describeTransaction(transaction: TransactionJson, say?: Say): string {
  const narration = transaction.narration.trim();
  const party = transaction.counterparty;
  if (!party) return narration || (say ? categoryName(transaction.category, say) : categoryLabels[transaction.category]);
  const bank = party.bank_name.trim() ? ` (${party.bank_name.trim()})` : '';
  const who = (say ?? english)(transaction.type === 'debit' ? 'history.pdf.to' : 'history.pdf.from', { name: `${party.name.trim()}${bank}` });
  return narration ? `${narration} · ${who}` : who.charAt(0).toUpperCase() + who.slice(1);
}

const english: Say = (key, params) => t('en', key, params);

/**
 * Money in = credited principals; money out = debited principals plus every fee. Failed
 * transactions moved no money and are left out (they are still listed); pending and reversed
 * ones did post (a reversal is its own credit), so they count.
 */
export function statementTotals(transactions: readonly TransactionJson[]): StatementTotals {
  let moneyIn = 0;
  let moneyOut = 0;
  let count = 0;
  for (const transaction of transactions) {
    kobo(transaction.amount);
    kobo(transaction.fee);
    count += 1;
    if (transaction.status === 'failed') continue;
    if (transaction.type === 'credit') moneyIn += transaction.amount;
    else moneyOut += transaction.amount;
    moneyOut += transaction.fee;
  }
  return { moneyIn, moneyOut, count };
}

// ---------------------------------------------------------------------------------------------
// CSV

export const statementCsvHeader = ['Date', 'Reference', 'Description', 'Category', 'Status', 'Debit', 'Credit', 'Fee', 'Balance'] as const;

/** Kobo → `1234.56` (no grouping, `-` for negatives): a number every spreadsheet parses. */
export function csvAmount(amount: number): string {
  const value = kobo(amount);
  const absolute = Math.abs(value);
  return (value < 0 ? '-' : '') + String(Math.trunc(absolute / 100)) + '.' + String(absolute % 100).padStart(2, '0');
}

/**
 * A text cell: neutralised against formula injection (a leading `'` before = + - @ tab CR),
 * then quoted per RFC 4180 when it holds a comma, quote, CR or LF.
 */
export function csvTextCell(value: string): string {
  const safe = /^[=+\-@\t\r]/.test(value) ? `'${value}` : value;
  return /[",\r\n]/.test(safe) ? `"${safe.replace(/"/g, '""')}"` : safe;
}

/**
 * RFC 4180 CSV (CRLF after every record, header first) preceded by a UTF-8 byte order mark so
 * Excel reads the text as UTF-8. Debit/Credit hold the principal, Fee the charges, Balance the
 * balance after posting; amounts in naira with two decimals.
 */
export function statementCsv(input: StatementInput): string {
  const records = [statementCsvHeader.join(',')];
  for (const transaction of input.transactions) {
    records.push(
      [
        lagosDateTimeIso(transaction.created_at),
        csvTextCell(transaction.reference),
        csvTextCell(describeTransaction(transaction)),
        csvTextCell(categoryLabels[transaction.category]),
        csvTextCell(statusLabels[transaction.status]),
        transaction.type === 'debit' ? csvAmount(transaction.amount) : '',
        transaction.type === 'credit' ? csvAmount(transaction.amount) : '',
        csvAmount(transaction.fee),
        csvAmount(transaction.balance_after),
      ].join(','),
    );
  }
  return '\uFEFF' + records.map((record) => record + '\r\n').join('');
}

// ---------------------------------------------------------------------------------------------
// PDF layout

const LEFT = 40;
const RIGHT = PAGE_WIDTH - 40;
const DATE_X = LEFT;
const DESCRIPTION_X = 104;
const DEBIT_RIGHT = 405;
const CREDIT_RIGHT = 480;
const BALANCE_RIGHT = RIGHT;
const DESCRIPTION_WIDTH = DEBIT_RIGHT - 72 - DESCRIPTION_X;
const ROW_HEIGHT = 24;
const TABLE_BOTTOM = 792;
const FIRST_PAGE_TABLE_TOP = 208;
const OTHER_PAGE_TABLE_TOP = 72;
const TABLE_HEADER_HEIGHT = 18;
const MUTED = 0.45;

/** The words and dates of one statement PDF, in its reader's language. */
type Speech = { say: Say; day: (date: string) => string; instantDay: (iso: string) => string; time: (iso: string) => string; generated: (iso: string) => string };

function speechFor(locale: Locale): Speech {
  const say: Say = (key, params) => t(locale, key, params);
  if (locale === 'en') return { say, day: calendarDateShort, instantDay: lagosDateShort, time: lagosTime, generated: lagosDateTimeLong };
  return {
    say,
    day: (date) => {
      calendarDateShort(date);
      return formatLagosDate(date, locale);
    },
    instantDay: (iso) => formatLagosDate(iso, locale),
    time: lagosTime,
    generated: (iso) => `${formatLagosDateTime(iso, locale)} WAT`,
  };
}

type Row =
  | { kind: 'balance'; date: string; label: string; balance: number }
  | { kind: 'message'; text: string }
  | { kind: 'transaction'; transaction: TransactionJson };

function text(x: number, y: number, value: string, size: number, options: { font?: PdfFont; align?: 'left' | 'right'; grey?: number } = {}): PdfOp {
  return { op: 'text', x, y, text: value, size, ...options };
}

/** The largest size ≤ size (down to 6 pt) at which the text fits in maxWidth. */
function fittingSize(value: string, font: PdfFont, size: number, maxWidth: number): number {
  let fitted = size;
  while (fitted > 6 && textWidth(value, font, fitted) > maxWidth) fitted -= 0.5;
  return fitted;
}

function tableHeader(top: number, { say }: Speech): PdfOp[] {
  const baseline = top + 12;
  return [
    { op: 'rect', x: LEFT, y: top, width: RIGHT - LEFT, height: TABLE_HEADER_HEIGHT, grey: 0.88 },
    text(DATE_X + 4, baseline, say('history.pdf.date'), 8, { font: 'bold' }),
    text(DESCRIPTION_X, baseline, say('history.pdf.description'), 8, { font: 'bold' }),
    text(DEBIT_RIGHT, baseline, say('history.pdf.debit'), 8, { font: 'bold', align: 'right' }),
    text(CREDIT_RIGHT, baseline, say('history.pdf.credit'), 8, { font: 'bold', align: 'right' }),
    text(BALANCE_RIGHT - 4, baseline, say('history.pdf.balance'), 8, { font: 'bold', align: 'right' }),
  ];
}

function drawRow(row: Row, top: number, speech: Speech): PdfOp[] {
  const { say } = speech;
  const first = top + 10;
  const second = top + 20;
  const ops: PdfOp[] = [{ op: 'line', x1: LEFT, x2: RIGHT, y: top + ROW_HEIGHT, width: 0.3, grey: 0.82 }];
  if (row.kind === 'message') {
    ops.push(text(DESCRIPTION_X, first + 4, row.text, 9, { grey: 0.25 }));
    return ops;
  }
  if (row.kind === 'balance') {
    ops.push(text(DATE_X + 4, first, row.date, 8));
    ops.push(text(DESCRIPTION_X, first, row.label, 8, { font: 'bold' }));
    ops.push(text(BALANCE_RIGHT - 4, first, formatAmount(row.balance), 8, { font: 'bold', align: 'right' }));
    return ops;
  }
  const transaction = row.transaction;
  const failed = transaction.status === 'failed';
  const grey = failed ? MUTED : 0;
  const details = [transaction.reference, categoryName(transaction.category, say), statusName(transaction.status, say)];
  if (transaction.fee > 0) details.push(say(transaction.type === 'debit' ? 'history.pdf.inclFee' : 'history.pdf.fee', { fee: formatAmount(transaction.fee) }));
  if (failed) details.push(say('history.pdf.notPosted'));
  const out = transaction.type === 'debit' ? transaction.amount + transaction.fee : transaction.fee;
  ops.push(text(DATE_X + 4, first, speech.instantDay(transaction.created_at), 8, { grey }));
  ops.push(text(DATE_X + 4, second, speech.time(transaction.created_at), 7, { grey: 0.45 }));
  ops.push(text(DESCRIPTION_X, first, truncateToWidth(describeTransaction(transaction, say), 'regular', 8, DESCRIPTION_WIDTH), 8, { grey }));
  ops.push(text(DESCRIPTION_X, second, truncateToWidth(details.join(' · '), 'regular', 7, DESCRIPTION_WIDTH), 7, { grey: 0.45 }));
  if (out > 0) ops.push(text(DEBIT_RIGHT, first, formatAmount(out), 8, { align: 'right', grey }));
  if (transaction.type === 'credit') ops.push(text(CREDIT_RIGHT, first, formatAmount(transaction.amount), 8, { align: 'right', grey }));
  ops.push(text(BALANCE_RIGHT - 4, first, formatAmount(transaction.balance_after), 8, { align: 'right', grey }));
  return ops;
}

function firstPageHeader(input: StatementInput, period: string, totals: StatementTotals, hasFailed: boolean, speech: Speech): PdfOp[] {
  const { say } = speech;
  const ops: PdfOp[] = [
    text(LEFT, 56, truncateToWidth(input.bankName, 'bold', 18, 300), 18, { font: 'bold' }),
    text(RIGHT, 56, say('history.pdf.title'), 13, { font: 'bold', align: 'right' }),
    text(RIGHT, 72, say('history.pdf.generated', { date: speech.generated(input.generatedAt) }), 8, { align: 'right', grey: 0.35 }),
    { op: 'line', x1: LEFT, x2: RIGHT, y: 84, width: 0.8 },
  ];
  const facts: Array<[number, string, string, number]> = [
    [LEFT, say('history.pdf.customer'), input.customerName, 190],
    [240, say('history.pdf.accountNumber'), input.accountNumber, 150],
    [400, say('history.pdf.period'), period, RIGHT - 400],
  ];
  for (const [x, label, value, width] of facts) {
    ops.push(text(x, 104, label, 7.5, { grey: 0.4 }));
    // Longer month names (Yorùbá "Oṣù Bélú") shrink the value a little before it is shortened.
    const size = Math.max(fittingSize(value, 'bold', 10, width), 8);
    ops.push(text(x, 118, truncateToWidth(value, 'bold', size, width), size, { font: 'bold' }));
  }
  const summary: Array<[string, string]> = [
    [say('history.pdf.opening'), formatNgn(input.openingBalance)],
    [say('history.pdf.moneyIn'), formatNgn(totals.moneyIn)],
    [say('history.pdf.moneyOut'), formatNgn(totals.moneyOut)],
    [say('history.pdf.closing'), formatNgn(input.closingBalance)],
    [say('history.pdf.transactions'), String(totals.count)],
  ];
  const cell = (RIGHT - LEFT) / summary.length;
  ops.push({ op: 'rect', x: LEFT, y: 134, width: RIGHT - LEFT, height: 44, grey: 0.94 });
  summary.forEach(([label, value], index) => {
    const x = LEFT + 8 + index * cell;
    ops.push(text(x, 151, truncateToWidth(label, 'regular', 7.5, cell - 12), 7.5, { grey: 0.4 }));
    ops.push(text(x, 168, value, fittingSize(value, 'bold', 10, cell - 12), { font: 'bold' }));
  });
  if (hasFailed) {
    ops.push(text(LEFT, 194, truncateToWidth(say('history.pdf.failedNote'), 'regular', 7, RIGHT - LEFT), 7, { grey: 0.4 }));
  }
  return ops;
}

function laterPageHeader(input: StatementInput, period: string, { say }: Speech): PdfOp[] {
  return [
    text(LEFT, 48, truncateToWidth(input.bankName, 'bold', 11, 220), 11, { font: 'bold' }),
    text(RIGHT, 48, truncateToWidth(`${say('history.pdf.title')} · ${input.accountNumber} · ${period}`, 'regular', 8, 280), 8, { align: 'right', grey: 0.35 }),
    { op: 'line', x1: LEFT, x2: RIGHT, y: 58, width: 0.5 },
  ];
}

function footer(input: StatementInput, period: string, pageNumber: number, pageCount: number, { say }: Speech): PdfOp[] {
  return [
    { op: 'line', x1: LEFT, x2: RIGHT, y: 802, width: 0.3, grey: 0.6 },
    text(LEFT, 815, truncateToWidth(`${input.bankName} · ${input.customerName} · ${input.accountNumber} · ${period}`, 'regular', 7.5, 400), 7.5, { grey: 0.4 }),
    text(RIGHT, 815, say('history.pdf.page', { page: pageNumber, pages: pageCount }), 7.5, { align: 'right', grey: 0.2 }),
  ];
}

/** Splits the rows over pages: fewer fit on the first page, below the header and summary. */
function paginate(rows: readonly Row[]): Row[][] {
  const firstCapacity = Math.floor((TABLE_BOTTOM - FIRST_PAGE_TABLE_TOP - TABLE_HEADER_HEIGHT) / ROW_HEIGHT);
  const otherCapacity = Math.floor((TABLE_BOTTOM - OTHER_PAGE_TABLE_TOP - TABLE_HEADER_HEIGHT) / ROW_HEIGHT);
  const pages: Row[][] = [rows.slice(0, firstCapacity)];
  for (let start = firstCapacity; start < rows.length; start += otherCapacity) pages.push(rows.slice(start, start + otherCapacity));
  return pages;
}

/** The statement as an A4 PDF: header and summary on page 1, then the table over as many pages as it needs. */
export function statementPdf(input: StatementInput): Buffer {
  kobo(input.openingBalance);
  kobo(input.closingBalance);
  const speech = speechFor(input.locale ?? 'en');
  const { say } = speech;
  const period = say('history.pdf.periodValue', { from: speech.day(input.from), to: speech.day(input.to) });
  const totals = statementTotals(input.transactions);
  const rows: Row[] = [{ kind: 'balance', date: speech.day(input.from), label: say('history.pdf.opening'), balance: input.openingBalance }];
  if (input.transactions.length === 0) rows.push({ kind: 'message', text: say('history.pdf.none') });
  for (const transaction of input.transactions) rows.push({ kind: 'transaction', transaction });
  rows.push({ kind: 'balance', date: speech.day(input.to), label: say('history.pdf.closing'), balance: input.closingBalance });

  const pageRows = paginate(rows);
  const hasFailed = input.transactions.some((transaction) => transaction.status === 'failed');
  const pages: PdfPage[] = pageRows.map((rowsOnPage, index) => {
    const isFirst = index === 0;
    const tableTop = isFirst ? FIRST_PAGE_TABLE_TOP : OTHER_PAGE_TABLE_TOP;
    const ops: PdfOp[] = isFirst ? firstPageHeader(input, period, totals, hasFailed, speech) : laterPageHeader(input, period, speech);
    ops.push(...tableHeader(tableTop, speech));
    rowsOnPage.forEach((row, rowIndex) => ops.push(...drawRow(row, tableTop + TABLE_HEADER_HEIGHT + rowIndex * ROW_HEIGHT, speech)));
    ops.push(...footer(input, period, index + 1, pageRows.length, speech));
    return ops;
  });
  return writePdf(pages, {
    title: say('history.pdf.docTitle', { number: input.accountNumber, period }),
    author: input.bankName,
    subject: say('history.pdf.subject', { name: input.customerName }),
    creator: input.bankName,
    creationDate: input.generatedAt,
  });
}
