import { said } from '../../../i18n/said.ts';
import type { Db } from '../../db/connection.ts';
import type { Config } from '../../config.ts';
import type { Clock } from '../clock.ts';
import { fail, succeed, type Failure, type Result } from '../result.ts';
import { inTransaction, Refusal, StaleRead, type PreparedEntry, type Trx } from '../ledger/ledger.ts';
import { tierLimits } from '../tiers/tier-limits.ts';
import { presentTransaction } from '../transactions/transaction-repository.ts';
import type { PinGuard } from './pin-guard.ts';
import { judgeStored, Replay, requestHash, type Claim } from './idempotency.ts';
import { pendingOnboardingStep } from '../../../lib/onboarding.ts';
import { kobo, type Kobo } from '../../../lib/money.ts';
import type { MoneyWords } from '../payments/words.ts';
import type { TransactionJson } from '../../../lib/transaction.ts';
import { instantPaymentsOff, type LimitGuard } from '../customer-limits/limit-guard.ts';
import { accountFrozen } from '../safety/frozen.ts';
import { canMoveMoney } from '../kyc/identity-rule.ts';
import { identityRequired } from './identity.ts';
import { readCaller, type CallerRow } from './queries.ts';
import { moneyPathFor } from './engines/choose.ts';
import { isUndone, type Claimed, type DebitContext, type DebitLock, type Judge, type MoneyOutcome, type MoneyResult, type Ready, type SenderLock, type Sent, type Undone, type Verdict } from './money-path.ts';

export type { MoneyOutcome, MoneyResult } from './money-path.ts';

/**
 * A money transaction's work ended it with an Undone: Kysely (and a group commit's piece) rolls a
 * transaction back only when its work throws, so this carries the value out through the throw and
 * transaction() hands it back; nothing else throws it or sees it.
 */
class RolledBack {
  readonly undone: Undone;
  constructor(undone: Undone) {
    this.undone = undone;
  }
}

const noPin = async (): Promise<Result<void>> => succeed(undefined);

/**
 * The checks every debit passes through, whatever it pays for (a transfer, a bill), in this order
 * on every engine: the account is the caller's and onboarding is complete; instant payments are
 * not off (a transfer to another bank); a retry of a finished request replays its answer; a
 * frozen account is refused; the PIN; and, inside the money transaction, the idempotency claim,
 * the freeze again, the tier's daily limit, the customer's own limits and the balance. How the
 * statements for them are sent is the engine's (money-path.ts MoneyPath, engines/*).
 *
 * `pins` null: a gate whose callers confirmed the PIN before (a scheduled transfer's runs, given
 * the PIN when the schedule was made or resumed; the bench's service run): every other check
 * applies, no PIN is asked and no try taken.
 */
