import { formatNaira } from './money.ts';
import type { TransactionJson } from './transaction.ts';

/**
 * What a receipt says about any transaction (transfers both ways, deposits, reversals,
 * purchases), for the receipt page and every link to it from the transaction history.
 */

const purchaseTitles: Partial<Record<TransactionJson['category'], string>> = { airtime: 'Airtime bought', data: 'Data bought', electricity: 'Electricity paid', cable: 'Cable TV paid' };

/** The page title: "Transfer sent", "Money received", "Airtime bought", "Receipt"… */
export function receiptTitle(transaction: Pick<TransactionJson, 'type' | 'category' | 'status'>): string {
  const { type, category, status } = transaction;
  if (category === 'reversal') return 'Money returned';
  if (type === 'credit') return category === 'transfer' || category === 'deposit' ? 'Money received' : 'Receipt';
  if (category === 'transfer') {
    if (status === 'pending') return 'Transfer pending';
    if (status === 'reversed') return 'Transfer reversed';
    if (status === 'failed') return 'Transfer failed';
    return 'Transfer sent';
  }
  const bought = purchaseTitles[category];
  if (bought) {
    if (status === 'pending') return 'Purchase pending';
    if (status === 'reversed') return 'Purchase reversed';
    if (status === 'failed') return 'Purchase failed';
    return bought;
  }
  return 'Receipt';
}

/** A kobo amount kept in `details` (transfer_fee, stamp_duty), or undefined when absent or odd. */
export function detailKobo(details: Record<string, unknown>, key: string): number | undefined {
  const value = details[key];
  return typeof value === 'number' && Number.isSafeInteger(value) && value >= 0 ? value : undefined;
}

/** A text detail (session_id, phone_number, token…), or undefined when absent or blank. */
export function detailText(details: Record<string, unknown>, key: string): string | undefined {
  const value = details[key];
  if (typeof value === 'string' && value.trim()) return value.trim();
  if (typeof value === 'number' && Number.isFinite(value)) return String(value);
  return undefined;
}

/** Purchase specifics shown on receipts, in this order (as on the PDF). */
export const purchaseDetailLabels: ReadonlyArray<readonly [key: string, label: string]> = [
  ['provider', 'Provider'],
  ['phone_number', 'Phone number'],
  ['plan', 'Plan'],
  ['meter_number', 'Meter number'],
  ['meter_type', 'Meter type'],
  ['smartcard_number', 'Smartcard number'],
  ['customer_name', 'Customer name'],
  ['address', 'Address'],
  ['package', 'Package'],
  ['token', 'Token'],
  ['units', 'Units'],
  ['receipt_number', 'Receipt number'],
];

/** `12345678901234567890` → `1234 5678 9012 3456 7890`, as electricity tokens are read out. */
export function groupToken(token: string): string {
  return token.replace(/[\s-]+/g, '').match(/.{1,4}/g)?.join(' ') ?? '';
}

/** The charges on a receipt, itemised where the transaction says how, and what left or reached the account. */
export function receiptMoney(transaction: Pick<TransactionJson, 'type' | 'amount' | 'fee' | 'details'>): {
  lines: { label: string; amount: number; key: string }[];
  totalLabel: string;
  total: number;
} {
  const details = transaction.details ?? {};
  const lines: { label: string; amount: number; key: string }[] = [];
  const transferFee = detailKobo(details, 'transfer_fee');
  const stampDuty = detailKobo(details, 'stamp_duty');
  if (transferFee !== undefined) lines.push({ label: 'Transfer fee', amount: transferFee, key: 'transfer-fee' });
  if (stampDuty !== undefined) lines.push({ label: 'Stamp duty', amount: stampDuty, key: 'stamp-duty' });
  const itemised = (transferFee ?? 0) + (stampDuty ?? 0);
  if (transaction.fee > itemised) lines.push({ label: itemised > 0 ? 'Other charges' : 'Charges', amount: transaction.fee - itemised, key: 'other-charges' });
  const debit = transaction.type === 'debit';
  return {
    lines,
    totalLabel: debit ? 'Total debited' : 'Total credited',
    total: debit ? transaction.amount + transaction.fee : transaction.amount,
  };
}

/** One sentence under the status that says what happened to the money. */
function providerOf(transaction: Pick<TransactionJson, 'details'>): string {
  return detailText(transaction.details ?? {}, 'provider') ?? 'the provider';
}

export function statusExplanation(transaction: Pick<TransactionJson, 'type' | 'category' | 'status' | 'amount' | 'fee' | 'details'>): string | null {
  const debit = transaction.type === 'debit';
  switch (transaction.status) {
    case 'pending':
      if (debit && transaction.category === 'transfer') return 'We are confirming with the other bank. The money has left your account; if the other bank does not take it, all of it comes back to you.';
      if (debit && purchaseTitles[transaction.category]) return `We are confirming with ${providerOf(transaction)}. The money has left your account; if the purchase does not go through, all of it comes back to you.`;
      return 'We are confirming this transaction. Its final status will be shown here.';
    case 'reversed': {
      if (!debit) return 'This credit was reversed.';
      const reason = detailText(transaction.details ?? {}, 'failure_reason');
      const because = reason ? ` (${reason.charAt(0).toLowerCase()}${reason.slice(1)})` : '';
      if (purchaseTitles[transaction.category]) return `${providerOf(transaction)} could not complete this purchase${because}, so ${formatNaira(transaction.amount + transaction.fee)} was returned to your account. Nothing was lost.`;
      return `The other bank could not take this transfer${because}, so ${formatNaira(transaction.amount + transaction.fee)}, the amount and its charges, was returned to your account. Nothing was lost.`;
    }
    case 'failed':
      return `This transaction failed. Your account was not ${debit ? 'debited' : 'credited'}.`;
    default:
      return null;
  }
}
