/**
 * The Transaction object of API.md, shared by the server (which presents it), the pages and
 * islands (which show it) and the documents (receipts, statements). Amounts are kobo.
 */
import type { Kobo } from './money.ts';

export const transactionCategories = ['transfer', 'airtime', 'data', 'electricity', 'cable', 'reversal', 'fee', 'deposit'] as const;
export type TransactionCategory = (typeof transactionCategories)[number];
/**
 * `held`: a transfer to another bank that a fraud rule stopped before it was sent (decision 032):
 * the money is reserved as a pending one's is. Stored as `pending` with `details.held`; only the
 * presented Transaction says `held`.
 */
export const transactionStatuses = ['successful', 'pending', 'held', 'failed', 'reversed'] as const;
export type TransactionStatus = (typeof transactionStatuses)[number];

export type Counterparty = { name: string; account_number: string; bank_code: string; bank_name: string };

export type TransactionJson = {
  reference: string;
  type: 'debit' | 'credit';
  category: TransactionCategory;
  status: TransactionStatus;
  /** The principal, kobo, always positive. */
  amount: Kobo;
  /** Every charge on top of the principal (transfer fee + stamp duty), kobo. */
  fee: Kobo;
  /** The account's balance right after this movement was posted, kobo. */
  balance_after: Kobo;
  narration: string;
  counterparty: Counterparty | null;
  /**
   * Specifics: for transfers `{ transfer_fee, stamp_duty, session_id?, reversal_of?, reversed_by? }`,
   * for purchases the phone number, plan, token and so on.
   */
  details: Record<string, unknown>;
  /** ISO 8601 with the Lagos offset, e.g. 2026-11-21T09:15:00+01:00. */
  created_at: string;
};

export const categoryLabels: Record<TransactionCategory, string> = {
  transfer: 'Transfer',
  airtime: 'Airtime',
  data: 'Mobile data',
  electricity: 'Electricity',
  cable: 'Cable TV',
  reversal: 'Reversal',
  fee: 'Fee',
  deposit: 'Deposit',
};

export const statusLabels: Record<TransactionStatus, string> = {
  successful: 'Successful',
  pending: 'Pending',
  held: 'Held for a security check',
  failed: 'Failed',
  reversed: 'Reversed',
};
