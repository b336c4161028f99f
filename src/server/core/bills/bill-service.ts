import { sendLogged } from '../notifications.ts';
import type { Db } from '../../db/connection.ts';
import type { Config } from '../../config.ts';
import type { Logger } from '../../log.ts';
import type { Clock } from '../clock.ts';
import { fail, succeed, type Failure, type Result } from '../result.ts';
import { inTransaction, internalAccounts, lockAccounts, newReference, postEntry } from '../ledger/ledger.ts';
import { recordTransaction, type TransactionRepository } from '../transactions/transaction-repository.ts';
import type { PinGuard } from '../money/pin-guard.ts';
import type { Idempotency } from '../money/idempotency.ts';
import { createMoneyGate, type MoneyResult } from '../money/money-gate.ts';
import { reverseDebit } from '../money/reversal.ts';
import type { UserRepository } from '../users/user-repository.ts';
import type { TransferService } from '../transfers/transfer-service.ts';
import type { Mailer } from '../../integrations/mail/ports.ts';
import { withTimeout } from '../../integrations/with-timeout.ts';
import { newBillRequestId, type Biller, type BillerCatalogue, type BillService, type Delivery, type Verification } from '../../integrations/billers/ports.ts';
import { formatNaira } from '../../../lib/money.ts';
import { ownValue } from '../../../lib/own.ts';
import { groupToken } from '../../../lib/receipt.ts';
import { formatLagosDateTime } from '../../../lib/lagos-time.ts';
import type { TransactionJson } from '../../../lib/transaction.ts';
import {
  airtimeMaxKobo,
  airtimeMinKobo,
  type AirtimePurchaseInput,
  type CableCustomer,
  type CablePackage,
  type CablePurchaseInput,
  type CableVerifyInput,
  type DataPlan,
  type DataPurchaseInput,
  type ElectricityPurchaseInput,
  type MeterCustomer,
  type MeterVerifyInput,
} from '../../../lib/bills.ts';

/** How long a purchase waits for the aggregator before it is left pending for a re-query. */
const billerTimeoutMs = 30_000;
/** Verification is interactive: a customer waits for it. */
const verifyTimeoutMs = 10_000;
/** A pending purchase is first re-queried after this, then with growing gaps up to an hour. */
const firstRequeryMs = 60_000;
/**
 * "Never received" is believed only once a payment that timed out on our side can no longer be
 * on its way to the aggregator; before that the purchase stays pending.
 */
const notReceivedGraceMs = 2 * billerTimeoutMs;
/** The catalogue is refreshed in the background once it is this old; pages never wait for it. */
const catalogueMaxAgeMs = 60 * 60 * 1000;

/** What a purchase is, once validated against the catalogue: everything the debit and the aggregator need. */
type Purchase = {
  service: BillService;
  amount: number;
  providerId: string;
  providerName: string;
  variationCode?: string;
  customerId: string;
  meterType?: 'prepaid' | 'postpaid';
  narration: string;
  details: Record<string, unknown>;
  /** The fields of the request that make it the same request again (idempotency). */
  hashed: Record<string, unknown>;
};

const referencePrefixes: Record<BillService, string> = { airtime: 'AIR', data: 'DAT', electricity: 'ELC', cable: 'CTV' };

function invalid(field: string, message: string): Failure {
  return fail('VALIDATION_FAILED', message, { errors: { [field]: [message] } });
}

/**
 * Bills: airtime, data, electricity and cable TV bought from the customer's account through the
 * bill aggregator. The debit goes to suspense first, with the aggregator's request id stored
 * beside it; delivery moves it to biller settlement; a failure reverses it at once. An unknown
 * outcome (timeout, network error) stays pending until a status query gives a definite answer:
 * money is never returned before the aggregator has said the purchase failed.
 */
