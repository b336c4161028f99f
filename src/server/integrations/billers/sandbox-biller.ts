import { createHash } from 'node:crypto';
import type { Db } from '../../db/connection.ts';
import type { Clock } from '../../core/clock.ts';
import { lagosDate } from '../../../lib/lagos-time.ts';
import { ownValue } from '../../../lib/own.ts';
import { kobo } from '../../../lib/money.ts';
import { sandboxAccountName } from '../interbank/sandbox-switch.ts';
import type { Biller, BillerCatalogue, Delivery, PaymentAnswer, PaymentRequest, QueryAnswer } from './ports.ts';
import { discoTowns, sandboxCatalogue, unitsFor } from './sandbox-catalogue.ts';

/**
 * The sandbox bill aggregator: deterministic, so tests and demos can reach every outcome.
 *
 * Any well-formed meter (11 or 13 digits) or smartcard (10 digits) resolves to a customer whose
 * name, address, tariff band and current bouquet follow from the number. Numbers made of nines
 * ending in 1–4, and phone numbers 0809999999 followed by 2–4, are the test numbers:
 *
 * | ends in | verification | payment                         | status query            |
 * |---------|--------------|---------------------------------|-------------------------|
 * | …1      | not found    | failed (meters and smartcards)  | failed                  |
 * | …2      | found        | failed: provider error          | failed                  |
 * | …3      | found        | no answer (pending)             | delivered               |
 * | …4      | found        | no answer (pending)             | failed                  |
 *
 * It remembers every request id it received, so a repeated payment answers as the first one
 * did, and a status query for a request it never received says so (safe to reverse).
 */
export const sandboxBillerTestNumbers = {
  meter: { notFound: '99999999991', providerFailure: '99999999992', timeoutThenDelivered: '99999999993', timeoutThenFailed: '99999999994' },
  smartcard: { notFound: '9999999991', providerFailure: '9999999992', timeoutThenDelivered: '9999999993', timeoutThenFailed: '9999999994' },
  phone: { providerFailure: '08099999992', timeoutThenDelivered: '08099999993', timeoutThenFailed: '08099999994' },
} as const;

type Scenario = 'normal' | 'notFound' | 'providerFailure' | 'timeoutThenDelivered' | 'timeoutThenFailed';
const scenarios: Record<string, Scenario> = { '1': 'notFound', '2': 'providerFailure', '3': 'timeoutThenDelivered', '4': 'timeoutThenFailed' };

export function scenarioOf(customerId: string, kind: 'phone' | 'account'): Scenario {
  const match = kind === 'phone' ? /^0809{7}([2-4])$/.exec(customerId) : /^9{9,}([1-4])$/.exec(customerId);
  return match ? (ownValue(scenarios, match[1]!) ?? 'normal') : 'normal';
}

function digest(text: string): Buffer {
  return createHash('sha256').update(text).digest();
}

/** Twenty decimal digits drawn from the request id: the same purchase always has the same token. */
function tokenFor(requestId: string): string {
  const bytes = digest(`token:${requestId}`);
  let digits = '';
  for (let index = 0; digits.length < 20; index += 1) digits += String(bytes[index % bytes.length]! % 10);
  return digits;
}

const streets = ['Adeola Odeku Street', 'Awolowo Road', 'Allen Avenue', 'Ahmadu Bello Way', 'Aminu Kano Crescent', 'Herbert Macaulay Way', 'Nnamdi Azikiwe Street', 'Obafemi Awolowo Way', 'Tafawa Balewa Road', 'Ojukwu Avenue', 'Murtala Mohammed Way', 'Yakubu Gowon Crescent'];
const bands = ['A', 'A', 'A', 'B', 'B', 'B', 'C', 'C', 'D', 'E'];

export function sandboxMeter(discoId: string, meterNumber: string) {
  const bytes = digest(`meter:${discoId}:${meterNumber}`);
  const towns = discoTowns[discoId] ?? ['Lagos'];
  return {
    customerName: sandboxAccountName('meter', `${discoId}:${meterNumber}`),
    address: `${(bytes[0]! % 120) + 1} ${streets[bytes[1]! % streets.length]}, ${towns[bytes[2]! % towns.length]}`,
    band: bands[bytes[3]! % bands.length]!,
    /** Postpaid arrears, whole naira in kobo: ₦0 to ₦45,000. */
    outstandingKobo: kobo(((bytes[4]! * 256 + bytes[5]!) % 45_001) * 100),
  };
}

