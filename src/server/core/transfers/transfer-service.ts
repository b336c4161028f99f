import type { Db } from '../../db/connection.ts';
import type { Config } from '../../config.ts';
import type { Logger } from '../../log.ts';
import type { Clock } from '../clock.ts';
import { fail, succeed, type Result } from '../result.ts';
import { inTransaction, internalAccounts, lockAccounts, newReference, postEntry, Refusal, reverseEntry, type Trx } from '../ledger/ledger.ts';
import { tierLimits, transferCharges } from '../ledger/charges.ts';
import { findBank, type BankInfo } from '../reference/banks.ts';
import { recordTransaction, type TransactionRepository } from '../transactions/transaction-repository.ts';
import type { PinGuard } from '../money/pin-guard.ts';
import type { Idempotency } from '../money/idempotency.ts';
import { createMoneyGate, type MoneyResult } from '../money/money-gate.ts';
import { reverseDebit } from '../money/reversal.ts';
import { withTimeout } from '../../integrations/with-timeout.ts';
import type { UserRepository } from '../users/user-repository.ts';
import { isValidNuban } from '../../../lib/nuban.ts';
import { formatNaira } from '../../../lib/money.ts';
import { ownValue } from '../../../lib/own.ts';
import type { Counterparty, TransactionJson } from '../../../lib/transaction.ts';
import type { BankTransferInput, LocalTransferInput, NameEnquiryInput } from '../../../lib/money-schemas.ts';
import { newNipSessionId, responseMessages, verdictOf, type InterbankSwitch, type Verdict } from '../../integrations/interbank/ports.ts';

export type NameEnquiryJson = { account_number: string; account_name: string; bank_code: string; bank_name: string };
export type TransferResult = MoneyResult;

/** How long the server waits for the switch before treating a transfer as pending. */
const switchTimeoutMs = 15_000;
/** A timed-out transfer is first re-queried after this, then with growing gaps up to an hour. */
const firstRequeryMs = 30_000;


/**
 * Transfers: to another customer of this bank (one entry, settled at once) and to other banks
 * through the interbank switch (debit into suspense, then settled or reversed on the switch's
 * answer, or left pending until a status query gives a definite one).
 */