export function createBillService(deps: {
  db: Db;
  config: Config;
  clock: Clock;
  log: Logger;
  mailer: Mailer;
  users: UserRepository;
  transactions: TransactionRepository;
  pins: PinGuard;
  idempotency: Idempotency;
  biller: Biller;
  transfers: TransferService;
}) {
  const { db, config, clock, log, mailer, users, idempotency, biller, transfers } = deps;
  const gate = createMoneyGate(deps);

  // The catalogue: fetched once, served from memory, refreshed in the background when old.
  let cached: { catalogue: BillerCatalogue; fetchedAt: number } | null = null;
  let refreshing: Promise<BillerCatalogue> | null = null;
  function refreshCatalogue(): Promise<BillerCatalogue> {
    refreshing ??= biller
      .catalogue()
      .then((catalogue) => {
        cached = { catalogue, fetchedAt: clock.now().getTime() };
        return catalogue;
      })
      .finally(() => (refreshing = null));
    return refreshing;
  }
  async function catalogue(): Promise<BillerCatalogue> {
    if (!cached) return refreshCatalogue();
    if (clock.now().getTime() - cached.fetchedAt > catalogueMaxAgeMs) {
      refreshCatalogue().catch((error: unknown) => log.warn('bills.catalogue_refresh_failed', { error: error instanceof Error ? error.message : String(error) }));
    }
    return cached.catalogue;
  }

  async function networks() {
    return (await catalogue()).networks;
  }
  async function dataPlans(networkId: string): Promise<Result<DataPlan[]>> {
    const plans = ownValue((await catalogue()).dataPlans, networkId);
    return plans ? succeed(plans) : fail('NOT_FOUND', 'There is no such network.');
  }
  async function discos() {
    return (await catalogue()).discos;
  }
  async function cableProviders() {
    return (await catalogue()).cableProviders;
  }
  async function cablePackages(providerId: string): Promise<Result<CablePackage[]>> {
    const packages = ownValue((await catalogue()).cablePackages, providerId);
    return packages ? succeed(packages) : fail('NOT_FOUND', 'There is no such TV provider.');
  }

  /**
   * Asks the aggregator who a meter or smartcard belongs to: a customer, 422 ACCOUNT_NOT_FOUND
   * with the field's message, or 504 PROVIDER_TIMEOUT when it does not answer in time.
   */
  async function lookUp<T>(provider: { id: string; name: string }, ask: () => Promise<Verification<T>>, notFound: { field: string; message: string; short: string }): Promise<Result<T>> {
    let answer: Verification<T>;
    try {
      answer = await withTimeout(ask(), verifyTimeoutMs);
    } catch (error) {
      log.warn('bills.verify_failed', { provider: provider.id, error: error instanceof Error ? error.message : String(error) });
      return fail('PROVIDER_TIMEOUT', `${provider.name} did not answer in time. Please try again.`);
    }
    if (answer.status === 'not_found') return fail('ACCOUNT_NOT_FOUND', notFound.message, { errors: { [notFound.field]: [notFound.short] } });
    return succeed(answer.customer);
  }

  async function verifyMeter(providerId: string, input: MeterVerifyInput): Promise<Result<MeterCustomer>> {
    const disco = (await discos()).find((candidate) => candidate.id === providerId);
    if (!disco) return fail('NOT_FOUND', 'There is no such distribution company.', { errors: { provider_id: ['Choose the distribution company'] } });
    if (!disco.meter_types.includes(input.meter_type)) return invalid('meter_type', `${disco.short_name} sells ${disco.meter_types.join(' and ')} only`);
    return lookUp({ id: disco.id, name: disco.short_name }, () => biller.verifyMeter({ discoId: disco.id, meterNumber: input.meter_number, meterType: input.meter_type }), {
      field: 'meter_number',
      message: `${disco.short_name} has no ${input.meter_type} meter with that number. Check it and try again.`,
      short: 'No meter has this number',
    });
  }

  async function verifySmartcard(providerId: string, input: CableVerifyInput): Promise<Result<CableCustomer>> {
    const provider = (await cableProviders()).find((candidate) => candidate.id === providerId);
    if (!provider) return fail('NOT_FOUND', 'There is no such TV provider.', { errors: { provider_id: ['Choose the TV provider'] } });
    return lookUp(provider, () => biller.verifySmartcard({ providerId: provider.id, smartcardNumber: input.smartcard_number }), {
      field: 'smartcard_number',
      message: `${provider.name} has no smartcard or IUC with that number. Check it and try again.`,
      short: 'No smartcard has this number',
    });
  }

  /** A sentence for the customer about a purchase as it now stands. */
  function messageFor(transaction: TransactionJson): string {
    const details = transaction.details;
    const item = typeof details.item === 'string' ? details.item : 'Your purchase';
    const provider = typeof details.provider === 'string' ? details.provider : 'The provider';
    if (transaction.status === 'pending') return `${item} is pending: ${provider} has not confirmed it yet. We will confirm it or return your money.`;
    if (transaction.status === 'reversed' || transaction.status === 'failed') {
      return `${provider} could not complete ${item} and ${formatNaira(transaction.amount + transaction.fee)} was returned to your account.`;
    }
    if (typeof details.token === 'string') return `${item}: your token is ${groupToken(details.token)} (${String(details.units ?? '')}).`;
    return `${item}: done.`;
  }

  async function emailToken(userId: string, transaction: TransactionJson): Promise<void> {
    const profile = await users.loadProfile(userId);
    if (!profile || typeof transaction.details.token !== 'string') return;
    const token = groupToken(transaction.details.token);
    const lines = [
      `Hello ${profile.user.first_name},`,
      '',
      `Your electricity token: ${token}`,
      '',
      `Meter: ${String(transaction.details.meter_number ?? '')} (${String(transaction.details.provider ?? '')})`,
      `Units: ${String(transaction.details.units ?? '')}`,
      `Amount: ${formatNaira(transaction.amount)}`,
      `Reference: ${transaction.reference}`,
      `Date: ${formatLagosDateTime(transaction.created_at)}`,
      '',
      'Type the 20 digits into your meter. This token works only on this meter.',
      `${config.bank.name}`,
    ];
    const escape = (text: string) => text.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;');
    // The token is on the receipt and in the history too; a lost email is logged, never fatal.
    const message = { to: profile.user.email, subject: `Your electricity token ${token}`, text: lines.join('\n'), html: `<p>${lines.map(escape).join('<br>')}</p>` };
    await sendLogged(mailer, log, message, 'electricity_token');
  }

  /** Settles a pending purchase once: delivered moves suspense to biller settlement; failed reverses the debit. */
  async function settle(reference: string, answer: Delivery | { status: 'failed'; reason: string }): Promise<void> {
    let delivered: { userId: string; transaction: TransactionJson } | null = null;
    await inTransaction(db, async (trx) => {
      const now = clock.now();
      const claimed = await trx
        .updateTable('bill_purchases')
        .set({ status: answer.status === 'delivered' ? 'successful' : 'failed', settled_at: now.toISOString() })
        .where('reference', '=', reference)
        .where('status', '=', 'pending')
        .returningAll()
        .executeTakeFirst();
      if (!claimed) return; // settled already, by a re-query or the customer's "check status"
      const original = await trx.selectFrom('transactions').selectAll().where('id', '=', claimed.transaction_id).executeTakeFirstOrThrow();
      const details = JSON.parse(original.details) as Record<string, unknown>;
      if (answer.status === 'delivered') {
        await postEntry(trx, {
          reference,
          kind: `bill.${claimed.service}.settle`,
          description: `${claimed.service} ${claimed.request_id} delivered (${answer.providerReference})`,
          at: now.toISOString(),
          lines: [
            { account: internalAccounts.suspense, amount: -Number(claimed.amount) },
            { account: internalAccounts.billerSettlement, amount: Number(claimed.amount) },
          ],
        });
        const delivery = {
          provider_reference: answer.providerReference,
          ...(answer.token ? { token: answer.token } : {}),
          ...(answer.units !== undefined ? { units: `${answer.units.toFixed(1)} kWh` } : {}),
          ...(answer.receiptNumber ? { receipt_number: answer.receiptNumber } : {}),
        };
        await trx.updateTable('transactions').set({ status: 'successful', details: JSON.stringify({ ...details, ...delivery }), updated_at: now.toISOString() }).where('id', '=', original.id).execute();
      } else {
        const item = typeof details.item === 'string' ? details.item : claimed.service;
        await reverseDebit(trx, original, { reason: answer.reason, narration: `Reversal: ${item} failed (${answer.reason})`, description: `${claimed.service} ${claimed.request_id} failed: ${answer.reason}`, at: now });
      }
      const transaction = await gate.presentByReference(trx, claimed.account_number, reference);
      if (claimed.idempotency_user_id && claimed.idempotency_key) {
        await idempotency.complete(trx, { userId: claimed.idempotency_user_id, key: claimed.idempotency_key }, succeed({ transaction, message: messageFor(transaction) }), reference, now);
      }
      if (answer.status === 'delivered' && answer.token) delivered = { userId: claimed.user_id, transaction };
    });
    log.info('bills.settled', { reference, outcome: answer.status });
    const emailed = delivered as { userId: string; transaction: TransactionJson } | null;
    if (emailed) await emailToken(emailed.userId, emailed.transaction);
  }

  /**
   * Every purchase: authorise, replay, PIN, then one money transaction (claim the key, lock the
   * account, the daily limit, the balance, debit into suspense, the customer's pending row, the
   * aggregator request) and only then the aggregator. Its answer settles the purchase at once;
   * no answer leaves it pending for a re-query.
   */
  async function purchase(userId: string, sendAccount: string, pin: string, key: string, prepared: Result<Purchase>, verify?: () => Promise<Result<Record<string, unknown>>>): Promise<MoneyResult> {
    if (!prepared.ok) {
      // Someone else's account is 403 before anything about the request is judged.
      const authorised = await gate.authorise(userId, sendAccount);
      return authorised.ok ? prepared : authorised;
    }
    const bill = prepared.value;
    const ready = await gate.prelude(userId, sendAccount, pin, key, `bills.${bill.service}`, bill.hashed);
    if ('done' in ready) return ready.done;
    const { claim, tier } = ready.ready;
    let verified: Record<string, unknown> = {};
    if (verify) {
      const answer = await verify();
      if (!answer.ok) return answer;
      verified = answer.value;
    }
    const requestId = newBillRequestId(clock.now());

    const started = await gate.moneyTransaction(async (trx) => {
      const now = clock.now();
      await idempotency.claim(trx, claim, now);
      const sender = (await lockAccounts(trx, config.database.kind, [sendAccount])).get(sendAccount)!;
      await gate.checkDailyLimit(trx, sendAccount, tier, bill.amount, now, 'spend');
      gate.requireFunds(sender.balance, bill.amount);
      const reference = newReference(referencePrefixes[bill.service], now);
      const posted = await postEntry(trx, {
        reference,
        kind: `bill.${bill.service}`,
        description: `${bill.service} ${requestId}: ${bill.providerId} ${bill.customerId}`,
        at: now.toISOString(),
        lines: [
          { account: sendAccount, amount: -bill.amount },
          { account: internalAccounts.suspense, amount: bill.amount },
        ],
      });
      const transactionId = await recordTransaction(trx, {
        reference,
        accountNumber: sendAccount,
        userId,
        type: 'debit',
        category: bill.service,
        status: 'pending',
        amount: bill.amount,
        fee: 0,
        balanceAfter: posted.balances.get(sendAccount)!,
        narration: bill.narration,
        counterparty: null,
        details: { ...bill.details, ...verified, request_id: requestId },
        entryId: posted.entryId,
        at: now,
      });
      await trx
        .insertInto('bill_purchases')
        .values({
          reference,
          request_id: requestId,
          transaction_id: transactionId,
          entry_id: posted.entryId,
          user_id: userId,
          account_number: sendAccount,
          service: bill.service,
          provider_id: bill.providerId,
          variation_code: bill.variationCode ?? null,
          customer_id: bill.customerId,
          meter_type: bill.meterType ?? null,
          amount: bill.amount,
          status: 'pending',
          next_query_at: new Date(now.getTime() + firstRequeryMs).toISOString(),
          idempotency_user_id: userId,
          idempotency_key: key,
          created_at: now.toISOString(),
          settled_at: null,
        })
        .execute();
      // Stored now, so a retry after a crash sees the pending purchase; replaced when it settles.
      const transaction = await gate.presentByReference(trx, sendAccount, reference);
      const outcome: MoneyResult = succeed({ transaction, message: messageFor(transaction) });
      await idempotency.complete(trx, claim, outcome, reference, now);
      return outcome;
    });
    if (!started.ok || started.replayed) return started;
    const reference = started.value.transaction.reference;

    let answer;
    try {
      answer = await withTimeout(
        biller.pay({ requestId, service: bill.service, providerId: bill.providerId, customerId: bill.customerId, amount: bill.amount, ...(bill.variationCode ? { variationCode: bill.variationCode } : {}), ...(bill.meterType ? { meterType: bill.meterType } : {}) }),
        billerTimeoutMs,
      );
    } catch (error) {
      log.warn('bills.pay_unanswered', { reference, requestId, error: error instanceof Error ? error.message : String(error) });
      answer = { status: 'pending' as const };
    }
    if (answer.status === 'pending') return started;
    await settle(reference, answer);
    const transaction = await gate.presentByReference(db, sendAccount, reference);
    return succeed({ transaction, message: messageFor(transaction) });
  }

  async function buyAirtime(userId: string, sendAccount: string, input: AirtimePurchaseInput, key: string): Promise<MoneyResult> {
    const network = (await networks()).find((candidate) => candidate.id === input.network_id);
    let prepared: Result<Purchase>;
    if (!network) prepared = invalid('network_id', 'Choose the network');
    else if (input.amount < airtimeMinKobo || input.amount > airtimeMaxKobo) prepared = invalid('amount', `Airtime is from ${formatNaira(airtimeMinKobo)} to ${formatNaira(airtimeMaxKobo)}`);
    else {
      prepared = succeed({
        service: 'airtime',
        amount: input.amount,
        providerId: network.id,
        providerName: network.name,
        customerId: input.phone_number,
        narration: `${network.name} airtime ${input.phone_number}`,
        details: { item: `${formatNaira(input.amount)} ${network.name} airtime`, provider: network.name, provider_id: network.id, phone_number: input.phone_number },
        hashed: { network_id: network.id, phone_number: input.phone_number, amount: input.amount },
      });
    }
    return purchase(userId, sendAccount, input.pin, key, prepared);
  }

  async function buyData(userId: string, sendAccount: string, input: DataPurchaseInput, key: string): Promise<MoneyResult> {
    const network = (await networks()).find((candidate) => candidate.id === input.provider_id);
    const plan = network ? ownValue((await catalogue()).dataPlans, network.id)?.find((candidate) => candidate.id === input.plan_id) : undefined;
    let prepared: Result<Purchase>;
    if (!network) prepared = invalid('provider_id', 'Choose the network');
    else if (!plan) prepared = invalid('plan_id', `Choose one of ${network.name}'s data plans`);
    else {
      const planText = `${network.name} ${plan.name} (${plan.size}, ${plan.validity})`;
      prepared = succeed({
        service: 'data',
        amount: plan.amount,
        providerId: network.id,
        providerName: network.name,
        variationCode: plan.id,
        customerId: input.phone_number,
        narration: `${network.name} data ${plan.size} ${input.phone_number}`,
        details: { item: planText, provider: network.name, provider_id: network.id, plan: planText, plan_id: plan.id, phone_number: input.phone_number },
        hashed: { provider_id: network.id, plan_id: plan.id, phone_number: input.phone_number },
      });
    }
    return purchase(userId, sendAccount, input.pin, key, prepared);
  }

  async function buyElectricity(userId: string, sendAccount: string, input: ElectricityPurchaseInput, key: string): Promise<MoneyResult> {
    const disco = (await discos()).find((candidate) => candidate.id === input.provider_id);
    let prepared: Result<Purchase>;
    if (!disco) prepared = invalid('provider_id', 'Choose the distribution company');
    else if (!disco.meter_types.includes(input.meter_type)) prepared = invalid('meter_type', `${disco.short_name} sells ${disco.meter_types.join(' and ')} only`);
    else if (input.amount < disco.min_amount || input.amount > disco.max_amount) prepared = invalid('amount', `${disco.short_name} takes ${formatNaira(disco.min_amount)} to ${formatNaira(disco.max_amount)}`);
    else {
      prepared = succeed({
        service: 'electricity',
        amount: input.amount,
        providerId: disco.id,
        providerName: disco.name,
        customerId: input.meter_number,
        meterType: input.meter_type,
        narration: `${disco.short_name} ${input.meter_type} ${input.meter_number}`,
        details: { item: `${formatNaira(input.amount)} of ${disco.short_name} ${input.meter_type} electricity`, provider: disco.name, provider_id: disco.id, meter_number: input.meter_number, meter_type: input.meter_type },
        hashed: { provider_id: disco.id, meter_number: input.meter_number, meter_type: input.meter_type, amount: input.amount },
      });
    }
    // The meter is verified again just before paying: a posted name is never trusted.
    const verify = async (): Promise<Result<Record<string, unknown>>> => {
      const meter = await verifyMeter(input.provider_id, { meter_number: input.meter_number, meter_type: input.meter_type });
      return meter.ok ? succeed({ customer_name: meter.value.customer_name, address: meter.value.address, ...(meter.value.tariff_band ? { tariff_band: meter.value.tariff_band } : {}) }) : meter;
    };
    return purchase(userId, sendAccount, input.pin, key, prepared, verify);
  }

  async function buyCable(userId: string, sendAccount: string, input: CablePurchaseInput, key: string): Promise<MoneyResult> {
    const provider = (await cableProviders()).find((candidate) => candidate.id === input.provider_id);
    const bouquet = provider ? ownValue((await catalogue()).cablePackages, provider.id)?.find((candidate) => candidate.id === input.package_id) : undefined;
    let prepared: Result<Purchase>;
    if (!provider) prepared = invalid('provider_id', 'Choose the TV provider');
    else if (!bouquet) prepared = invalid('package_id', `Choose one of ${provider.name}'s packages`);
    else {
      prepared = succeed({
        service: 'cable',
        amount: bouquet.amount,
        providerId: provider.id,
        providerName: provider.name,
        variationCode: bouquet.id,
        customerId: input.smartcard_number,
        narration: `${bouquet.name} ${input.smartcard_number}`,
        details: { item: `${bouquet.name} for smartcard ${input.smartcard_number}`, provider: provider.name, provider_id: provider.id, smartcard_number: input.smartcard_number, package: bouquet.name, package_id: bouquet.id },
        hashed: { provider_id: provider.id, package_id: bouquet.id, smartcard_number: input.smartcard_number },
      });
    }
    const verify = async (): Promise<Result<Record<string, unknown>>> => {
      const card = await verifySmartcard(input.provider_id, { smartcard_number: input.smartcard_number });
      if (!card.ok) return card;
      return succeed({ customer_name: card.value.customer_name, renewal: card.value.current_package?.id === input.package_id });
    };
    return purchase(userId, sendAccount, input.pin, key, prepared, verify);
  }

  /** Asks the aggregator about pending purchases whose turn has come (or one, on the customer's demand). */
  async function requery(options: { reference?: string; limit?: number } = {}): Promise<{ checked: number; settled: number }> {
    const now = clock.now();
    let query = db.selectFrom('bill_purchases').selectAll().where('status', '=', 'pending');
    query = options.reference ? query.where('reference', '=', options.reference) : query.where('next_query_at', '<=', now.toISOString());
    const due = await query.orderBy('next_query_at').limit(options.limit ?? 50).execute();
    let settled = 0;
    for (const purchase of due) {
      let answer;
      try {
        answer = await withTimeout(biller.query(purchase.request_id), billerTimeoutMs);
      } catch {
        answer = { status: 'pending' as const };
      }
      const tooSoon = answer.status === 'not_received' && now.getTime() - Date.parse(purchase.created_at) < notReceivedGraceMs;
      if (answer.status === 'pending' || tooSoon) {
        const attempts = purchase.query_attempts + 1;
        const wait = Math.min(3_600_000, firstRequeryMs * 2 ** attempts);
        await db.updateTable('bill_purchases').set({ query_attempts: attempts, next_query_at: new Date(now.getTime() + wait).toISOString() }).where('reference', '=', purchase.reference).where('status', '=', 'pending').execute();
        if (attempts >= 12) log.error('bills.unresolved', { reference: purchase.reference, requestId: purchase.request_id, attempts });
        continue;
      }
      // "Never received", after the grace, is a definite answer: nothing was delivered, so the money goes back.
      await settle(purchase.reference, answer.status === 'not_received' ? { status: 'failed', reason: 'The provider has no record of this purchase' } : answer);
      settled += 1;
    }
    return { checked: due.length, settled };
  }

  /** The customer's "check status": a pending purchase (or interbank transfer) is re-queried first. */
  async function checkStatus(userId: string, accountNumber: string, reference: string): Promise<Result<TransactionJson>> {
    const owned = await db.selectFrom('bill_purchases').select('reference').where('reference', '=', reference).where('user_id', '=', userId).where('account_number', '=', accountNumber).where('status', '=', 'pending').executeTakeFirst();
    if (owned) await requery({ reference });
    return transfers.checkStatus(userId, accountNumber, reference);
  }

  return { catalogue, networks, dataPlans, discos, cableProviders, cablePackages, verifyMeter, verifySmartcard, buyAirtime, buyData, buyElectricity, buyCable, requery, checkStatus, messageFor };
}
export type BillServiceApi = ReturnType<typeof createBillService>;