export function createMoneyGate(deps: { db: Db; config: Config; clock: Clock; pins: PinGuard | null; words: MoneyWords; limitGuard?: LimitGuard }) {
  const { db, config, clock, pins, words, limitGuard } = deps;
  const path = moneyPathFor(db);

  function authorised(row: CallerRow | undefined): Result<{ accountName: string; tier: number; frozen: boolean; mayMoveMoney: boolean }> {
    if (!row) return fail('UNAUTHENTICATED', said('error.UNAUTHENTICATED'));
    if (row.account_name === null) return fail('FORBIDDEN', said('said.errors.notYours'));
    const flags = { is_email_verified: row.email_verified_at !== null, is_address_submitted: row.address_of !== null, is_transaction_pin_set: Boolean(row.has_pin), is_security_question_set: Boolean(row.has_answer) };
    if (pendingOnboardingStep(flags)) return fail('ONBOARDING_INCOMPLETE', said('said.errors.finishSetup'));
    return succeed({ accountName: row.account_name, tier: row.tier, frozen: row.frozen_at !== null, mayMoveMoney: canMoveMoney(row) });
  }

  /** The caller may move money from this account: it is theirs and onboarding is complete. */
  async function authorise(userId: string, sendAccount: string): Promise<Result<{ accountName: string; tier: number; frozen: boolean; mayMoveMoney: boolean }>> {
    return authorised(await readCaller(db, userId, sendAccount, null));
  }

  /** The prelude's checks on the caller's row, in order; `confirmPin` last, only when they all pass. */
  function judgeCaller(claim: Claim, options: { instant?: boolean }): Judge {
    return async (row, confirmPin) => {
      const caller = authorised(row);
      if (!caller.ok) return { done: caller };
      if (options.instant && row!.instant_payments_enabled !== null && Number(row!.instant_payments_enabled) !== 1) return { done: instantPaymentsOff() };
      const stored = row!.request_hash !== null ? { request_hash: row!.request_hash, operation: row!.operation!, state: row!.state!, response_body: row!.response_body, created_at: row!.key_created_at! } : undefined;
      const early = judgeStored<MoneyOutcome>(claim, stored, clock.now());
      if (early instanceof Replay) return { done: { ...early.outcome, replayed: true } as MoneyResult };
      if (early instanceof Refusal) return { done: early.failure };
      // A frozen account is refused after a finished request's replay and before the PIN: no PIN try is spent
      // (docs/decisions/006-account-freeze-and-cases.md).
      if (caller.value.frozen) return { done: accountFrozen() };
      // No identity, no money out: refused before the PIN as a freeze is (mayTryPin takes no try for it either).
      if (!caller.value.mayMoveMoney) return { done: identityRequired() };
      const confirmed = await confirmPin();
      if (!confirmed.ok) return { done: confirmed };
      return { ready: { accountName: caller.value.accountName, tier: caller.value.tier, claim } };
    };
  }

  /**
   * Authorise, the idempotency fast path, then the PIN. A retry of a finished request replays
   * its answer before the PIN is checked again: it moves no money, must not count as a PIN
   * attempt, and returns what the first one returned. A transfer to another bank (`instant`)
   * is refused while the customer has instant payments off, before the replay and the PIN, and
   * only once the account is known to be theirs.
   */
  async function prelude(userId: string, sendAccount: string, pin: string, key: string, operation: string, hashed: Record<string, unknown>, options: { instant?: boolean } = {}): Promise<Verdict> {
    const claim: Claim = { userId, key, operation, requestHash: requestHash(operation, { send_account: sendAccount, ...hashed }) };
    const judge = judgeCaller(claim, options);
    if (!pins) return judge(await readCaller(db, userId, sendAccount, key), noPin);
    return path.callerAndPin(pins, { userId, sendAccount, pin, key, instant: options.instant ?? false }, judge);
  }

  /** Locks the sender's account and reads what the checks need: each account's owner, tier and name, and for the sender its balance, the frozen flag, the limits row and what it has already debited today (the engines say how). */
  function lockForDebit(trx: Trx, sendAccount: string, others: string[], now: Date): Promise<DebitLock> {
    return path.lockForDebit(trx, { sendAccount, others, now });
  }

  /**
   * The idempotency claim, with the entry's journal row, then lockForDebit (on PostgreSQL one
   * statement). A key found taken is judged as the claim judges it: the answer comes back
   * (`kind: 'answer'`), for the work to end its transaction with (return it from moneyTransaction's
   * work); a key past its window is taken over, and then the lock is taken alone.
   */
  function claimAndLock(trx: Trx, claim: Claim, entry: PreparedEntry, sendAccount: string, others: string[], now: Date): Promise<Claimed> {
    return path.claimAndLock(trx, claim, entry, { sendAccount, others, now }, 'locked');
  }

  /**
   * Runs a money transaction. The work answers the customer's result (committed), or an Undone
   * (rolled back, and handed back as it is); a Refusal thrown inside comes out as its failure
   * (ledger.ts inTransaction), and an entry stopped on a row read unlocked (ledger.ts StaleRead)
   * as `stale`.
   */
  async function transaction(work: (trx: Trx) => Promise<MoneyResult | Undone>): Promise<MoneyResult | Undone> {
    try {
      const result = await inTransaction(db, async (trx) => {
        const value = await work(trx);
        if (isUndone(value)) throw new RolledBack(value);
        return value;
      });
      return result.ok ? result.value : result;
    } catch (error) {
      if (error instanceof RolledBack) return error.undone;
      if (error instanceof StaleRead) return { kind: 'stale' };
      throw error;
    }
  }

  /** A money transaction for a caller's own work (a payment to another bank, a bill): a stored answer found by its claim comes out as the result. */
  async function moneyTransaction(work: (trx: Trx) => Promise<MoneyResult | Undone>): Promise<MoneyResult> {
    const result = await transaction(work);
    if (!isUndone(result)) return result;
    if (result.kind === 'answer') return result.result;
    throw new Error(`a money transaction ended ${result.kind}, which only debitNow's own transactions can`);
  }

  /**
   * A debit whose money moves within the request (a transfer inside the bank): the prelude; then
   * `check`, the request's own checks that need no database (a failure is the answer, after the
   * PIN as before); then, in the money transaction, the claim with the entry's journal row
   * (`entry`, made with the transaction's time) and the lock and reads (claimAndLock), and `work`
   * with what they read.
   *
   * Where the engine writes the prelude's statement and the transaction's first together
   * (MoneyPath.ahead, PostgreSQL), the claim goes out before its PIN is judged, so it is kept only
   * when the try was taken and matched in SQL and every check of the prelude passed on the row
   * read with it: anything else (a wrong PIN, a lock, a replay, a PIN under an older key, an
   * account that is not the caller's) rolls the transaction back (`not-ready`), with its claim,
   * journal row and locks, before the try is judged as the prelude judges it (which may write, on
   * a connection of its own); and a request found ready only then goes on as the prelude's would.
   * All of it in the customer's turn (pins.inTurn), as the prelude's try is. A sender read
   * unlocked (its recipient sorts first) that changed before its entry (`stale`) runs again with
   * its row locked first.
   */
  async function debitNow(
    request: { userId: string; sendAccount: string; pin: string; key: string; operation: string; hashed: Record<string, unknown>; others: string[]; check?: () => Failure | null; entry: (now: Date) => PreparedEntry },
    work: (trx: Trx, debit: Ready & { now: Date; entry: PreparedEntry } & DebitLock) => Promise<MoneyResult>,
  ): Promise<MoneyResult> {
    const { userId, sendAccount, pin, key, operation, hashed, others, check } = request;
    // Read unlocked, the sender's row is checked by the entry that debits it (postEntry, told by
    // readUnlocked); a work that posted none for it has not debited it.
    const checkedWork = async (trx: Trx, debit: Ready & { now: Date; entry: PreparedEntry } & DebitLock) => {
      const result = await work(trx, debit);
      if (debit.asRead && !debit.asRead.applied) throw new Error(`debitNow: the sender ${debit.asRead.account} was read unlocked and no entry debited it`);
      return result;
    };
    /** The money transaction of a request found ready; a sender that changed before its entry runs again, `locked`. */
    const transact = async (ready: Ready, senderLock: SenderLock = 'unlocked-when-not-first'): Promise<MoneyResult> => {
      const result = await transaction(async (trx) => {
        const now = clock.now();
        const entry = request.entry(now);
        const claimed = await path.claimAndLock(trx, ready.claim, entry, { sendAccount, others, now }, senderLock);
        if (claimed.kind === 'answer') return claimed;
        return checkedWork(trx, { ...ready, now, entry, ...claimed.lock });
      });
      if (!isUndone(result)) return result;
      if (result.kind === 'answer') return result.result;
      if (result.kind === 'stale' && senderLock !== 'locked') return transact(ready, 'locked');
      throw new Error(`debitNow: a transaction of ${sendAccount} ended ${result.kind} with its sender locked`);
    };
    const ahead = path.ahead;
    if (!pins || !ahead) {
      const verdict = await prelude(userId, sendAccount, pin, key, operation, hashed);
      if ('done' in verdict) return verdict.done;
      return check?.() ?? transact(verdict.ready);
    }
    const claim: Claim = { userId, key, operation, requestHash: requestHash(operation, { send_account: sendAccount, ...hashed }) };
    const judge = judgeCaller(claim, {});
    return pins.inTurn(userId, async (tries) => {
      const attempt = tries.attempt(pin);
      // What the transaction learnt before it ended: the write ahead's findings, and the prelude's word once its checks passed.
      const learnt: { sent?: Sent; ready?: Ready } = {};
      const first = await transaction(async (trx) => {
        const now = clock.now();
        const entry = request.entry(now);
        const sent = await ahead.send(trx, { attempt, claim, entry, debit: { sendAccount, others, now } });
        learnt.sent = sent;
        const verdict = sent.passed ? await judge(sent.read, noPin) : null;
        if (!verdict || 'done' in verdict) return { kind: 'not-ready' };
        const refused = check?.();
        if (refused) return { kind: 'answer', result: refused };
        learnt.ready = verdict.ready;
        const claimed = await sent.claimed();
        if (claimed.kind === 'answer') return claimed;
        return checkedWork(trx, { ...verdict.ready, now, entry, ...claimed.lock });
      });
      if (!isUndone(first)) return first;
      if (first.kind === 'answer') return first.result;
      // The sender read unlocked had changed by its entry: rolled back whole (claim and journal
      // row included); its PIN was judged and its checks passed, so it runs again, locking first.
      if (first.kind === 'stale' && learnt.ready) return transact(learnt.ready, 'locked');
      if (first.kind === 'stale') throw new Error(`debitNow: a transaction of ${sendAccount} ended stale before its PIN was judged`);
      // Rolled back: the try it took (or one taken now) judged as the prelude judges it.
      const verdict = await ahead.judge(tries, pin, attempt, learnt.sent?.read, judge);
      if ('done' in verdict) return verdict.done;
      return check?.() ?? transact(verdict.ready);
    });
  }

  /**
   * The sender's checks inside the money transaction, from what lockForDebit read with the lock:
   * a freeze that landed since the prelude stops it; then the tier's daily limit and the
   * customer's own limits.
   */
  async function checkDebit(trx: Trx, sender: DebitContext, tier: number, amountKobo: Kobo, now: Date, verb: 'send' | 'spend' = 'send') {
    if (sender.frozen) throw new Refusal(accountFrozen());
    // Proofs taken away since the prelude (a liveness pass cleared) stop the debit too.
    if (!sender.mayMoveMoney) throw new Refusal(identityRequired());
    const limitKobo = tierLimits(config.money, tier).dailyDebitKobo;
    const usedKobo = sender.usedTodayKobo;
    // The customer's own daily limit and the new-browser cap, each at or below the tier's.
    await limitGuard?.check(trx, sender.accountNumber, { amountKobo, usedTodayKobo: usedKobo, now, verb, limits: sender.limits });
    if (usedKobo + amountKobo > limitKobo) {
      const refusal = words.dailyLimit({ limitKobo, usedKobo, leftKobo: kobo(Math.max(0, limitKobo - usedKobo)), tier, verb });
      throw new Refusal(fail('LIMIT_EXCEEDED', refusal.message, { errors: { amount: [refusal.field] } }));
    }
  }

  /** Daily debit limit for the sender's tier (and the frozen flag and own limits), checked with the account locked. */
  async function checkDailyLimit(trx: Trx, accountNumber: string, tier: number, amountKobo: Kobo, now: Date, verb: 'send' | 'spend' = 'send') {
    const { sender } = await lockForDebit(trx, accountNumber, [], now);
    await checkDebit(trx, sender, tier, amountKobo, now, verb);
  }

  /** The balance covers the debit (amount and charges), or the transaction is refused. */
  function requireFunds(balanceKobo: Kobo, totalKobo: Kobo, what?: 'amount and charges') {
    if (balanceKobo < totalKobo) {
      throw new Refusal(fail('INSUFFICIENT_FUNDS', words.insufficientFunds({ balanceKobo, totalKobo, ...(what ? { what } : {}) }), { errors: { amount: [said('said.money.insufficientField')] } }));
    }
  }

  async function presentByReference(executor: Trx | Db, accountNumber: string, reference: string): Promise<TransactionJson> {
    const row = await executor.selectFrom('transactions').selectAll().where('account_number', '=', accountNumber).where('reference', '=', reference).executeTakeFirstOrThrow();
    return presentTransaction(row);
  }

  return { authorise, prelude, debitNow, lockForDebit, claimAndLock, checkDebit, checkDailyLimit, requireFunds, moneyTransaction, presentByReference };
}
export type MoneyGate = ReturnType<typeof createMoneyGate>;
