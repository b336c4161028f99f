import { formatNaira, kobo, type Kobo } from './money.ts';
import type { TransactionJson } from './transaction.ts';
import type { MessageParams } from '../i18n/translate.ts';
import type { MessageKey } from '../i18n/messages/en.ts';

/**
 * Says a catalogue message in the reader's language. The caller (a page, a document, an email) makes
 * it from translate.ts; this file takes it as a parameter so that it never loads the catalogues itself.
 */
export type Say = (key: MessageKey, params?: MessageParams) => string;

/**
 * What a receipt says about any transaction (transfers both ways, deposits, reversals,
 * purchases), for the receipt page and every link to it from the transaction history.
 */

const purchaseTitles: Partial<Record<TransactionJson['category'], MessageKey>> = { airtime: 'money.title.airtime', data: 'money.title.data', electricity: 'money.title.electricity', cable: 'money.title.cable' };

/** The page title: "Transfer sent", "Money received", "Airtime bought", "Receipt"… */
export function receiptTitle(transaction: Pick<TransactionJson, 'type' | 'category' | 'status'>, say: Say): string {
  return say(receiptTitleKey(transaction));
}

function receiptTitleKey(transaction: Pick<TransactionJson, 'type' | 'category' | 'status'>): MessageKey {
  const { type, category, status } = transaction;
  if (category === 'reversal') return 'money.title.returned';
  if (type === 'credit') return category === 'transfer' || category === 'deposit' ? 'money.title.received' : 'money.title.receipt';
  if (category === 'transfer') {
    if (status === 'pending') return 'money.title.transferPending';
    if (status === 'held') return 'money.title.transferHeld';
    if (status === 'reversed') return 'money.title.transferReversed';
    if (status === 'failed') return 'money.title.transferFailed';
    return 'money.title.transferSent';
  }
  const bought = purchaseTitles[category];
  if (bought) {
    if (status === 'pending') return 'money.title.purchasePending';
    if (status === 'reversed') return 'money.title.purchaseReversed';
    if (status === 'failed') return 'money.title.purchaseFailed';
    return bought;
  }
  return 'money.title.receipt';
}

/** A transaction's category and status in the reader's language ("Transfer", "Successful"). */
export const categoryKeys: Record<TransactionJson['category'], MessageKey> = {
  transfer: 'money.category.transfer',
  airtime: 'money.category.airtime',
  data: 'money.category.data',
  electricity: 'money.category.electricity',
  cable: 'money.category.cable',
  reversal: 'money.category.reversal',
  fee: 'money.category.fee',
  deposit: 'money.category.deposit',
};
const statusKeys: Record<TransactionJson['status'], MessageKey> = {
  successful: 'money.status.successful',
  pending: 'money.status.pending',
  held: 'money.status.held',
  failed: 'money.status.failed',
  reversed: 'money.status.reversed',
};
export const categoryName = (category: TransactionJson['category'], say: Say): string => say(categoryKeys[category]);
export const statusName = (status: TransactionJson['status'], say: Say): string => say(statusKeys[status]);

/** A kobo amount kept in `details` (transfer_fee, stamp_duty), or undefined when absent or odd. */
export function detailKobo(details: Record<string, unknown>, key: string): Kobo | undefined {
  const value = details[key];
  return typeof value === 'number' && Number.isSafeInteger(value) && value >= 0 ? kobo(value) : undefined;
}

/** A text detail (session_id, phone_number, token…), or undefined when absent or blank. */
export function detailText(details: Record<string, unknown>, key: string): string | undefined {
  const value = details[key];
  if (typeof value === 'string' && value.trim()) return value.trim();
  if (typeof value === 'number' && Number.isFinite(value)) return String(value);
  return undefined;
}

/** Purchase specifics shown on receipts, in this order (as on the PDF), with their labels' keys. */
export const purchaseDetailKeys: ReadonlyArray<readonly [key: string, label: MessageKey]> = [
  ['provider', 'money.p.provider'],
  ['phone_number', 'money.p.phone_number'],
  ['plan', 'money.p.plan'],
  ['meter_number', 'money.p.meter_number'],
  ['meter_type', 'money.p.meter_type'],
  ['smartcard_number', 'money.p.smartcard_number'],
  ['customer_name', 'money.p.customer_name'],
  ['address', 'money.p.address'],
  ['package', 'money.p.package'],
  ['token', 'money.p.token'],
  ['units', 'money.p.units'],
  ['receipt_number', 'money.p.receipt_number'],
];

/** `12345678901234567890` → `1234 5678 9012 3456 7890`, as electricity tokens are read out. */
export function groupToken(token: string): string {
  return token.replace(/[\s-]+/g, '').match(/.{1,4}/g)?.join(' ') ?? '';
}

/** The charges on a receipt, itemised where the transaction says how, and what left or reached the account. */
export function receiptMoney(transaction: Pick<TransactionJson, 'type' | 'amount' | 'fee' | 'details'>, say: Say): {
  lines: { label: string; amount: Kobo; key: string }[];
  totalLabel: string;
  total: Kobo;
} {
  const details = transaction.details ?? {};
  const lines: { label: string; amount: Kobo; key: string }[] = [];
  const transferFee = detailKobo(details, 'transfer_fee');
  const stampDuty = detailKobo(details, 'stamp_duty');
  if (transferFee !== undefined) lines.push({ label: say('money.r.transferFee'), amount: transferFee, key: 'transfer-fee' });
  if (stampDuty !== undefined) lines.push({ label: say('money.r.stampDuty'), amount: stampDuty, key: 'stamp-duty' });
  const itemised = (transferFee ?? 0) + (stampDuty ?? 0);
  if (transaction.fee > itemised) lines.push({ label: say(itemised > 0 ? 'money.r.otherCharges' : 'money.r.charges'), amount: kobo(transaction.fee - itemised), key: 'other-charges' });
  const debit = transaction.type === 'debit';
  return {
    lines,
    totalLabel: say(debit ? 'money.r.totalDebited' : 'money.r.totalCredited'),
    total: debit ? kobo(transaction.amount + transaction.fee) : transaction.amount,
  };
}

/** One sentence under the status that says what happened to the money. */
function providerOf(transaction: Pick<TransactionJson, 'details'>, say: Say): string {
  return detailText(transaction.details ?? {}, 'provider') ?? say('money.r.theProvider');
}

export function statusExplanation(transaction: Pick<TransactionJson, 'type' | 'category' | 'status' | 'amount' | 'fee' | 'details'>, say: Say): string | null {
  const debit = transaction.type === 'debit';
  switch (transaction.status) {
    case 'pending':
      if (debit && transaction.category === 'transfer') return say('money.x.pendingTransfer');
      if (debit && purchaseTitles[transaction.category]) return say('money.x.pendingPurchase', { provider: providerOf(transaction, say) });
      return say('money.x.pending');
    case 'held':
      return say('money.x.heldTransfer');
    case 'reversed': {
      if (!debit) return say('money.x.reversedCredit');
      const reason = detailText(transaction.details ?? {}, 'failure_reason');
      const because = reason ? ` (${reason.charAt(0).toLowerCase()}${reason.slice(1)})` : '';
      const total = formatNaira(transaction.amount + transaction.fee);
      if (purchaseTitles[transaction.category]) return say('money.x.reversedPurchase', { provider: providerOf(transaction, say), because, total });
      return say('money.x.reversedTransfer', { because, total });
    }
    case 'failed':
      return say(debit ? 'money.x.failedDebit' : 'money.x.failedCredit');
    default:
      return null;
  }
}
