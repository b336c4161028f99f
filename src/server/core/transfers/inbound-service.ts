import { canMoveMoney } from '../kyc/identity-rule.ts';
import { creditNotPermitted } from '../money/identity.ts';
import { checkCreditCap, inboundCapReached, type RefusedCredit } from '../customer-limits/credit-cap.ts';
import { accountLimitsOf, customerLimitsSelection } from '../customer-limits/limit-guard.ts';
import type { Db } from '../../db/connection.ts';
import type { Config } from '../../config.ts';
import type { Clock } from '../clock.ts';
import { fail, succeed, type Result } from '../result.ts';
import { inTransaction, internalAccounts, lockAccounts, newReference, postEntry, Refusal } from '../ledger/ledger.ts';
import { tierLimits } from '../tiers/tier-limits.ts';
import { findBank } from '../reference/banks.ts';
import { presentTransaction, recordTransaction } from '../transactions/transaction-repository.ts';
import { kobo, type Kobo } from '../../../lib/money.ts';
import type { MoneyWords } from '../payments/words.ts';
import type { TransactionCategory, TransactionJson } from '../../../lib/transaction.ts';
import { countRequestPayment } from '../payment-requests/request-payments.ts';
import { said } from '../../../i18n/said.ts';

/**
 * Money arriving: a transfer from another bank (the interbank settlement account pays), or, in
 * the sandbox, a deposit from the sandbox funding account. Same ledger, same limits: an account
 * cannot go over its tier's maximum balance.
 */
