import { canMoveMoney } from '../kyc/identity-rule.ts';
import { recipientCannotReceive } from '../money/identity.ts';
import { checkCreditCap, recipientCapReached, type RefusedCredit } from '../customer-limits/credit-cap.ts';
import { accountLimitsOf } from '../customer-limits/limit-guard.ts';
import type { Db } from '../../db/connection.ts';
import type { Config } from '../../config.ts';
import type { Logger } from '../../log.ts';
import type { Clock } from '../clock.ts';
import { fail, succeed, type Result } from '../result.ts';
import { internalAccounts, newReference, postEntry, prepareEntry, Refusal, type PostingLine, type Trx } from '../ledger/ledger.ts';
import { transferCharges } from '../ledger/charges.ts';
import { tierLimits } from '../tiers/tier-limits.ts';
import { findBank, type BankInfo } from '../reference/banks.ts';
import { balanceFromEntry, presentTransaction, transactionWrites } from '../transactions/transaction-repository.ts';
import { countRequestPayment, mayPayRequest } from '../payment-requests/request-payments.ts';
import type { Idempotency } from '../money/idempotency.ts';
import type { MoneyGate, MoneyResult } from '../money/money-gate.ts';
import type { Payments } from '../payments/payments.ts';
import type { MoneyWords } from '../payments/words.ts';
import { switchTimeoutMs } from './interbank-rail.ts';
import { withTimeout } from '../../integrations/with-timeout.ts';
import { isValidNuban } from '../../../lib/nuban.ts';
import { kobo } from '../../../lib/money.ts';
import { ownValue } from '../../../lib/own.ts';
import type { Counterparty } from '../../../lib/transaction.ts';
import type { BankTransferInput, LocalTransferInput, NameEnquiryInput } from '../../../lib/money-schemas.ts';
import { newNipSessionId, responseMessages, type InterbankSwitch } from '../../integrations/interbank/ports.ts';
import { said } from '../../../i18n/said.ts';

