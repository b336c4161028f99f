import type { ColumnType, Generated, Insertable, Selectable } from 'kysely';
import type { StaffTable, StaffSessionsTable, StaffEnrolmentsTable, StaffAuditTable, FraudFlagsTable, StaffAuditHeadTable, StaffProposalsTable } from './schema-back-office.ts';
export type * from './schema-back-office.ts';

/**
 * Table shapes as Kysely sees them. Times are ISO 8601 UTC strings (they sort as text on both
 * engines); money is BIGINT kobo, read as a JavaScript number on both (see connection.ts).
 */
type Money = ColumnType<number, number, number>;

export interface UsersTable {
  id: string;
  first_name: string;
  last_name: string;
  email: string;
  phone_number: string;
  password_hash: string;
  /** 0 nothing proved, 1 a BVN or a NIN, 2 both, 3 both and a verified address (core/kyc/identity-rule.ts). */
  tier: number;
  /** The tier as registration gave it before identities were required; kept because SQLite cannot drop its CHECK, never read. */
  tier_before_identity: Generated<number>;
  /** When a BVN was validated (NIBSS) for this customer; null: not yet. */
  bvn_verified_at: Generated<string | null>;
  /** When a NIN was validated (NIMC) for this customer; null: not yet. */
  nin_verified_at: Generated<string | null>;
  /** When a liveness check last passed; cleared when a Tier 2+ customer binds a new device. Money moves only with an identity and this. */
  liveness_passed_at: Generated<string | null>;
  email_verified_at: string | null;
  transaction_pin_hash: string | null;
  /** Which server key made transaction_pin_hash; null for a legacy argon2id PIN. */
  pin_key_version: string | null;
  transaction_pin_set_at: string | null;
  security_question_id: number | null;
  security_answer_hash: string | null;
  security_question_set_at: string | null;
  pin_failed_attempts: Generated<number>;
  pin_locked_until: string | null;
  created_at: string;
  updated_at: string;
  /** Set while the customer froze the account: every debit is refused, credits land. */
  frozen_at: Generated<string | null>;
  /** How it was frozen: `password` (signed in), `code` (the emailed code from /freeze) or `staff` (a back-office member, audited). */
  frozen_via: Generated<'password' | 'code' | 'staff' | null>;
  /** The customer's language, a code of src/i18n/locales.ts (the app checks it with isLocale; the column takes any code); emails and alerts follow it. */
  language: Generated<string>;
}

export interface AddressesTable {
  user_id: string;
  address: string;
  city: string;
  state: string;
  lga: string;
  created_at: string;
}

export interface AccountsTable {
  account_number: string;
  user_id: string | null;
  kind: 'customer' | 'internal';
  account_name: string;
  type: string;
  currency: string;
  balance: Money;
  created_at: string;
}

export interface CountersTable {
  name: string;
  value: Money;
}

export interface SessionsTable {
  id: string;
  user_id: string;
  created_at: string;
  last_seen_at: string;
  expires_at: string;
  revoked_at: string | null;
  revoke_reason: string | null;
  ip: string | null;
  user_agent: string | null;
}

export interface OneTimeCodesTable {
  id: string;
  user_id: string;
  purpose: 'email_verification' | 'password_reset' | 'account_freeze' | 'new_device' | 'security_instant_payments' | 'security_daily_limit' | 'security_unfreeze';
  code_hash: string;
  expires_at: string;
  attempts: Generated<number>;
  consumed_at: string | null;
  created_at: string;
}

export interface LoginFailuresTable {
  email: string;
  failures: number;
  first_failed_at: string;
  locked_until: string | null;
}

export interface JournalEntriesTable {
  id: string;
  reference: string;
  kind: string;
  description: string;
  reverses_entry_id: string | null;
  created_at: string;
}

export interface PostingsTable {
  entry_id: string;
  line: number;
  account_number: string;
  amount: Money;
  created_at: string;
}

export interface TransactionsTable {
  id: string;
  reference: string;
  account_number: string;
  user_id: string;
  type: 'debit' | 'credit';
  category: string;
  status: 'successful' | 'pending' | 'failed' | 'reversed';
  amount: Money;
  fee: Money;
  balance_after: Money;
  narration: string;
  counterparty_name: string | null;
  counterparty_account: string | null;
  counterparty_bank_code: string | null;
  counterparty_bank_name: string | null;
  details: string;
  entry_id: string;
  value_date: string;
  created_at: string;
  updated_at: string;
}

/**
 * Per account, Lagos month, type, category and status: the count and sums of the transactions
 * rows, kept by triggers (migrations/2026-11-22T2000_monthly_rollups.ts). Read only.
 */
