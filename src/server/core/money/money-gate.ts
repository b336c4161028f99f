import type { Db } from '../../db/connection.ts';
import type { Config } from '../../config.ts';
import type { Clock } from '../clock.ts';
import { fail, succeed, type Result } from '../result.ts';
import { inTransaction, Refusal, type Trx } from '../ledger/ledger.ts';
import { tierLimits } from '../tiers/tier-limits.ts';
import { presentTransaction, type TransactionRepository } from '../transactions/transaction-repository.ts';
import type { PinGuard } from './pin-guard.ts';
import { Replay, requestHash, type Claim, type Idempotency } from './idempotency.ts';
import type { UserRepository } from '../users/user-repository.ts';
import { presentUser } from '../users/present-user.ts';
import { pendingOnboardingStep } from '../../../lib/onboarding.ts';
import { kobo, type Kobo } from '../../../lib/money.ts';
import type { MoneyWords } from '../payments/words.ts';
import { lagosDate } from '../../../lib/lagos-time.ts';
import type { TransactionJson } from '../../../lib/transaction.ts';
import type { LimitGuard } from '../customer-limits/limit-guard.ts';
import { accountFrozen, refuseIfFrozen } from '../safety/frozen.ts';

/** What every call that moves money answers: the customer's Transaction and a sentence. */
export type MoneyOutcome = { transaction: TransactionJson; message: string };
export type MoneyResult = Result<MoneyOutcome> & { replayed?: boolean };

/**
 * The checks every debit passes through, whatever it pays for (a transfer, a bill): the account
 * is the caller's and onboarding is complete; a retry of a finished request replays its answer;
 * the PIN; and, inside the money transaction, the idempotency claim, the tier's daily limit and
 * the balance.
 */
export function createMoneyGate(deps: { db: Db; config: Config; clock: Clock; users: UserRepository; transactions: TransactionRepository; pins: PinGuard; idempotency: Idempotency; words: MoneyWords; limitGuard?: LimitGuard }) {
  const { db, config, clock, users, transactions, pins, idempotency, words, limitGuard } = deps;

  /** The caller may move money from this account: it is theirs and onboarding is complete. */
  async function authorise(userId: string, sendAccount: string): Promise<Result<{ accountName: string; tier: number; frozen: boolean }>> {
    const profile = await users.loadProfile(userId);
    if (!profile) return fail('UNAUTHENTICATED', 'Please sign in.');
    const account = profile.accounts.find((candidate) => candidate.account_number === sendAccount);
    if (!account) return fail('FORBIDDEN', 'That account is not yours.');
    if (pendingOnboardingStep(presentUser(profile))) return fail('ONBOARDING_INCOMPLETE', 'Finish setting up your account before moving money.');
    return succeed({ accountName: account.account_name, tier: profile.user.tier, frozen: profile.user.frozen_at !== null });
  }

  /**
   * Authorise, the idempotency fast path, then the PIN. A retry of a finished request replays
   * its answer before the PIN is checked again: it moves no money, must not count as a PIN
   * attempt, and returns what the first one returned.
   */
  async function prelude(
    userId: string,
    sendAccount: string,
    pin: string,
    key: string,
    operation: string,
    hashed: Record<string, unknown>,
  ): Promise<{ done: MoneyResult } | { ready: { claim: Claim; accountName: string; tier: number } }> {
    const authorised = await authorise(userId, sendAccount);
    if (!authorised.ok) return { done: authorised };
    const claim: Claim = { userId, key, operation, requestHash: requestHash(operation, { send_account: sendAccount, ...hashed }) };
    const early = await idempotency.peek<MoneyOutcome>(claim, clock.now());
    if (early instanceof Replay) return { done: { ...early.outcome, replayed: true } as MoneyResult };
    if (early instanceof Refusal) return { done: early.failure };
    // A frozen account (issue 13) is refused after a finished request's replay and before the PIN: no PIN try is spent.
    if (authorised.value.frozen) return { done: accountFrozen() };
    const confirmed = await pins.confirm(userId, pin);
    if (!confirmed.ok) return { done: confirmed };
    return { ready: { ...authorised.value, claim } };
  }

  /** Daily debit limit for the sender's tier, checked with the account locked. */
  async function checkDailyLimit(trx: Trx, accountNumber: string, tier: number, amountKobo: Kobo, now: Date, verb: 'send' | 'spend' = 'send') {
    // Every debit's money transaction passes here: a freeze that landed since the prelude stops it too.
    await refuseIfFrozen(trx, accountNumber);
    const limitKobo = tierLimits(config.money, tier).dailyDebitKobo;
    const usedKobo = kobo(await transactions.debitedOn(trx, accountNumber, lagosDate(now)));
    // The customer's own daily limit and the new-browser cap (issue 13), each at or below the tier's.
    await limitGuard?.check(trx, accountNumber, { amountKobo, usedTodayKobo: usedKobo, now, verb });
    if (usedKobo + amountKobo > limitKobo) {
      const refusal = words.dailyLimit({ limitKobo, usedKobo, leftKobo: kobo(Math.max(0, limitKobo - usedKobo)), tier, verb });
      throw new Refusal(fail('LIMIT_EXCEEDED', refusal.message, { errors: { amount: [refusal.field] } }));
    }
  }

  /** The balance covers the debit (amount and charges), or the transaction is refused. */
  function requireFunds(balanceKobo: Kobo, totalKobo: Kobo, what?: string) {
    if (balanceKobo < totalKobo) {
      throw new Refusal(fail('INSUFFICIENT_FUNDS', words.insufficientFunds({ balanceKobo, totalKobo, ...(what ? { what } : {}) }), { errors: { amount: ['More than your balance'] } }));
    }
  }

  /** Runs a money transaction; a replay found while claiming the key comes out as its outcome. */
  async function moneyTransaction(work: (trx: Trx) => Promise<MoneyResult>): Promise<MoneyResult> {
    try {
      const result = await inTransaction(db, work);
      return result.ok ? result.value : result;
    } catch (error) {
      if (error instanceof Replay) return { ...(error.outcome as MoneyResult), replayed: true };
      throw error;
    }
  }

  async function presentByReference(executor: Trx | Db, accountNumber: string, reference: string): Promise<TransactionJson> {
    const row = await executor.selectFrom('transactions').selectAll().where('account_number', '=', accountNumber).where('reference', '=', reference).executeTakeFirstOrThrow();
    return presentTransaction(row);
  }

  return { authorise, prelude, checkDailyLimit, requireFunds, moneyTransaction, presentByReference };
}
export type MoneyGate = ReturnType<typeof createMoneyGate>;