export type NameEnquiryJson = { account_number: string; account_name: string; bank_code: string; bank_name: string };
export type TransferResult = MoneyResult;

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
  idempotency: Idempotency;
  gate: MoneyGate;
  payments: Payments;
  words: MoneyWords;
  interbank: InterbankSwitch | null;
  /** Where a credit refused by the recipient's cap on money in is told (queued after the transaction). */
  refusedCredits?: { queue(refused: RefusedCredit): Promise<void> };
}) {
  const { db, config, clock, log, idempotency, gate, payments, words, interbank, refusedCredits } = deps;
    const rules = config.money;
  const { authorise, prelude, checkDebit, requireFunds } = gate;

  async function nameEnquiry(input: NameEnquiryInput): Promise<Result<NameEnquiryJson & { sessionId: string | null; bank: BankInfo }>> {
    const bank = findBank(config.bank, input.bank_code);
    if (!bank) return fail('VALIDATION_FAILED', said('said.bank.listFull'), { errors: { bank_code: [said('said.requests.bankList')] } });
    if (bank.isSelf) {
      if (!isValidNuban(input.account_number, config.bank.cbnCode)) return fail('INVALID_ACCOUNT_NUMBER', said('said.account.invalid', { bank: bank.name }), { errors: { account_number: [said('said.account.check')] } });
      const account = await db.selectFrom('accounts').select(['account_name']).where('account_number', '=', input.account_number).where('kind', '=', 'customer').executeTakeFirst();
      if (!account) return fail('ACCOUNT_NOT_FOUND', said('said.account.noneAt', { bank: bank.name }), { errors: { account_number: [said('said.account.noneField')] } });
      return succeed({ account_number: input.account_number, account_name: account.account_name, bank_code: bank.code, bank_name: bank.name, sessionId: null, bank });
    }
    if (!interbank) return fail('PROVIDER_FAILED', said('said.bank.interbankOff'));
    const sessionId = newNipSessionId(config.bank.nipCode, clock.now());
    let response;
    try {
      response = await withTimeout(interbank.nameEnquiry({ sessionId, destinationBankCode: bank.code, accountNumber: input.account_number }), switchTimeoutMs);
    } catch (error) {
      log.warn('nip.name_enquiry_failed', { bank: bank.code, error: error instanceof Error ? error.message : String(error) });
      return fail('PROVIDER_TIMEOUT', said('said.bank.late', { bank: bank.name }));
    }
    if (response.responseCode === '07') return fail('INVALID_ACCOUNT_NUMBER', said('said.account.invalid', { bank: bank.name }), { errors: { account_number: [said('said.account.check')] } });
    if (response.responseCode === '25') return fail('ACCOUNT_NOT_FOUND', said('said.account.noneHas', { bank: bank.name }), { errors: { account_number: [said('said.account.noneField')] } });
    if (response.responseCode !== '00' || !response.accountName) {
      return fail('PROVIDER_FAILED', said('said.bank.cannotConfirm', { bank: bank.name, reason: ownValue(responseMessages, response.responseCode) ?? response.responseCode }));
    }
    return succeed({ account_number: input.account_number, account_name: response.accountName, bank_code: bank.code, bank_name: bank.name, sessionId: response.sessionId, bank });
  }

  /**
   * The recipient's tier's maximum balance as the ceiling of their credit line (postEntry checks it
   * against the balance it holds locked), or none for a tier without one.
   */
  function recipientCeiling(tier: number): PostingLine['ceiling'] {
    const maxBalanceKobo = tierLimits(rules, tier).maxBalanceKobo;
    if (maxBalanceKobo === null) return undefined;
    return { maxBalance: maxBalanceKobo, refusal: () => new Refusal(fail('LIMIT_EXCEEDED', words.maxBalance({ maxBalanceKobo, tier, whose: 'recipient' }), { errors: { amount: [said('said.money.recipientMaxField')] } })) };
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
    const bankName = config.bank.name;
    const amountKobo = kobo(input.amount);
    const charges = transferCharges(rules, amountKobo, 'local');
    const debitKobo = kobo(amountKobo + charges.totalKobo);
    /** The request's own checks, after the PIN. */
    const check = () => {
      if (input.account_number === sendAccount) return fail('VALIDATION_FAILED', said('said.transfer.toSelf'), { errors: { account_number: [said('said.transfer.toSelfField')] } });
      if (!isValidNuban(input.account_number, config.bank.cbnCode)) return fail('INVALID_ACCOUNT_NUMBER', said('said.account.invalid', { bank: bankName }), { errors: { account_number: [said('said.account.check')] } });
      return null;
    };
    const entry = (now: Date) =>
      prepareEntry({
        reference: newReference('TRF', now),
        kind: 'transfer.local',
        description: `Transfer ${sendAccount} → ${input.account_number}`,
        at: now.toISOString(),
        lines: [
          { account: sendAccount, amount: kobo(-debitKobo) },
          { account: input.account_number, amount: amountKobo },
          { account: internalAccounts.stampDuty, amount: charges.stampDutyKobo },
        ],
      });

    // What the recipient is told when their cap on money in refuses this credit (the last run's, when it ran twice).
    let refused: RefusedCredit | null = null;
    // The key, the journal row, the sender's lock and the reads: one statement on PostgreSQL, in
    // one write with the caller's read and the PIN's try (money-gate.ts debitNow). The
    // recipient is named (as a name enquiry inside the bank names them) from the row it reads.
    const result = await gate.debitNow({ userId, sendAccount, pin: input.pin, key, operation: 'transfer.local', hashed, others: [input.account_number], check, entry }, async (trx, { claim, tier, accountName, now, entry, locked, sender: debit }) => {
      const reference = entry.reference;
      const sender = locked.get(sendAccount)!;
      const receiver = locked.get(input.account_number);
      if (!receiver || receiver.kind !== 'customer' || !receiver.user_id) {
        throw new Refusal(fail('ACCOUNT_NOT_FOUND', said('said.account.noneAt', { bank: bankName }), { errors: { account_number: [said('said.account.noneField')] } }));
      }
      // A recipient without an identity may not be credited: refused whole, before anything moves.
      if (!canMoveMoney(receiver)) throw new Refusal(recipientCannotReceive());
      const recipient: NameEnquiryJson = { account_number: input.account_number, account_name: receiver.account_name, bank_code: config.bank.nipCode, bank_name: bankName };
      await checkDebit(trx, debit, tier, amountKobo, now);
      requireFunds(kobo(sender.balance), debitKobo, 'amount and charges');
      // The recipient's cap on money in, while their window is open: their row locked, then what
      // arrived counted (nothing is sent for it otherwise). After the sender's own checks, so a
      // debit refused for funds or a limit takes no lock on the recipient.
      refused = null;
      const receiverLimits = accountLimitsOf(receiver);
      await checkCreditCap(trx, config.customerLimits, { accountNumber: input.account_number, limits: receiverLimits, amountKobo, now, lock: true }, recipientCapReached, (cap) => {
        refused = { userId: receiver.user_id!, accountNumber: input.account_number, amountKobo, limitKobo: cap.limitKobo, leftKobo: cap.leftKobo, from: accountName, fromBank: null, until: cap.window.until, reason: cap.window.reason };
      });

      // The sender's account is locked, or was read unlocked with its row version (a recipient that
      // sorts before it: money/queries.ts claimLockQueries' unlocked variants), which postEntry checks with its update
      // (ledger.ts readUnlocked): its balance after the entry is known now, and postEntry checks it. The recipient's is not
      // locked yet: its maximum balance is checked by its credit's guarded update, and its row's
      // balance after is the one that update returns.
      const senderAfter = kobo(sender.balance - debitKobo);
      const ceiling = recipientCeiling(receiver.tier ?? 1);
      const posted = ceiling ? { ...entry, lines: entry.lines.map((line) => (line.account === input.account_number && line.amount > 0 ? { ...line, ceiling } : line)) } : entry;
      const narration = input.narration || `Transfer to ${recipient.account_name}`;
      const toRecipient: Counterparty = { name: recipient.account_name, account_number: input.account_number, bank_code: config.bank.nipCode, bank_name: bankName };
      const fromSender: Counterparty = { name: accountName, account_number: sendAccount, bank_code: config.bank.nipCode, bank_name: bankName };
      const details = { transfer_fee: charges.transferFeeKobo, stamp_duty: charges.stampDutyKobo, channel: 'local' };
      const written = transactionWrites([
        { reference, accountNumber: sendAccount, userId, type: 'debit', category: 'transfer', status: 'successful', amount: amountKobo, fee: charges.totalKobo, balanceAfter: senderAfter, narration, counterparty: toRecipient, details, entryId: entry.id, at: now },
        { reference, accountNumber: input.account_number, userId: receiver.user_id, type: 'credit', category: 'transfer', status: 'successful', amount: amountKobo, fee: kobo(0), balanceAfter: balanceFromEntry, narration: input.narration || `Transfer from ${accountName}`, counterparty: fromSender, details: { channel: 'local' }, entryId: entry.id, at: now },
      ]);
      const [debitRow, creditRow] = written.rows;
      const transaction = presentTransaction(debitRow!);
      const outcome: TransferResult = succeed({ transaction, message: words.transferOutcome(transaction) });
      // A payment request's reference in the narration (a "Pay now" from its link) counts this credit towards it.
      const paysRequest = mayPayRequest({ narration: input.narration, amountKobo });
      // The postings, the customer's rows, their alerts and the stored answer: one statement on
      // PostgreSQL; the transaction's last, with its COMMIT written behind it (`final`), unless a
      // request or a beneficiary is written after it. (They stay after it: the request's row is
      // locked after the recipient's account, as a credit from another bank locks them.)
      await postEntry(trx, posted, {
        written: true,
        expect: new Map([[sendAccount, senderAfter]]),
        riders: [...written.riders, idempotency.completion(claim, outcome, reference, now)],
        final: !paysRequest && !input.save_beneficiary,
      });
      if (paysRequest) await countRequestPayment(trx, { transactionId: creditRow!.id, accountNumber: input.account_number, amountKobo, narration: input.narration, payerName: accountName, at: now });
      if (input.save_beneficiary) await saveBeneficiary(trx, userId, sendAccount, recipient, now);
      return outcome;
    });
    // Told after the refusing transaction rolled back, never inside it.
    const told = refused as RefusedCredit | null;
    if (!result.ok && result.code === 'RECIPIENT_CAP_REACHED' && told) await refusedCredits?.queue(told);
    return result;
  }

  /**
   * To another bank: validated, named and priced here; the payment machine debits into suspense,
   * sends the funds transfer and settles, reverses or leaves it pending on the switch's answer.
   */
  async function sendToBank(userId: string, sendAccount: string, input: BankTransferInput, key: string): Promise<TransferResult> {
    const bank = findBank(config.bank, input.bank_code);
    if (bank?.isSelf) return sendLocal(userId, sendAccount, input, key);
    const hashed = { account_number: input.account_number, bank_code: input.bank_code, amount: input.amount, narration: input.narration, save_beneficiary: input.save_beneficiary };
    // Instant payments switched off: only the account's owner learns it, and before any PIN try is spent.
    const ready = await prelude(userId, sendAccount, input.pin, key, 'transfer.bank', hashed, { instant: true });
    if ('done' in ready) return ready.done;
    const { claim, tier, accountName } = ready.ready;
    const recipient = await nameEnquiry({ account_number: input.account_number, bank_code: input.bank_code });
    if (!recipient.ok) return recipient;
    const amountKobo = kobo(input.amount);
    const charges = transferCharges(rules, amountKobo, 'interbank');
    const sessionId = newNipSessionId(config.bank.nipCode, clock.now());
    const nameEnquiryRef = recipient.value.sessionId ?? sessionId;
    const { account_name: name, bank_code: bankCode, bank_name: bankName } = recipient.value;

    return payments.start('interbank_transfers', claim, {
      userId,
      sendAccount,
      tier,
      amountKobo,
      charges: [
        { account: internalAccounts.feeIncome, amountKobo: charges.transferFeeKobo },
        { account: internalAccounts.stampDuty, amountKobo: charges.stampDutyKobo },
      ],
      limitVerb: 'send',
      // Money to another bank cannot be taken back once sent: the fraud rules may hold it first.
      screened: true,
      referencePrefix: 'TRF',
      entryKind: 'transfer.interbank',
      entryDescription: `NIP ${sessionId} to ${bankCode}/${input.account_number}`,
      transaction: {
        category: 'transfer',
        narration: input.narration || `Transfer to ${name}`,
        counterparty: { name, account_number: input.account_number, bank_code: bankCode, bank_name: bankName },
        details: { transfer_fee: charges.transferFeeKobo, stamp_duty: charges.stampDutyKobo, channel: 'nip', session_id: sessionId },
      },
      columns: {
        destination_bank_code: bankCode,
        destination_account: input.account_number,
        destination_name: name,
        name_enquiry_session_id: nameEnquiryRef,
        session_id: sessionId,
        response_code: null,
      },
      ...(input.save_beneficiary ? { alsoInTransaction: (trx: Trx, now: Date) => saveBeneficiary(trx, userId, sendAccount, recipient.value, now) } : {}),
      request: (reference) => ({
        sessionId,
        nameEnquiryRef,
        destinationBankCode: bankCode,
        beneficiaryAccount: input.account_number,
        beneficiaryName: name,
        originatorAccount: sendAccount,
        originatorName: accountName,
        amount: amountKobo,
        narration: input.narration,
        paymentReference: reference,
      }),
    });
  }

  return { authorise, nameEnquiry, sendLocal, sendToBank };
}
export type TransferService = ReturnType<typeof createTransferService>;
