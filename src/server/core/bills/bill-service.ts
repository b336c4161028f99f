import type { Logger } from '../../log.ts';
import type { Clock } from '../clock.ts';
import { fail, succeed, type Failure, type Result } from '../result.ts';
import type { MoneyGate, MoneyResult } from '../money/money-gate.ts';
import type { Payments } from '../payments/payments.ts';
import type { MoneyWords } from '../payments/words.ts';
import { withTimeout } from '../../integrations/with-timeout.ts';
import { newBillRequestId, type Biller, type BillerCatalogue, type BillService, type Verification } from '../../integrations/billers/ports.ts';
import { kobo, type Kobo } from '../../../lib/money.ts';
import { meterNotFoundMessage, unsupportedMeterTypeMessage } from '../../../lib/electricity-form.ts';
import { ownValue } from '../../../lib/own.ts';
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
import { said, type Said } from '../../../i18n/said.ts';

/** Verification is interactive: a customer waits for it. */
const verifyTimeoutMs = 10_000;
/** The catalogue is refreshed in the background once it is this old; pages never wait for it. */
const catalogueMaxAgeMs = 60 * 60 * 1000;

/** What a purchase is, once validated against the catalogue: everything the debit and the aggregator need. */
type Purchase = {
  service: BillService;
  amountKobo: Kobo;
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

function invalid(field: string, message: Said): Failure {
  return fail('VALIDATION_FAILED', message, { errors: { [field]: [message] } });
}

/**
 * Bills: airtime, data, electricity and cable TV bought from the customer's account through the
 * bill aggregator. The debit goes to suspense first, with the aggregator's request id stored
 * beside it; delivery moves it to biller settlement; a failure reverses it at once. An unknown
 * outcome (timeout, network error) stays pending until a status query gives a definite answer:
 * money is never returned before the aggregator has said the purchase failed.
 */
export function createBillService(deps: { clock: Clock; log: Logger; gate: MoneyGate; payments: Payments; words: MoneyWords; biller: Biller }) {
  const { clock, log, gate, payments, words, biller } = deps;

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
    return plans ? succeed(plans) : fail('NOT_FOUND', said('said.purchases.noSuchNetwork'));
  }
  async function discos() {
    return (await catalogue()).discos;
  }
  async function cableProviders() {
    return (await catalogue()).cableProviders;
  }
  async function cablePackages(providerId: string): Promise<Result<CablePackage[]>> {
    const packages = ownValue((await catalogue()).cablePackages, providerId);
    return packages ? succeed(packages) : fail('NOT_FOUND', said('said.purchases.noSuchProvider'));
  }

  /**
   * Asks the aggregator who a meter or smartcard belongs to: a customer, 422 ACCOUNT_NOT_FOUND
   * with the field's message, or 504 PROVIDER_TIMEOUT when it does not answer in time.
   */
  async function lookUp<T>(provider: { id: string; name: string }, ask: () => Promise<Verification<T>>, notFound: { field: string; message: Said; short: Said }): Promise<Result<T>> {
    let answer: Verification<T>;
    try {
      answer = await withTimeout(ask(), verifyTimeoutMs);
    } catch (error) {
      log.warn('bills.verify_failed', { provider: provider.id, error: error instanceof Error ? error.message : String(error) });
      return fail('PROVIDER_TIMEOUT', said('said.purchases.timeout', { provider: provider.name }));
    }
    if (answer.status === 'not_found') return fail('ACCOUNT_NOT_FOUND', notFound.message, { errors: { [notFound.field]: [notFound.short] } });
    return succeed(answer.customer);
  }

  async function verifyMeter(providerId: string, input: MeterVerifyInput): Promise<Result<MeterCustomer>> {
    const disco = (await discos()).find((candidate) => candidate.id === providerId);
    if (!disco) return fail('NOT_FOUND', said('said.purchases.noSuchDisco'), { errors: { provider_id: [said('said.purchases.disco')] } });
    if (!disco.meter_types.includes(input.meter_type)) return invalid('meter_type', unsupportedMeterTypeMessage(disco));
    return lookUp({ id: disco.id, name: disco.short_name }, () => biller.verifyMeter({ discoId: disco.id, meterNumber: input.meter_number, meterType: input.meter_type }), {
      field: 'meter_number',
      message: meterNotFoundMessage(disco, input.meter_type),
      short: said('said.bills.noMeterField'),
    });
  }

  async function verifySmartcard(providerId: string, input: CableVerifyInput): Promise<Result<CableCustomer>> {
    const provider = (await cableProviders()).find((candidate) => candidate.id === providerId);
    if (!provider) return fail('NOT_FOUND', said('said.purchases.noSuchProvider'), { errors: { provider_id: [said('said.purchases.provider')] } });
    return lookUp(provider, () => biller.verifySmartcard({ providerId: provider.id, smartcardNumber: input.smartcard_number }), {
      field: 'smartcard_number',
      message: said('said.bills.noCard', { provider: provider.name }),
      short: said('said.bills.noCardField'),
    });
  }

  /**
   * Every purchase: authorise, replay, PIN, the customer verified again where there is one, then
   * the payment machine (debit into suspense, the aggregator, settle, reverse or leave pending).
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
    const optional = { ...(bill.variationCode ? { variationCode: bill.variationCode } : {}), ...(bill.meterType ? { meterType: bill.meterType } : {}) };
    return payments.start('bill_purchases', claim, {
      userId,
      sendAccount,
      tier,
      amountKobo: bill.amountKobo,
      charges: [],
      limitVerb: 'spend',
      referencePrefix: referencePrefixes[bill.service],
      entryKind: `bill.${bill.service}`,
      entryDescription: `${bill.service} ${requestId}: ${bill.providerId} ${bill.customerId}`,
      transaction: { category: bill.service, narration: bill.narration, counterparty: null, details: { ...bill.details, ...verified, request_id: requestId } },
      columns: {
        request_id: requestId,
        service: bill.service,
        provider_id: bill.providerId,
        variation_code: bill.variationCode ?? null,
        customer_id: bill.customerId,
        meter_type: bill.meterType ?? null,
      },
      request: () => ({ requestId, service: bill.service, providerId: bill.providerId, customerId: bill.customerId, amount: bill.amountKobo, ...optional }),
    });
  }

  /**
   * A purchase from one provider for one customer number (phone, meter or smartcard): what every
   * kind shares. Its details start with the item bought and the provider, then the kind's own.
   */
  function bill(service: BillService, provider: { id: string; name: string }, amountKobo: Kobo, customerId: string, item: string, own: Pick<Purchase, 'narration' | 'details' | 'hashed' | 'variationCode' | 'meterType'>): Result<Purchase> {
    const { details, ...rest } = own;
    return succeed({ service, amountKobo, providerId: provider.id, providerName: provider.name, customerId, ...rest, details: { item, provider: provider.name, provider_id: provider.id, ...details } });
  }

  async function buyAirtime(userId: string, sendAccount: string, input: AirtimePurchaseInput, key: string): Promise<MoneyResult> {
    const network = (await networks()).find((candidate) => candidate.id === input.network_id);
    let prepared: Result<Purchase>;
    if (!network) prepared = invalid('network_id', said('said.purchases.network'));
    else if (input.amount < airtimeMinKobo || input.amount > airtimeMaxKobo) prepared = invalid('amount', words.airtimeRange({ minKobo: kobo(airtimeMinKobo), maxKobo: kobo(airtimeMaxKobo) }));
    else {
      prepared = bill('airtime', network, kobo(input.amount), input.phone_number, words.airtimeItem({ amountKobo: kobo(input.amount), network: network.name }), {
        narration: `${network.name} airtime ${input.phone_number}`,
        details: { phone_number: input.phone_number },
        hashed: { network_id: network.id, phone_number: input.phone_number, amount: input.amount },
      });
    }
    return purchase(userId, sendAccount, input.pin, key, prepared);
  }

  async function buyData(userId: string, sendAccount: string, input: DataPurchaseInput, key: string): Promise<MoneyResult> {
    const network = (await networks()).find((candidate) => candidate.id === input.provider_id);
    const plan = network ? ownValue((await catalogue()).dataPlans, network.id)?.find((candidate) => candidate.id === input.plan_id) : undefined;
    let prepared: Result<Purchase>;
    if (!network) prepared = invalid('provider_id', said('said.purchases.network'));
    else if (!plan) prepared = invalid('plan_id', said('said.bills.planOf', { network: network.name }));
    else {
      const planText = `${network.name} ${plan.name} (${plan.size}, ${plan.validity})`;
      prepared = bill('data', network, kobo(plan.amount), input.phone_number, planText, {
        variationCode: plan.id,
        narration: `${network.name} data ${plan.size} ${input.phone_number}`,
        details: { plan: planText, plan_id: plan.id, phone_number: input.phone_number },
        hashed: { provider_id: network.id, plan_id: plan.id, phone_number: input.phone_number },
      });
    }
    return purchase(userId, sendAccount, input.pin, key, prepared);
  }

  async function buyElectricity(userId: string, sendAccount: string, input: ElectricityPurchaseInput, key: string): Promise<MoneyResult> {
    const disco = (await discos()).find((candidate) => candidate.id === input.provider_id);
    let prepared: Result<Purchase>;
    if (!disco) prepared = invalid('provider_id', said('said.purchases.disco'));
    else if (!disco.meter_types.includes(input.meter_type)) prepared = invalid('meter_type', unsupportedMeterTypeMessage(disco));
    else if (input.amount < disco.min_amount || input.amount > disco.max_amount) prepared = invalid('amount', words.discoRange({ disco: disco.short_name, minKobo: disco.min_amount, maxKobo: disco.max_amount }));
    else {
      prepared = bill('electricity', disco, kobo(input.amount), input.meter_number, words.electricityItem({ amountKobo: kobo(input.amount), disco: disco.short_name, meterType: input.meter_type }), {
        meterType: input.meter_type,
        narration: `${disco.short_name} ${input.meter_type} ${input.meter_number}`,
        details: { meter_number: input.meter_number, meter_type: input.meter_type },
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
    if (!provider) prepared = invalid('provider_id', said('said.purchases.provider'));
    else if (!bouquet) prepared = invalid('package_id', said('said.bills.packageOf', { provider: provider.name }));
    else {
      prepared = bill('cable', provider, kobo(bouquet.amount), input.smartcard_number, `${bouquet.name} for smartcard ${input.smartcard_number}`, {
        variationCode: bouquet.id,
        narration: `${bouquet.name} ${input.smartcard_number}`,
        details: { smartcard_number: input.smartcard_number, package: bouquet.name, package_id: bouquet.id },
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

  return { catalogue, networks, dataPlans, discos, cableProviders, cablePackages, verifyMeter, verifySmartcard, buyAirtime, buyData, buyElectricity, buyCable };
}
export type BillServiceApi = ReturnType<typeof createBillService>;
