import type { Insertable, Selectable } from 'kysely';
import type { BillPurchasesTable, InterbankTransfersTable } from '../../db/schema.ts';
import type { Kobo } from '../../../lib/money.ts';
import type { Counterparty, TransactionCategory, TransactionJson } from '../../../lib/transaction.ts';
import type { FundsTransferRequest } from '../../integrations/interbank/ports.ts';
import type { PaymentRequest } from '../../integrations/billers/ports.ts';
import type { Said } from '../../../i18n/said.ts';

/**
 * A rail is one outside provider that takes payments which may stay pending (the interbank
 * switch, the bill aggregator), wrapped so the payment machine (payments.ts) can drive every
 * one of them the same way: `send` and `status` answer with a typed verdict, and the rail says
 * how its settlement and its reversal are written.
 */

/** What a provider said about a payment. Only `succeeded` and `failed` are definite. */
export type Verdict<Delivered> =
  | { outcome: 'succeeded'; delivered: Delivered; code?: string }
  | { outcome: 'failed'; reason: string; code?: string }
  /** No answer, a timeout, "in progress": the money stays in suspense. */
  | { outcome: 'unknown'; code?: string }
  /** The provider has no record of it: definite only once the rail's grace has passed. */
  | { outcome: 'not_received' };
export type DefiniteVerdict<Delivered> = Extract<Verdict<Delivered>, { outcome: 'succeeded' | 'failed' }>;

/** The tables of pending payments, with each one's row and what its provider is sent. */
export type PaymentKinds = {
  interbank_transfers: { row: Selectable<InterbankTransfersTable>; columns: Insertable<InterbankTransfersTable>; request: FundsTransferRequest };
  bill_purchases: { row: Selectable<BillPurchasesTable>; columns: Insertable<BillPurchasesTable>; request: PaymentRequest };
};
export type PaymentTable = keyof PaymentKinds;

/** The columns every pending-payment table shares; the machine writes these itself. */
export type CommonColumn =
  | 'reference'
  | 'transaction_id'
  | 'entry_id'
  | 'user_id'
  | 'account_number'
  | 'amount'
  | 'status'
  | 'query_attempts'
  | 'next_query_at'
  | 'idempotency_user_id'
  | 'idempotency_key'
  | 'created_at'
  | 'settled_at';
export type OwnColumns<T extends PaymentTable> = Omit<PaymentKinds[T]['columns'], CommonColumn>;

export interface PaymentRail<T extends PaymentTable, Delivered> {
  table: T;
  /** Prefix of this rail's log events: `<prefix>.send_unanswered`, `.settled`, `.unresolved`. */
  logPrefix: string;
  /** How long a send or a status query may take before its answer counts as unknown. */
  timeoutMs: number;
  /** A pending payment is first re-queried after this, then with doubling gaps up to an hour. */
  firstRequeryMs: number;
  /** "Never received" is believed only this long after the payment started. */
  notReceivedGraceMs: number;
  /** Whether the table keeps the provider's last response code. */
  keepsResponseCode: boolean;
  /** The verdict when the provider throws or times out. */
  unanswered: Verdict<Delivered>;
  send(request: PaymentKinds[T]['request']): Promise<Verdict<Delivered>>;
  status(row: PaymentKinds[T]['row']): Promise<Verdict<Delivered>>;
  /** The settlement entry (suspense → the rail's settlement account) and what delivery adds to the details. */
  settlement(row: PaymentKinds[T]['row'], delivered: Delivered): { kind: string; description: string; account: string; details: Record<string, unknown> | null };
  /** The customer's narration and the journal's description of a reversal. */
  reversal(row: PaymentKinds[T]['row'], details: Record<string, unknown>, reason: string): { narration: string; description: string };
  /** The customer's sentence about the payment as it stands (stored as the idempotent answer). */
  message(transaction: TransactionJson): Said;
  /**
   * What the provider is sent for a payment held before it was sent (decision 032), rebuilt from
   * its row: the reference and session id are the ones written when it was asked for. Only a rail
   * whose payments can be held has it.
   */
  requestOf?(row: PaymentKinds[T]['row'], from: { originatorName: string; narration: string }): PaymentKinds[T]['request'];
  /** After a settlement has committed (e.g. mail the electricity token); never fatal. */
  afterSettle?(row: PaymentKinds[T]['row'], transaction: TransactionJson, verdict: DefiniteVerdict<Delivered>): Promise<void>;
}

/** A payment prepared by its service (validated, named, priced), ready for the machine. */
export type PendingPayment<T extends PaymentTable> = {
  userId: string;
  sendAccount: string;
  tier: number;
  amountKobo: Kobo;
  /** Charges on top of the amount, each to its internal account (zero lines are kept: the entry says what was charged). */
  charges: { account: string; amountKobo: Kobo }[];
  limitVerb: 'send' | 'spend';
  referencePrefix: string;
  entryKind: string;
  entryDescription: string;
  transaction: { category: TransactionCategory; narration: string; counterparty: Counterparty | null; details: Record<string, unknown> };
  /** The rail's own columns of the pending row. */
  columns: OwnColumns<T>;
  /** Judged by the outflow fraud rules before it is sent, and held on a finding (decision 032). */
  screened?: boolean;
  /** More work in the same money transaction (e.g. saving the beneficiary). */
  alsoInTransaction?: (trx: import('../ledger/ledger.ts').Trx, now: Date) => Promise<void>;
  /** What the provider is sent, once the reference exists. */
  request(reference: string): PaymentKinds[T]['request'];
};
