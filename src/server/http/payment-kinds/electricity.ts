import { koboToInput, parseNairaInput } from '../../../lib/amount-input.ts';
import { electricityPurchaseSchema, type Disco, type MeterCustomer } from '../../../lib/bills.ts';
import { electricityAmountProblem, meterFingerprint, meterNotFoundMessage, unsupportedMeterTypeMessage, type MeterDetails } from '../../../lib/electricity-form.ts';
import { succeed, type Failure } from '../../core/result.ts';
import { parseValues } from '../api.ts';
import type { PaymentKind } from '../payment-steps.ts';
import { fieldFailure, onlyAbout, receiptAt, type PaymentScope } from './scope.ts';

export type MeterChoice = { meter: MeterDetails; disco: Disco };
export type MeterShown = { customer: MeterCustomer; suggestedAmount: string };

const meterSchema = electricityPurchaseSchema.pick({ provider_id: true, meter_type: true, meter_number: true });
const paymentSchema = electricityPurchaseSchema.pick({ amount: true, pin: true });

/**
 * Buy electricity: details (DisCo → its meter types, meter number) → the meter verified with the
 * DisCo (every time the confirm step is shown; nothing posted about its owner is trusted) →
 * confirm (the meter's owner and address, the amount typed there, the PIN) → the purchase. The
 * key stands for the meter: the amount is typed on the confirm step itself.
 */
export async function electricityKind({ app, user, account }: PaymentScope) {
  const discos = await app.bills.discos();
  const discoById = (id: string | undefined) => discos.find((disco) => disco.id === id);
  /** A failed verification in the customer's words: "not found" beside the meter number, anything else on top. */
  const inCustomerWords = (failure: Failure, { meter, disco }: MeterChoice): Failure =>
    failure.code === 'ACCOUNT_NOT_FOUND' ? fieldFailure('meter_number', meterNotFoundMessage(disco, meter.meter_type), 'ACCOUNT_NOT_FOUND') : failure;

  const kind: PaymentKind<MeterDetails, MeterChoice, MeterShown, { amount: number; pin: string }, null> = {
    detailFields: ['provider_id', 'meter_type', 'meter_number'],
    prepare(values) {
      // A DisCo that sells one kind of meter needs no choice.
      const disco = discoById(values.provider_id);
      if (disco && !values.meter_type && disco.meter_types.length === 1) values.meter_type = disco.meter_types[0]!;
      return values;
    },
    roundTrip(values) {
      // Without JavaScript, choosing the DisCo is its own round trip: it brings back that DisCo's meter types.
      if (values.intent !== 'provider') return null;
      return { values, failure: discoById(values.provider_id) ? null : fieldFailure('provider_id', 'Choose the distribution company') };
    },
    parse: (values) => parseValues(values, meterSchema),
    check(meter) {
      const disco = discoById(meter.provider_id);
      if (!disco) return fieldFailure('provider_id', 'Choose the distribution company from the list');
      if (!disco.meter_types.includes(meter.meter_type)) return fieldFailure('meter_type', unsupportedMeterTypeMessage(disco));
      return succeed({ meter, disco });
    },
    fingerprint: ({ meter }) => meterFingerprint(meter),
    async confirm({ meter, disco }) {
      const verified = await app.bills.verifyMeter(disco.id, { meter_number: meter.meter_number, meter_type: meter.meter_type });
      if (!verified.ok) return verified;
      const customer = verified.value;
      // A postpaid bill is usually paid in full: offer what is owed when the DisCo would take it.
      const owed = customer.outstanding_balance !== undefined ? Math.ceil(customer.outstanding_balance / 100) * 100 : 0;
      const suggestedAmount = owed >= disco.min_amount && owed <= disco.max_amount ? koboToInput(owed) : '';
      return succeed({ customer, suggestedAmount });
    },
    confirmValues: (shown, values) => ({ amount: values.amount ?? shown.suggestedAmount }),
    /** The amount is typed on the confirm step: read from naira into kobo here, once. */
    readPayment(values, { disco }) {
      const amountProblem = electricityAmountProblem(values.amount ?? '', disco);
      if (amountProblem) return fieldFailure('amount', amountProblem);
      return parseValues({ amount: parseNairaInput(values.amount ?? ''), pin: values.pin }, paymentSchema);
    },
    pay: ({ meter }, payment, key) => app.bills.buyElectricity(user.id, account.account_number, { ...meter, ...payment }, key),
    receiptPath: receiptAt('/bills/electricity/success'),
    // The PIN, the balance, the daily limit, the amount, the DisCo not answering: put right where they are.
    staysOnConfirm: (failure) => failure.code !== 'ACCOUNT_NOT_FOUND' && failure.code !== 'NOT_FOUND' && onlyAbout(failure, ['amount', 'pin']),
    inCustomerWords,
    carriesKeyBack: true,
    againMessage: 'Please check the details and pay again.',
    extraFor: () => null,
    firstVisit: async () => ({ values: {}, extra: null }),
  };
  return { kind, discos };
}