export interface MonthlyRollupsTable {
  account_number: string;
  /** YYYY-MM of value_date. */
  month: string;
  type: 'debit' | 'credit';
  category: string;
  status: TransactionsTable['status'];
  row_count: number;
  amount_kobo: Money;
  fee_kobo: Money;
}

/**
 * Per account and Lagos day, the principal of the debits counted against the day's limits (type
 * debit, status successful or pending), kept by triggers (migrations/2026-11-27T1300_daily_debits.ts).
 * Read only.
 */
export interface DailyDebitsTable {
  account_number: string;
  /** YYYY-MM-DD, Lagos: the transactions' value_date. */
  value_date: string;
  amount_kobo: Money;
}

/** What every pending payment's row holds (an interbank transfer, a bill purchase), for core/payments. */
export interface PendingPaymentColumns {
  reference: string;
  transaction_id: string;
  entry_id: string;
  user_id: string;
  account_number: string;
  amount: Money;
  /** `held`: stopped by a fraud rule before it was sent (decision 032); never re-queried, released to `pending`. */
  status: 'held' | 'pending' | 'successful' | 'failed';
  query_attempts: Generated<number>;
  next_query_at: string;
  idempotency_user_id: string | null;
  idempotency_key: string | null;
  created_at: string;
  settled_at: string | null;
}

export interface InterbankTransfersTable extends PendingPaymentColumns {
  destination_bank_code: string;
  destination_account: string;
  destination_name: string;
  name_enquiry_session_id: string;
  session_id: string;
  response_code: string | null;
  /** Set once when still pending past 24 hours (escalated: logged, listed by ops:pending, customer told). */
  escalated_at: Generated<string | null>;
}

export interface IdempotencyKeysTable {
  user_id: string;
  key: string;
  operation: string;
  request_hash: string;
  state: 'in_progress' | 'done';
  response_status: number | null;
  response_body: string | null;
  transaction_reference: string | null;
  created_at: string;
  updated_at: string;
}

export interface BeneficiariesTable {
  id: string;
  user_id: string;
  owner_account: string;
  account_number: string;
  account_name: string;
  bank_code: string;
  bank_name: string;
  nickname: string | null;
  created_at: string;
}

export interface StatementRequestsTable {
  id: string;
  user_id: string;
  account_number: string;
  start_date: string;
  end_date: string;
  format: 'pdf' | 'csv';
  status: 'queued' | 'sent' | 'failed';
  created_at: string;
  sent_at: string | null;
}

export interface SandboxNipTransfersTable {
  session_id: string;
  destination_bank_code: string;
  account_number: string;
  amount: Money;
  outcome: string;
  created_at: string;
}

export interface BillPurchasesTable extends PendingPaymentColumns {
  request_id: string;
  service: 'airtime' | 'data' | 'electricity' | 'cable';
  provider_id: string;
  variation_code: string | null;
  customer_id: string;
  meter_type: string | null;
}

export interface SandboxBillPaymentsTable {
  request_id: string;
  service: string;
  provider_id: string;
  customer_id: string;
  amount: Money;
  outcome: string;
  reason: string | null;
  token: string | null;
  units: string | null;
  receipt_number: string | null;
  provider_reference: string;
  created_at: string;
}

/** A liveness check's verdict as the provider gave it (`failed` stays the provider's own failure). */
export type LivenessOutcome = 'pass' | 'fail' | 'retry';

export interface KycChecksTable {
  id: string;
  user_id: string;
  kind: 'bvn' | 'nin' | 'liveness' | 'address';
  /** `pending`: taken from the day's tries, the identity service not yet answered (kyc-service.ts). */
  outcome: 'pending' | 'verified' | 'mismatch' | 'not_found' | 'failed' | LivenessOutcome;
  bvn_fingerprint: string | null;
  /** Which server key made bvn_fingerprint; null for a legacy unsalted SHA-256 (rewritten on start). */
  bvn_key_version: string | null;
  bvn_last4: string | null;
  /** A NIN kept as a BVN is: a keyed fingerprint (one customer per NIN), its key's version, the last four digits. */
  nin_fingerprint: Generated<string | null>;
  nin_key_version: Generated<string | null>;
  nin_last4: Generated<string | null>;
  /** YYYY-MM-DD, as the customer gave it. */
  date_of_birth: string | null;
  /** The address checked, one line. */
  address: string | null;
  provider_reference: string | null;
  created_at: string;
}

/** An imitation password-reset code for an email without an account (its tries count as a real code's). */
export interface PasswordResetDecoysTable {
  email: string;
  attempts: Generated<number>;
  alive: Generated<number>;
  issued_at: string;
  expires_at: string;
}