export function createSandboxBiller(deps: { db: Db; clock: Clock; catalogue?: BillerCatalogue }): Biller {
  const { db, clock } = deps;
  const catalogue = deps.catalogue ?? sandboxCatalogue;

  function packageFor(providerId: string, smartcardNumber: string) {
    const packages = ownValue(catalogue.cablePackages, providerId) ?? [];
    const bytes = digest(`smartcard:${providerId}:${smartcardNumber}`);
    return { current: packages[bytes[0]! % packages.length] ?? null, dueInDays: (bytes[1]! % 45) - 10 };
  }

  /** What this aggregator does with a payment, decided before it is stored. */
  function decide(request: PaymentRequest): { outcome: 'delivered' | 'failed'; answer: 'now' | 'later'; reason?: string; delivery?: Omit<Delivery, 'status' | 'providerReference'> } {
    const kind = request.service === 'airtime' || request.service === 'data' ? 'phone' : 'account';
    const scenario = scenarioOf(request.customerId, kind);
    if (scenario === 'notFound') return { outcome: 'failed', answer: 'now', reason: 'Customer not found' };
    if (scenario === 'providerFailure') return { outcome: 'failed', answer: 'now', reason: 'The provider is not available' };
    let delivery: Omit<Delivery, 'status' | 'providerReference'> = {};
    if (request.service === 'electricity') {
      const meter = sandboxMeter(request.providerId, request.customerId);
      delivery =
        request.meterType === 'postpaid'
          ? { receiptNumber: `RCT${String(digest(`receipt:${request.requestId}`).readUInt32BE(0)).padStart(10, '0')}` }
          : { token: tokenFor(request.requestId), units: unitsFor(request.amount, meter.band) };
    }
    if (scenario === 'timeoutThenDelivered') return { outcome: 'delivered', answer: 'later', delivery };
    if (scenario === 'timeoutThenFailed') return { outcome: 'failed', answer: 'later', reason: 'The provider could not complete the purchase' };
    return { outcome: 'delivered', answer: 'now', delivery };
  }

  function answerOf(row: { outcome: string; reason: string | null; token: string | null; units: string | null; receipt_number: string | null; provider_reference: string }): PaymentAnswer {
    if (row.outcome === 'failed') return { status: 'failed', reason: row.reason ?? 'Failed' };
    return {
      status: 'delivered',
      providerReference: row.provider_reference,
      ...(row.token ? { token: row.token } : {}),
      ...(row.units ? { units: Number(row.units) } : {}),
      ...(row.receipt_number ? { receiptNumber: row.receipt_number } : {}),
    };
  }

  return {
    async catalogue() {
      return catalogue;
    },

    async verifyMeter({ discoId, meterNumber, meterType }) {
      const disco = catalogue.discos.find((candidate) => candidate.id === discoId);
      if (!disco || !disco.meter_types.includes(meterType)) return { status: 'not_found' };
      if (!/^(\d{11}|\d{13})$/.test(meterNumber) || scenarioOf(meterNumber, 'account') === 'notFound') return { status: 'not_found' };
      const meter = sandboxMeter(discoId, meterNumber);
      return {
        status: 'found',
        customer: {
          customer_name: meter.customerName,
          address: meter.address,
          meter_number: meterNumber,
          meter_type: meterType,
          tariff_band: meter.band,
          ...(meterType === 'postpaid' ? { outstanding_balance: meter.outstandingKobo } : {}),
        },
      };
    },

    async verifySmartcard({ providerId, smartcardNumber }) {
      if (!catalogue.cableProviders.some((provider) => provider.id === providerId)) return { status: 'not_found' };
      if (!/^\d{10}$/.test(smartcardNumber) || scenarioOf(smartcardNumber, 'account') === 'notFound') return { status: 'not_found' };
      const { current, dueInDays } = packageFor(providerId, smartcardNumber);
      return {
        status: 'found',
        customer: {
          customer_name: sandboxAccountName('smartcard', `${providerId}:${smartcardNumber}`),
          smartcard_number: smartcardNumber,
          current_package: current,
          due_date: lagosDate(new Date(clock.now().getTime() + dueInDays * 86_400_000)),
          renewal_amount: current?.amount ?? null,
        },
      };
    },

    async pay(request) {
      const previous = await db.selectFrom('sandbox_bill_payments').selectAll().where('request_id', '=', request.requestId).executeTakeFirst();
      if (previous) return answerOf(previous);
      const decision = decide(request);
      const providerReference = String(BigInt(`0x${digest(`ref:${request.requestId}`).subarray(0, 7).toString('hex')}`)).padStart(17, '0').slice(0, 17);
      const row = {
        request_id: request.requestId,
        service: request.service,
        provider_id: request.providerId,
        customer_id: request.customerId,
        amount: request.amount,
        outcome: decision.outcome,
        reason: decision.reason ?? null,
        token: decision.delivery?.token ?? null,
        units: decision.delivery?.units === undefined ? null : String(decision.delivery.units),
        receipt_number: decision.delivery?.receiptNumber ?? null,
        provider_reference: providerReference,
        created_at: clock.now().toISOString(),
      };
      await db.insertInto('sandbox_bill_payments').values(row).onConflict((conflict) => conflict.column('request_id').doNothing()).execute();
      if (decision.answer === 'later') return { status: 'pending' };
      return answerOf(row);
    },

    async query(requestId): Promise<QueryAnswer> {
      const row = await db.selectFrom('sandbox_bill_payments').selectAll().where('request_id', '=', requestId).executeTakeFirst();
      return row ? answerOf(row) : { status: 'not_received' };
    },
  };
}
