import { canMoveMoney } from '../kyc/identity-rule.ts';
import { creditNotPermitted } from '../money/identity.ts';
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
export function createInboundService(deps: { db: Db; config: Config; clock: Clock; words: MoneyWords }) {
  const { db, config, clock, words } = deps;

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
    const result = await inTransaction(db, async (trx) => {
      const now = input.at ?? clock.now();
      const locked = await lockAccounts(trx, [input.accountNumber]);
      const account = locked.get(input.accountNumber);
      if (!account || account.kind !== 'customer' || !account.user_id) throw new Refusal(fail('ACCOUNT_NOT_FOUND', said('said.sandbox.noAccount')));
      const owner = await trx.selectFrom('users').select(['tier', 'bvn_verified_at', 'nin_verified_at', 'liveness_passed_at']).where('id', '=', account.user_id).executeTakeFirstOrThrow();
      // An owner without an identity may not be credited: the whole credit goes back (NIP 57 to the switch).
      if (!canMoveMoney(owner)) throw new Refusal(creditNotPermitted());
      const maxBalanceKobo = tierLimits(config.money, owner.tier).maxBalanceKobo;
      if (maxBalanceKobo !== null && account.balance + input.amount > maxBalanceKobo) {
        throw new Refusal(fail('LIMIT_EXCEEDED', words.maxBalance({ maxBalanceKobo: kobo(maxBalanceKobo), tier: owner.tier, whose: 'inbound' })));
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