/** Durable background work: written with the change that needs it, claimed under a lease (src/server/jobs/job-queue.ts). */
export interface JobsTable {
  id: string;
  kind: string;
  payload: string;
  unique_key: string | null;
  status: 'pending' | 'done' | 'failed';
  run_at: string;
  attempts: Generated<number>;
  locked_until: string | null;
  locked_by: string | null;
  last_error: string | null;
  created_at: string;
  finished_at: string | null;
}

export interface RequestCountersTable {
  scope: string;
  /** Who is counted: a network address, a customer id, or a hash of an email or phone number. */
  subject: string;
  window_start: string;
  count: number;
  expires_at: string;
}

export interface RegistrationsTable {
  id: string;
  token_hash: string;
  /** `new`: the code was mailed and creates the customer; otherwise it was never sent and never succeeds. */
  outcome: 'new' | 'email_taken' | 'phone_taken';
  first_name: string;
  last_name: string;
  email: string;
  phone_number: string;
  password_hash: string | null;
  code_hash: string;
  code_expires_at: string;
  code_attempts: Generated<number>;
  codes_sent: Generated<number>;
  code_sent_at: string;
  ip: string | null;
  user_id: string | null;
  completed_at: string | null;
  expires_at: string;
  created_at: string;
  /** The id of the pending User, and of the customer once the code is right. */
  customer_id: string;
  /** The token as a session while the code is awaited: idle timeout, sign-out. */
  last_seen_at: string;
  revoked_at: string | null;
  revoke_reason: string | null;
}

/** An imitation freeze code for an account number or email without an account (core/safety/account-freeze.ts). */
export interface FreezeDecoysTable {
  subject: string;
  attempts: Generated<number>;
  alive: Generated<number>;
  issued_at: string;
  expires_at: string;
}

/** A customer's report about one of their transactions (core/cases/case-service.ts). */
export interface SupportCasesTable {
  id: string;
  /** HB-CASE-2026-000123 */
  number: string;
  user_id: string;
  account_number: string;
  reference: string;
  /** A customer's report, or `liveness_review`: opened by the bank for a person to look at (three failed selfies in a day). */
  kind: 'fraud' | 'not_received' | 'wrong_amount' | 'wrong_charge' | 'liveness_review';
  description: string;
  status: 'open' | 'investigating' | 'resolved' | 'closed';
  created_at: string;
  updated_at: string;
  /** When the bank must have answered: set from the kind when the case opens (core/cases/case-clocks.ts). */
  due_at: string;
  /** When the case, past its due time, was escalated to the supervisors (once). */
  escalated_at: string | null;
}

export interface SupportCaseEventsTable {
  case_id: string;
  line: number;
  status: SupportCasesTable['status'];
  note: string | null;
  created_at: string;
  /** The member who wrote this answer; never shown to the customer. Null for the report itself and the command line. */
  staff_id: string | null;
}

/** A customer's alert choices: email alerts always go; SMS too unless turned off with the indemnity accepted. No row: SMS on. */
export interface AlertSettingsTable {
  user_id: string;
  sms_enabled: number;
  /** When the customer accepted the indemnity and turned SMS alerts off; null while they are on. */
  sms_off_accepted_at: string | null;
  /** SHA-256 of the device id it was done from (as known_devices keeps it); null when no device was named. */
  sms_off_device_hash: string | null;
  updated_at: string;
}

/** A customer's own safety settings (core/customer-limits): no row means the defaults. */
export interface CustomerLimitsTable {
  user_id: string;
  own_daily_limit_kobo: Money | null;
  raise_to_kobo: Money | null;
  raise_applies_at: string | null;
  /** 1 or 0: transfers to other banks (NIP) allowed. */
  instant_payments_enabled: Generated<number>;
  new_browser_window_started_at: string | null;
  new_browser_window_until: string | null;
  updated_at: string;
}

/** A browser a customer has signed in from: SHA-256 of the id in its signed device cookie. */
export interface KnownDevicesTable {
  user_id: string;
  device_hash: string;
  first_seen_at: string;
  last_seen_at: string;
}

/** A customer's one bound device (decision 026): the SHA-256 of its device id. */
export interface BoundDevicesTable {
  user_id: string;
  device_hash: string;
  bound_at: string;
}

/** A session signed in from a device that is not the bound one: it may only confirm the code. */
export interface DeviceConfirmationsTable {
  session_id: string;
  user_id: string;
  device_hash: string;
  created_at: string;
}

