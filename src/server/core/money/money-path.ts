import type { Db } from '../../db/connection.ts';
import type { Said } from '../../../i18n/said.ts';
import type { Failure, Result } from '../result.ts';
import type { AsRead, PreparedEntry, Trx } from '../ledger/ledger.ts';
import type { PinAttempt, PinGuard, PinTries } from './pin-guard.ts';
import type { Claim } from './idempotency.ts';
import type { CallerRow, CallerTryRow, DebitRow } from './queries.ts';
import { kobo, type Kobo } from '../../../lib/money.ts';
import type { TransactionJson } from '../../../lib/transaction.ts';
import { accountLimitsOf } from '../customer-limits/limit-guard.ts';
import { canMoveMoney } from '../kyc/identity-rule.ts';

/**
 * What the money gate (money-gate.ts) asks of the engine it runs on: how the caller's row and the
 * PIN's try are read, how the sender is locked and the idempotency key claimed, and, where the
 * engine can write several statements at once, how a debit's first statements go out ahead of its
 * PIN's verdict. The gate holds the order of the checks; an engine (engines/sqlite.ts,
 * engines/postgres.ts) only sends statements (queries.ts) and says what they found, as values.
 */
export interface MoneyPath {
  /**
   * The prelude's read of the caller and its PIN: `judge` is given the caller's row and the way to
   * confirm the PIN, and makes the checks in the gate's order.
   */
  callerAndPin(pins: PinGuard, input: PinInput, judge: Judge): Promise<Verdict>;
  /** Locks the sender's account (lockForDebit) and reads what the checks need. */
  lockForDebit(trx: Trx, debit: Debit): Promise<DebitLock>;
  /**
   * The idempotency claim with the entry's journal row, then the lock and reads: the debit's
   * context, or the answer stored under a key found taken (the transaction is then rolled back).
   */
  claimAndLock(trx: Trx, claim: Claim, entry: PreparedEntry, debit: Debit, sender: SenderLock): Promise<Claimed>;
  /** A debit's caller-and-PIN and claim in one write, ahead of the PIN's verdict; null where that saves nothing. */
  ahead: Ahead | null;
}

/** The prelude's PIN input. `instant`: a transfer to another bank, refused while instant payments are off. */
export type PinInput = { userId: string; sendAccount: string; pin: string; key: string; instant: boolean };

/** The prelude's word that the request may go on to the money. */
export type Ready = { claim: Claim; accountName: string; tier: number };
/** What the prelude comes to: done (an answer for the customer) or ready for the money. */
export type Verdict = { done: MoneyResult } | { ready: Ready };
/** The prelude's checks on the caller's row, in the gate's order; `confirmPin` last, only when the others pass. */
export type Judge = (row: CallerRow | undefined, confirmPin: () => Promise<Result<void>>) => Promise<Verdict>;

/** The accounts a debit touches and its time. */
export type Debit = { sendAccount: string; others: string[]; now: Date };

/**
 * How a claim takes the sender's row: `locked` before the work (a payment, or a transfer run
 * again); `unlocked-when-not-first`, a transfer inside the bank whose recipient sorts before the
 * sender, where PostgreSQL reads the sender unlocked and the entry checks its version (AsRead).
 */
export type SenderLock = 'locked' | 'unlocked-when-not-first';

/** What every call that moves money answers: the customer's Transaction and a sentence. */
export type MoneyOutcome = { transaction: TransactionJson; message: Said };
export type MoneyResult = Result<MoneyOutcome> & { replayed?: boolean };

/** The claim's outcome: the debit's context, or the answer stored under the key (a replay or a refusal). */
export type Claimed = { kind: 'locked'; lock: DebitLock } | Answered;
/** A money transaction rolled back with an answer for the customer. */
export type Answered = { kind: 'answer'; result: MoneyResult };
/**
 * How a money transaction's work ends it rolled back, as a value: with an answer; `not-ready`,
 * debitNow's claim went out before its PIN was judged and the PIN (or a check before it) did not
 * let it on; `stale`, the sender read unlocked changed before its entry (the transfer runs again,
 * locking first).
 */
export type Undone = Answered | { kind: 'not-ready' } | { kind: 'stale' };

export function isUndone(value: MoneyResult | Undone): value is Undone {
  return !('ok' in value);
}

/** An account as the debit's read found it. */
export type LockedAccount = Omit<DebitRow, 'balance'> & { balance: Kobo };
/** The sender's side of the debit's context: what checkDebit judges. */
export type DebitContext = { accountNumber: string; frozen: boolean; mayMoveMoney: boolean; usedTodayKobo: Kobo; limits: ReturnType<typeof accountLimitsOf> };
/** The debit's context; `asRead` when the sender's row was read unlocked (readUnlocked: the entry that debits it checks its version). */
export type DebitLock = { locked: Map<string, LockedAccount>; sender: DebitContext; asRead?: AsRead };

/** The debit's context from its read's rows. */
export function debitContext(sendAccount: string, rows: readonly DebitRow[]): DebitLock {
  const locked = new Map(rows.map((row) => [row.account_number, { ...row, balance: kobo(Number(row.balance)) }]));
  const sender = locked.get(sendAccount);
  if (!sender) throw new Error(`debit from unknown account ${sendAccount}`);
  return { locked, sender: { accountNumber: sendAccount, frozen: sender.frozen_at !== null, mayMoveMoney: canMoveMoney(sender), usedTodayKobo: kobo(Number(sender.debited_today ?? 0)), limits: accountLimitsOf(sender) } };
}

/** The accounts of a debit in account order, each once, and the params of its reads. */
export function debitParams(debit: Debit, day: string) {
  const sorted = [...new Set([debit.sendAccount, ...debit.others])].sort();
  return { accounts: sorted, sendAccount: debit.sendAccount, day };
}

/**
 * debitNow's first statements in one write with the caller's read and the PIN's try (PostgreSQL):
 * `send` writes them inside the money transaction and says what they found; `judge` judges the
 * try as the prelude judges it, once the transaction was rolled back.
 */
export type Ahead = {
  send(trx: Trx, input: AheadInput): Promise<Sent>;
  judge(tries: PinTries, pin: string, attempt: PinAttempt, read: CallerTryRow | undefined, judge: Judge): Promise<Verdict>;
};
export type AheadInput = { attempt: PinAttempt; claim: Claim; entry: PreparedEntry; debit: Debit };
/**
 * What the write ahead found: the caller's row with the try (`read`); `passed`, the PIN matched in
 * SQL and the claim let the sender's row through its PIN gate (or found the key taken), so every
 * check of the prelude passed; `claimed`, what the claim comes to (call only once passed).
 */
export type Sent = { read: CallerTryRow | undefined; passed: boolean; claimed: () => Promise<Claimed> };

/** Makes a MoneyPath for a database (engines/choose.ts). */
export type MoneyPathFactory = (db: Db) => MoneyPath;

/** A claim's stored answer as the gate gives it back. */
export function answered(verdict: { kind: 'replay'; outcome: Result<unknown> } | { kind: 'refused'; failure: Failure }): Answered {
  return { kind: 'answer', result: verdict.kind === 'replay' ? ({ ...verdict.outcome, replayed: true } as MoneyResult) : verdict.failure };
}