export function createInboundService(deps: { db: Db; config: Config; clock: Clock; words: MoneyWords; refusedCredits?: { queue(refused: RefusedCredit): Promise<void> } }) {
  const { db, config, clock, words, refusedCredits } = deps;

  async function credit(input: {
    accountNumber: string;
    amount: Kobo;
    source: 'interbank' | 'sandbox';
    category: TransactionCategory;
    narration: string;
    counterparty: { name: string; account_number: string; bank_code: string; bank_name: string } | null;
    details?: Record<string, unknown>;
    at?: Date;
  }): Promise<Result<TransactionJson>> {
    let refused: RefusedCredit | null = null;
    const result = await inTransaction(db, async (trx) => {
      const now = input.at ?? clock.now();
      const locked = await lockAccounts(trx, [input.accountNumber]);
      const account = locked.get(input.accountNumber);
      if (!account || account.kind !== 'customer' || !account.user_id) throw new Refusal(fail('ACCOUNT_NOT_FOUND', said('said.sandbox.noAccount')));
      // The owner's tier and proofs, and the account's opening and limits row (its cap window), read after the lock.
      const owner = await trx
        .selectFrom('accounts')
        .innerJoin('users', 'users.id', 'accounts.user_id')
        .leftJoin('customer_limits', 'customer_limits.user_id', 'accounts.user_id')
        .select(['users.tier', 'users.bvn_verified_at', 'users.nin_verified_at', 'users.liveness_passed_at', 'accounts.user_id as user_id', 'accounts.created_at as opened_at', ...customerLimitsSelection])
        .where('accounts.account_number', '=', input.accountNumber)
        .executeTakeFirstOrThrow();
      // An owner without an identity may not be credited: the whole credit goes back (NIP 57 to the switch).
      if (!canMoveMoney(owner)) throw new Refusal(creditNotPermitted());
      const maxBalanceKobo = tierLimits(config.money, owner.tier).maxBalanceKobo;
      if (maxBalanceKobo !== null && account.balance + input.amount > maxBalanceKobo) {
        throw new Refusal(fail('LIMIT_EXCEEDED', words.maxBalance({ maxBalanceKobo: kobo(maxBalanceKobo), tier: owner.tier, whose: 'inbound' })));
      }
      // The cap on money in while the window is open (the row is locked already): over it, the
      // whole credit goes back as one the receiver may not take (NIP 57). A sandbox deposit (the
      // bank's own test money) is neither counted nor refused (limit-guard.ts creditedSince).
      if (input.source === 'interbank') {
        await checkCreditCap(trx, config.customerLimits, { accountNumber: input.accountNumber, limits: accountLimitsOf(owner), amountKobo: input.amount, now, lock: false }, inboundCapReached, (cap) => {
          refused = { userId: account.user_id!, accountNumber: input.accountNumber, amountKobo: input.amount, limitKobo: cap.limitKobo, leftKobo: cap.leftKobo, from: input.counterparty?.name ?? '', fromBank: input.counterparty?.bank_name ?? null, until: cap.window.until, reason: cap.window.reason };
        });
      }
      const reference = newReference(input.source === 'interbank' ? 'INW' : 'DEP', now);
      const posted = await postEntry(trx, {
        reference,
        kind: input.source === 'interbank' ? 'transfer.inbound' : 'deposit.sandbox',
        description: input.narration,
        at: now.toISOString(),
        lines: [
          { account: input.source === 'interbank' ? internalAccounts.interbankSettlement : internalAccounts.sandboxFunding, amount: kobo(-input.amount) },
          { account: input.accountNumber, amount: input.amount },
        ],
      });
      const transactionId = await recordTransaction(trx, {
        reference,
        accountNumber: input.accountNumber,
        userId: account.user_id,
        type: 'credit',
        category: input.category,
        status: 'successful',
        amount: input.amount,
        fee: kobo(0),
        balanceAfter: posted.balances.get(input.accountNumber)!,
        narration: input.narration,
        counterparty: input.counterparty,
        details: input.details ?? {},
        entryId: posted.entryId,
        at: now,
      });
      // A payment request's reference in the narration counts this credit towards it, in this transaction.
      await countRequestPayment(trx, { transactionId, accountNumber: input.accountNumber, amountKobo: input.amount, narration: input.narration, payerName: input.counterparty?.name ?? null, at: now });
      const row = await trx.selectFrom('transactions').selectAll().where('account_number', '=', input.accountNumber).where('reference', '=', reference).executeTakeFirstOrThrow();
      return presentTransaction(row);
    });
    // Told after the refusing transaction rolled back, never inside it.
    const told = refused as RefusedCredit | null;
    if (!result.ok && told) await refusedCredits?.queue(told);
    return result.ok ? succeed(result.value) : result;
  }

  return {
    /** A transfer from another bank, as the switch would deliver it. */
    async receiveInterbank(input: { account_number: string; amount: number; sender_name: string; sender_bank_code: string; sender_account_number?: string | undefined; narration?: string | undefined; at?: Date }): Promise<Result<TransactionJson>> {
      const bank = findBank(config.bank, input.sender_bank_code);
      if (!bank || bank.isSelf) return fail('VALIDATION_FAILED', said('said.sandbox.sendingBank'), { errors: { sender_bank_code: [said('said.sandbox.unknownBank')] } });
      return credit({
        accountNumber: input.account_number,
        amount: kobo(input.amount),
        source: 'interbank',
        category: 'transfer',
        narration: input.narration || `Transfer from ${input.sender_name}`,
        counterparty: { name: input.sender_name, account_number: input.sender_account_number ?? '', bank_code: bank.code, bank_name: bank.name },
        details: { channel: 'nip' },
        ...(input.at ? { at: input.at } : {}),
      });
    },
    /** A cash-like deposit from the sandbox funding account (demo data only). */
    async depositFromSandbox(input: { account_number: string; amount: number; narration: string; at?: Date }): Promise<Result<TransactionJson>> {
      return credit({ accountNumber: input.account_number, amount: kobo(input.amount), source: 'sandbox', category: 'deposit', narration: input.narration, counterparty: null, ...(input.at ? { at: input.at } : {}) });
    },
  };
}
export type InboundService = ReturnType<typeof createInboundService>;
