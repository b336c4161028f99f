import type { ColumnType } from 'kysely';

/**
 * The back office's tables (staff, their sessions and enrolments, the audit log and its head,
 * four-eyes proposals, fraud flags), apart from the customers' (schema.ts, whose Database names
 * them all). Same conventions: times ISO 8601 UTC text, money BIGINT kobo.
 */
type Money = ColumnType<number, number, number>;

/** A member of the bank's staff (not a customer): back-office credentials and role. */
export interface StaffTable {
  id: string;
  name: string;
  /** Lower-cased. */
  work_email: string;
  role: string;
  status: 'active' | 'disabled' | 'invited';
  password_hash: string | null;
  /** The TOTP secret sealed under a server key (core/staff/totp.ts); `totp_key_version` names the key. */
  totp_secret: string | null;
  totp_key_version: string | null;
  /** The last TOTP time step accepted: a code of that step or an earlier one is refused. */
  totp_last_step: number | null;
  created_at: string;
  updated_at: string;
  created_by: string | null;
  enrolled_at: string | null;
  disabled_at: string | null;
}

/** A staff sign-in: `id` is the SHA-256 of its token; `verified_at` null until the TOTP code was right. */
export interface StaffSessionsTable {
  id: string;
  staff_id: string;
  created_at: string;
  last_seen_at: string;
  expires_at: string;
  verified_at: string | null;
  revoked_at: string | null;
  revoke_reason: string | null;
  ip: string | null;
}

/** A one-time enrolment link: `id` is the SHA-256 of its token. */
export interface StaffEnrolmentsTable {
  id: string;
  staff_id: string;
  created_at: string;
  expires_at: string;
  used_at: string | null;
}

/** The append-only, hash-chained record of what staff did (core/staff/audit-log.ts). */
export interface StaffAuditTable {
  seq: number;
  at: string;
  staff_id: string | null;
  address: string | null;
  action: string;
  customer_user_id: string | null;
  /** JSON text. */
  detail: string;
  before_text: string | null;
  after_text: string | null;
  prev_hash: string;
  hash: string;
}

/** What a fraud rule found about one movement, and what the fraud officer decided (core/fraud). */
export interface FraudFlagsTable {
  id: string;
  rule: 'mule' | 'new_payee_new_device' | 'velocity' | 'inflow_after_freeze';
  direction: 'in' | 'out';
  account_number: string;
  user_id: string;
  transaction_id: string;
  reference: string;
  amount: Money;
  /** JSON text: the facts the rule saw. */
  evidence: string;
  status: 'open' | 'held' | 'released' | 'rejected' | 'dismissed';
  created_at: string;
  updated_at: string;
  decided_by: string | null;
  decided_at: string | null;
  decision_reason: string | null;
}

/** The audit chain's head: the one row every append locks first. */
export interface StaffAuditHeadTable {
  id: number;
  seq: number;
  last_hash: string;
}

/** A four-eyes proposal (core/staff/proposals.ts): one member proposes, another with the right role decides. */
export interface StaffProposalsTable {
  id: string;
  kind: string;
  /** A transaction reference (reversal) or a customer's user id (unfreeze). */
  target: string;
  customer_user_id: string | null;
  /** JSON text: what the proposer was shown (amounts, the case number). */
  payload: string;
  reason: string;
  proposed_by: string;
  proposed_at: string;
  expires_at: string;
  status: 'proposed' | 'approved' | 'declined' | 'expired' | 'failed';
  decided_by: string | null;
  decided_at: string | null;
  decision_note: string | null;
  /** What the execution did, in a sentence. */
  result: string | null;
}