export function createTransferService(deps: {
  db: Db;
  config: Config;
  clock: Clock;
  log: Logger;
  users: UserRepository;
  transactions: TransactionRepository;
  pins: PinGuard;
  idempotency: Idempotency;
  interbank: InterbankSwitch | null;
}) {
  const { db, config, clock, log, transactions, idempotency, interbank } = deps;
  const engine = config.database.kind;
  const rules = config.money;
  const { authorise, prelude, checkDailyLimit, requireFunds, moneyTransaction, presentByReference } = createMoneyGate(deps);

  async function nameEnquiry(input: NameEnquiryInput): Promise<Result<NameEnquiryJson & { sessionId: string | null; bank: BankInfo }>> {
    const bank = findBank(config.bank, input.bank_code);
    if (!bank) return fail('VALIDATION_FAILED', 'Choose the bank from the list.', { errors: { bank_code: ['Choose the bank from the list'] } });
    if (bank.isSelf) {
      if (!isValidNuban(input.account_number, config.bank.cbnCode)) return fail('INVALID_ACCOUNT_NUMBER', `That is not a valid ${bank.name} account number. Check it and try again.`, { errors: { account_number: ['Check the account number'] } });
      const account = await db.selectFrom('accounts').select(['account_name']).where('account_number', '=', input.account_number).where('kind', '=', 'customer').executeTakeFirst();
      if (!account) return fail('ACCOUNT_NOT_FOUND', `No ${bank.name} account has that number.`, { errors: { account_number: ['No account has this number'] } });
      return succeed({ account_number: input.account_number, account_name: account.account_name, bank_code: bank.code, bank_name: bank.name, sessionId: null, bank });
    }
    if (!interbank) return fail('PROVIDER_FAILED', 'Transfers to other banks are not available at the moment.');
    const sessionId = newNipSessionId(config.bank.nipCode, clock.now());
    let response;
    try {
      response = await withTimeout(interbank.nameEnquiry({ sessionId, destinationBankCode: bank.code, accountNumber: input.account_number }), switchTimeoutMs);
    } catch (error) {
      log.warn('nip.name_enquiry_failed', { bank: bank.code, error: error instanceof Error ? error.message : String(error) });
      return fail('PROVIDER_TIMEOUT', `${bank.name} did not answer in time. Nothing was sent; please try again.`);
    }
    if (response.responseCode === '07') return fail('INVALID_ACCOUNT_NUMBER', `That is not a valid ${bank.name} account number. Check it and try again.`, { errors: { account_number: ['Check the account number'] } });
    if (response.responseCode === '25') return fail('ACCOUNT_NOT_FOUND', `${bank.name} has no account with that number.`, { errors: { account_number: ['No account has this number'] } });
    if (response.responseCode !== '00' || !response.accountName) {
      return fail('PROVIDER_FAILED', `${bank.name} could not confirm the account right now (${ownValue(responseMessages, response.responseCode) ?? response.responseCode}). Nothing was sent.`);
    }
    return succeed({ account_number: input.account_number, account_name: response.accountName, bank_code: bank.code, bank_name: bank.name, sessionId: response.sessionId, bank });
  }

  /** The tier of an account's owner; read before any lock is taken (a tier only ever changes by an upgrade). */
  async function ownerTier(accountNumber: string): Promise<number> {
    const owner = await db.selectFrom('accounts').innerJoin('users', 'users.id', 'accounts.user_id').select('users.tier').where('accounts.account_number', '=', accountNumber).executeTakeFirst();
    return owner?.tier ?? 1;
  }

  function checkMaxBalance(tier: number, balance: number, amount: number, who: 'recipient' | 'you') {
    const owner = { tier };
    const cap = tierLimits(rules, tier).maxBalance;
    if (cap !== null && balance + amount > cap) {
      throw new Refusal(
        who === 'recipient'
          ? fail('LIMIT_EXCEEDED', `The recipient's account cannot receive this amount: it would go over the ${formatNaira(cap)} maximum balance of their account tier.`, { errors: { amount: ['Too much for the recipient’s account'] } })
          : fail('LIMIT_EXCEEDED', `This account cannot hold more than ${formatNaira(cap)} on Tier ${owner.tier}.`, { errors: { amount: ['Over the account’s maximum balance'] } }),
      );
    }
  }

  async function saveBeneficiary(trx: Trx, userId: string, ownerAccount: string, recipient: NameEnquiryJson, now: Date) {
    await trx
      .insertInto('beneficiaries')
      .values({ id: `ben_${crypto.randomUUID().replaceAll('-', '').slice(0, 16)}`, user_id: userId, owner_account: ownerAccount, account_number: recipient.account_number, account_name: recipient.account_name, bank_code: recipient.bank_code, bank_name: recipient.bank_name, nickname: null, created_at: now.toISOString() })
      .onConflict((conflict) => conflict.columns(['user_id', 'bank_code', 'account_number']).doNothing())
      .execute();
  }

  async function sendLocal(userId: string, sendAccount: string, input: LocalTransferInput, key: string): Promise<TransferResult> {
    const hashed = { account_number: input.account_number, amount: input.amount, narration: input.narration, save_beneficiary: input.save_beneficiary };
    const ready = await prelude(userId, sendAccount, input.pin, key, 'transfer.local', hashed);
    if ('done' in ready) return ready.done;
    const { claim, tier, accountName } = ready.ready;
    if (input.account_number === sendAccount) {
      return fail('VALIDATION_FAILED', 'You cannot send money to the account it comes from.', { errors: { account_number: ['This is the account you are sending from'] } });
    }
    const recipient = await nameEnquiry({ account_number: input.account_number, bank_code: config.bank.nipCode });
    if (!recipient.ok) return recipient;
    const charges = transferCharges(rules, input.amount, 'local');
    const recipientTier = await ownerTier(input.account_number);

    return moneyTransaction(async (trx) => {
      const now = clock.now();
      await idempotency.claim(trx, claim, now);
      const locked = await lockAccounts(trx, engine, [sendAccount, input.account_number]);
      const sender = locked.get(sendAccount)!;
      const receiver = locked.get(input.account_number);
      if (!receiver || receiver.kind !== 'customer' || !receiver.user_id) throw new Refusal(fail('ACCOUNT_NOT_FOUND', 'No account has that number.'));
      await checkDailyLimit(trx, sendAccount, tier, input.amount, now);
      requireFunds(sender.balance, input.amount + charges.total, 'amount and charges');
      checkMaxBalance(recipientTier, receiver.balance, input.amount, 'recipient');

      const reference = newReference('TRF', now);
      const narration = input.narration || `Transfer to ${recipient.value.account_name}`;
      const posted = await postEntry(trx, {
        reference,
        kind: 'transfer.local',
        description: `Transfer ${sendAccount} → ${input.account_number}`,
        at: now.toISOString(),
        lines: [
          { account: sendAccount, amount: -(input.amount + charges.total) },
          { account: input.account_number, amount: input.amount },
          { account: internalAccounts.stampDuty, amount: charges.stampDuty },
        ],
      });
      const bankName = config.bank.name;
      const toRecipient: Counterparty = { name: recipient.value.account_name, account_number: input.account_number, bank_code: config.bank.nipCode, bank_name: bankName };
      const fromSender: Counterparty = { name: accountName, account_number: sendAccount, bank_code: config.bank.nipCode, bank_name: bankName };
      const details = { transfer_fee: charges.transferFee, stamp_duty: charges.stampDuty, channel: 'local' };
      await recordTransaction(trx, { reference, accountNumber: sendAccount, userId, type: 'debit', category: 'transfer', status: 'successful', amount: input.amount, fee: charges.total, balanceAfter: posted.balances.get(sendAccount)!, narration, counterparty: toRecipient, details, entryId: posted.entryId, at: now });
      await recordTransaction(trx, { reference, accountNumber: input.account_number, userId: receiver.user_id, type: 'credit', category: 'transfer', status: 'successful', amount: input.amount, fee: 0, balanceAfter: posted.balances.get(input.account_number)!, narration: input.narration || `Transfer from ${accountName}`, counterparty: fromSender, details: { channel: 'local' }, entryId: posted.entryId, at: now });
      if (input.save_beneficiary) await saveBeneficiary(trx, userId, sendAccount, recipient.value, now);
      const outcome: TransferResult = succeed({ transaction: await presentByReference(trx, sendAccount, reference), message: `${formatNaira(input.amount)} sent to ${recipient.value.account_name}.` });
      await idempotency.complete(trx, claim, outcome, reference, now);
      return outcome;
    });
  }

  /** Settles a pending interbank transfer once: approved moves suspense to settlement; failed reverses everything. */
  async function settle(reference: string, verdict: Exclude<Verdict, 'unknown'>, responseCode: string): Promise<void> {
    await inTransaction(db, async (trx) => {
      const now = clock.now();
      const claimed = await trx
        .updateTable('interbank_transfers')
        .set({ status: verdict === 'approved' ? 'successful' : 'failed', response_code: responseCode, settled_at: now.toISOString() })
        .where('reference', '=', reference)
        .where('status', '=', 'pending')
        .returningAll()
        .executeTakeFirst();
      if (!claimed) return; // someone else settled it first
      const original = await trx.selectFrom('transactions').selectAll().where('id', '=', claimed.transaction_id).executeTakeFirstOrThrow();
      if (verdict === 'approved') {
        await postEntry(trx, {
          reference,
          kind: 'transfer.interbank.settle',
          description: `NIP ${claimed.session_id} approved`,
          at: now.toISOString(),
          lines: [
            { account: internalAccounts.suspense, amount: -Number(claimed.amount) },
            { account: internalAccounts.interbankSettlement, amount: Number(claimed.amount) },
          ],
        });
        await trx.updateTable('transactions').set({ status: 'successful', updated_at: now.toISOString() }).where('id', '=', original.id).execute();
      } else {
        const reason = ownValue(responseMessages, responseCode) ?? `response ${responseCode}`;
        await reverseDebit(trx, original, { reason, narration: `Reversal: transfer to ${claimed.destination_name} failed (${reason})`, description: `NIP ${claimed.session_id} failed: ${reason}`, at: now });
      }
      if (claimed.idempotency_user_id && claimed.idempotency_key) {
        const transaction = await presentByReference(trx, claimed.account_number, reference);
        await idempotency.complete(trx, { userId: claimed.idempotency_user_id, key: claimed.idempotency_key }, succeed({ transaction, message: messageFor(transaction) }), reference, now);
      }
    });
    log.info('nip.settled', { reference, verdict, responseCode });
  }

  function messageFor(transaction: TransactionJson): string {
    const to = transaction.counterparty?.name ?? 'the recipient';
    if (transaction.status === 'successful') return `${formatNaira(transaction.amount)} sent to ${to}.`;
    if (transaction.status === 'pending') return `Your transfer to ${to} is pending: the other bank has not confirmed it yet. We will confirm it or return the money.`;
    return `The transfer to ${to} failed and ${formatNaira(transaction.amount + transaction.fee)} was returned to your account.`;
  }

  async function sendToBank(userId: string, sendAccount: string, input: BankTransferInput, key: string): Promise<TransferResult> {
    const bank = findBank(config.bank, input.bank_code);
    if (bank?.isSelf) return sendLocal(userId, sendAccount, input, key);
    const hashed = { account_number: input.account_number, bank_code: input.bank_code, amount: input.amount, narration: input.narration, save_beneficiary: input.save_beneficiary };
    const ready = await prelude(userId, sendAccount, input.pin, key, 'transfer.bank', hashed);
    if ('done' in ready) return ready.done;
    const { claim, tier, accountName } = ready.ready;
    const recipient = await nameEnquiry({ account_number: input.account_number, bank_code: input.bank_code });
    if (!recipient.ok) return recipient;
    const charges = transferCharges(rules, input.amount, 'interbank');
    const sessionId = newNipSessionId(config.bank.nipCode, clock.now());

    const started = await moneyTransaction(async (trx) => {
      const now = clock.now();
      await idempotency.claim(trx, claim, now);
      const locked = await lockAccounts(trx, engine, [sendAccount]);
      const sender = locked.get(sendAccount)!;
      await checkDailyLimit(trx, sendAccount, tier, input.amount, now);
      requireFunds(sender.balance, input.amount + charges.total, 'amount and charges');
      const reference = newReference('TRF', now);
      const posted = await postEntry(trx, {
        reference,
        kind: 'transfer.interbank',
        description: `NIP ${sessionId} to ${recipient.value.bank_code}/${input.account_number}`,
        at: now.toISOString(),
        lines: [
          { account: sendAccount, amount: -(input.amount + charges.total) },
          { account: internalAccounts.suspense, amount: input.amount },
          { account: internalAccounts.feeIncome, amount: charges.transferFee },
          { account: internalAccounts.stampDuty, amount: charges.stampDuty },
        ],
      });
      const counterparty: Counterparty = { name: recipient.value.account_name, account_number: input.account_number, bank_code: recipient.value.bank_code, bank_name: recipient.value.bank_name };
      const transactionId = await recordTransaction(trx, {
        reference,
        accountNumber: sendAccount,
        userId,
        type: 'debit',
        category: 'transfer',
        status: 'pending',
        amount: input.amount,
        fee: charges.total,
        balanceAfter: posted.balances.get(sendAccount)!,
        narration: input.narration || `Transfer to ${recipient.value.account_name}`,
        counterparty,
        details: { transfer_fee: charges.transferFee, stamp_duty: charges.stampDuty, channel: 'nip', session_id: sessionId },
        entryId: posted.entryId,
        at: now,
      });
      await trx
        .insertInto('interbank_transfers')
        .values({
          reference,
          transaction_id: transactionId,
          entry_id: posted.entryId,
          user_id: userId,
          account_number: sendAccount,
          destination_bank_code: recipient.value.bank_code,
          destination_account: input.account_number,
          destination_name: recipient.value.account_name,
          amount: input.amount,
          name_enquiry_session_id: recipient.value.sessionId ?? sessionId,
          session_id: sessionId,
          status: 'pending',
          response_code: null,
          next_query_at: new Date(now.getTime() + firstRequeryMs).toISOString(),
          idempotency_user_id: userId,
          idempotency_key: key,
          created_at: now.toISOString(),
          settled_at: null,
        })
        .execute();
      if (input.save_beneficiary) await saveBeneficiary(trx, userId, sendAccount, recipient.value, now);
      // Stored now, so a retry after a crash sees the pending transfer; replaced when it settles.
      const transaction = await presentByReference(trx, sendAccount, reference);
      const outcome: TransferResult = succeed({ transaction, message: messageFor(transaction) });
      await idempotency.complete(trx, claim, outcome, reference, now);
      return outcome;
    });
    if (!started.ok || started.replayed) return started;
    const reference = started.value.transaction.reference;

    let responseCode: string;
    try {
      const answer = await withTimeout(
        interbank!.fundsTransfer({
          sessionId,
          nameEnquiryRef: recipient.value.sessionId ?? sessionId,
          destinationBankCode: recipient.value.bank_code,
          beneficiaryAccount: input.account_number,
          beneficiaryName: recipient.value.account_name,
          originatorAccount: sendAccount,
          originatorName: accountName,
          amount: input.amount,
          narration: input.narration,
          paymentReference: reference,
        }),
        switchTimeoutMs,
      );
      responseCode = answer.responseCode;
    } catch (error) {
      log.warn('nip.funds_transfer_unanswered', { reference, error: error instanceof Error ? error.message : String(error) });
      responseCode = '97';
    }
    const verdict = verdictOf(responseCode);
    if (verdict === 'unknown') {
      await db.updateTable('interbank_transfers').set({ response_code: responseCode }).where('reference', '=', reference).where('status', '=', 'pending').execute();
      return started;
    }
    await settle(reference, verdict, responseCode);
    const transaction = await presentByReference(db, sendAccount, reference);
    return succeed({ transaction, message: messageFor(transaction) });
  }

  /** Asks the switch about pending transfers whose turn has come (or one, on the customer's demand). */
  async function requery(options: { reference?: string; limit?: number } = {}): Promise<{ checked: number; settled: number }> {
    if (!interbank) return { checked: 0, settled: 0 };
    const now = clock.now();
    let query = db.selectFrom('interbank_transfers').selectAll().where('status', '=', 'pending');
    query = options.reference ? query.where('reference', '=', options.reference) : query.where('next_query_at', '<=', now.toISOString());
    const due = await query.orderBy('next_query_at').limit(options.limit ?? 50).execute();
    let settled = 0;
    for (const transfer of due) {
      let responseCode: string;
      try {
        responseCode = (await withTimeout(interbank.statusQuery({ sessionId: transfer.session_id, destinationBankCode: transfer.destination_bank_code }), switchTimeoutMs)).responseCode;
      } catch {
        responseCode = '97';
      }
      const verdict = verdictOf(responseCode);
      if (verdict === 'unknown') {
        const attempts = transfer.query_attempts + 1;
        const wait = Math.min(3_600_000, firstRequeryMs * 2 ** attempts);
        await db.updateTable('interbank_transfers').set({ query_attempts: attempts, response_code: responseCode, next_query_at: new Date(now.getTime() + wait).toISOString() }).where('reference', '=', transfer.reference).where('status', '=', 'pending').execute();
        if (attempts >= 12) log.error('nip.unresolved', { reference: transfer.reference, attempts, responseCode });
        continue;
      }
      await settle(transfer.reference, verdict, responseCode);
      settled += 1;
    }
    return { checked: due.length, settled };
  }

  /** The customer's "check status" on a pending receipt. */
  async function checkStatus(userId: string, accountNumber: string, reference: string): Promise<Result<TransactionJson>> {
    const owned = await db.selectFrom('interbank_transfers').select('reference').where('reference', '=', reference).where('user_id', '=', userId).where('account_number', '=', accountNumber).executeTakeFirst();
    if (owned) await requery({ reference });
    const transaction = await transactions.byReference(accountNumber, reference);
    return transaction ? succeed(transaction) : fail('NOT_FOUND', 'No such transaction on your account.');
  }

  return { authorise, nameEnquiry, sendLocal, sendToBank, requery, checkStatus, messageFor };
}
export type TransferService = ReturnType<typeof createTransferService>;