export interface Database {
  staff: StaffTable;
  staff_proposals: StaffProposalsTable;
  staff_sessions: StaffSessionsTable;
  staff_enrolments: StaffEnrolmentsTable;
  staff_audit: StaffAuditTable;
  staff_audit_head: StaffAuditHeadTable;
  bound_devices: BoundDevicesTable;
  fraud_flags: FraudFlagsTable;
  device_confirmations: DeviceConfirmationsTable;
  request_counters: RequestCountersTable;
  registrations: RegistrationsTable;
  users: UsersTable;
  addresses: AddressesTable;
  accounts: AccountsTable;
  counters: CountersTable;
  sessions: SessionsTable;
  one_time_codes: OneTimeCodesTable;
  login_failures: LoginFailuresTable;
  journal_entries: JournalEntriesTable;
  postings: PostingsTable;
  transactions: TransactionsTable;
  interbank_transfers: InterbankTransfersTable;
  idempotency_keys: IdempotencyKeysTable;
  beneficiaries: BeneficiariesTable;
  statement_requests: StatementRequestsTable;
  sandbox_nip_transfers: SandboxNipTransfersTable;
  bill_purchases: BillPurchasesTable;
  sandbox_bill_payments: SandboxBillPaymentsTable;
  kyc_checks: KycChecksTable;
  password_reset_decoys: PasswordResetDecoysTable;
  jobs: JobsTable;
  customer_limits: CustomerLimitsTable;
  known_devices: KnownDevicesTable;
  alert_settings: AlertSettingsTable;
  freeze_decoys: FreezeDecoysTable;
  support_cases: SupportCasesTable;
  support_case_events: SupportCaseEventsTable;
  monthly_rollups: MonthlyRollupsTable;
  daily_debits: DailyDebitsTable;
  payment_requests: PaymentRequestsTable;
  payment_request_payments: PaymentRequestPaymentsTable;
  scheduled_transfers: ScheduledTransfersTable;
  scheduled_transfer_runs: ScheduledTransferRunsTable;
}

/** A customer's request for money (core/payment-requests): a link and a reference for the narration. */
export interface PaymentRequestsTable {
  id: string;
  /** The public link's code: /pay/{code}. */
  code: string;
  /** RQ-XXXXXX: what the payer puts in the narration. */
  reference: string;
  user_id: string;
  account_number: string;
  /** Null: any amount. */
  amount_kobo: Money | null;
  paid_kobo: ColumnType<number, number | undefined, number>;
  note: string;
  /** Expired and partly paid are read from expires_at and paid_kobo. */
  status: 'open' | 'paid' | 'cancelled';
  expires_at: string;
  created_at: string;
  updated_at: string;
  paid_at: string | null;
  cancelled_at: string | null;
}

/** A credit that paid a request, keyed by its transaction row: counted once. */
export interface PaymentRequestPaymentsTable {
  transaction_id: string;
  request_id: string;
  amount_kobo: Money;
  paid_after_kobo: Money;
  payer_name: string | null;
  created_at: string;
}

export type UserRow = Selectable<UsersTable>;
export type NewUserRow = Insertable<UsersTable>;
export type AccountRow = Selectable<AccountsTable>;
export type SessionRow = Selectable<SessionsTable>;
export type OneTimeCodeRow = Selectable<OneTimeCodesTable>;
export type KycCheckRow = Selectable<KycChecksTable>;
export type TransactionRow = Selectable<TransactionsTable>;
export type BeneficiaryRow = Selectable<BeneficiariesTable>;
export type InterbankTransferRow = Selectable<InterbankTransfersTable>;

/** A scheduled or recurring transfer (core/scheduled-transfers); dates are Lagos days (YYYY-MM-DD). */
export interface ScheduledTransfersTable {
  id: string;
  user_id: string;
  send_account: string;
  bank_code: string;
  account_number: string;
  account_name: string;
  bank_name: string;
  amount_kobo: Money;
  narration: string;
  repeat: 'once' | 'weekly' | 'monthly';
  first_date: string;
  day_of_month: number;
  end_date: string | null;
  max_runs: number | null;
  runs_made: number;
  misses_in_row: number;
  next_run_date: string | null;
  status: 'active' | 'paused' | 'cancelled' | 'finished';
  paused_reason: 'customer' | 'missed' | null;
  creation_key: string;
  request_hash: string;
  created_at: string;
  updated_at: string;
}

/** One date of a schedule, run at most once. */
export interface ScheduledTransferRunsTable {
  schedule_id: string;
  run_date: string;
  state: 'due' | 'retry' | 'succeeded' | 'missed';
  attempts: number;
  reference: string | null;
  failure_code: string | null;
  failure_message: string | null;
  created_at: string;
  updated_at: string;
}
