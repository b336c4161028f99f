import { koboToInput, parseNairaInput } from '../../../lib/amount-input.ts';
import type { Kobo } from '../../../lib/money.ts';
import { purchaseBalanceProblem } from '../../../lib/mobile-purchase.ts';
import { electricityPurchaseSchema, type Disco, type MeterCustomer } from '../../../lib/bills.ts';
import { electricityAmountProblem, meterFingerprint, meterNotFoundMessage, unsupportedMeterTypeMessage, type MeterDetails } from '../../../lib/electricity-form.ts';
import { succeed, type Failure, type Result } from '../../core/result.ts';
import { parseValues } from '../api.ts';
import type { PaymentKind, StepValues } from '../payment-steps.ts';
import { fieldFailure, onlyAbout, receiptAt, type PaymentScope } from './scope.ts';
import { said } from '../../../i18n/said.ts';

export type MeterChoice = { meter: MeterDetails; disco: Disco };
/** `amount`: chosen on the choose step, shown on the review (null until then). */
export type MeterShown = { customer: MeterCustomer; suggestedAmount: string; amount: Kobo | null };

const meterSchema = electricityPurchaseSchema.pick({ provider_id: true, meter_type: true, meter_number: true });
const paymentSchema = electricityPurchaseSchema.pick({ amount: true, pin: true });

/**
 * Buy electricity: details (DisCo → its meter types, meter number) → the meter verified with the
 * DisCo (every time the choose or confirm step is shown; nothing posted about its owner is
 * trusted) → choose (the meter's owner and address, the amount) → confirm (the review: meter,
 * owner, DisCo, amount, fee, total; the PIN) → the purchase. The key stands for the meter: the
 * amount is chosen after it, and carried to the review as kobo (`amount_kobo`).
 */
export async function electricityKind({ app, user, account }: PaymentScope) {
  const discos = await app.bills.discos();
  const discoById = (id: string | undefined) => discos.find((disco) => disco.id === id);
  /** A failed verification in the customer's words: "not found" beside the meter number, anything else on top. */
  const inCustomerWords = (failure: Failure, { meter, disco }: MeterChoice): Failure =>
    failure.code === 'ACCOUNT_NOT_FOUND' ? fieldFailure('meter_number', meterNotFoundMessage(disco, meter.meter_type), 'ACCOUNT_NOT_FOUND') : failure;
  /** The amount typed in naira on the choose step, or carried as kobo to the confirm step: checked by the DisCo's rules either way. */
  const amountOf = (values: StepValues, step: 'choose' | 'confirm', disco: Disco): Result<Kobo> => {
    const carried = values.amount_kobo ?? '';
    const text = step === 'choose' ? (values.amount ?? '') : /^\d{1,15}$/.test(carried) ? koboToInput(Number(carried)) : carried === '' ? '' : 'not an amount';
    const problem = electricityAmountProblem(text, disco);
    return problem ? fieldFailure('amount', problem) : succeed(parseNairaInput(text)!);
  };

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
      return { values, failure: discoById(values.provider_id) ? null : fieldFailure('provider_id', said('said.purchases.disco')) };
    },
    parse: (values) => parseValues(values, meterSchema),
    check(meter) {
      const disco = discoById(meter.provider_id);
      if (!disco) return fieldFailure('provider_id', said('said.purchases.discoList'));
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
      return succeed({ customer, suggestedAmount, amount: null });
    },
    /** The amount as typed, as carried back from the review, or what the meter owes. */
    confirmValues: (shown, values) => ({ amount: values.amount ?? (/^\d{1,15}$/.test(values.amount_kobo ?? '') ? koboToInput(Number(values.amount_kobo)) : shown.suggestedAmount) }),
    choose({ disco }, shown, values, step, balanceKobo) {
      const amount = amountOf(values, step, disco);
      if (!amount.ok) return amount;
      const overBalance = balanceKobo === null ? undefined : purchaseBalanceProblem(balanceKobo, amount.value);
      return overBalance ? fieldFailure('amount', overBalance, 'INSUFFICIENT_FUNDS') : succeed({ ...shown, amount: amount.value });
    },
    /** The amount was read on the choose step and carried as kobo: checked again by the same rules. */
    readPayment(values, { disco }) {
      const amount = amountOf(values, 'confirm', disco);
      if (!amount.ok) return amount;
      return parseValues({ amount: amount.value, pin: values.pin }, paymentSchema);
    },
    // The amount, the balance, the daily limit: chosen again on the choose step.
    backToChoice: (failure) => !onlyAbout(failure, ['pin']),
    pay: ({ meter }, payment, key) => app.bills.buyElectricity(user.id, account.account_number, { ...meter, ...payment }, key),
    receiptPath: receiptAt('/bills/electricity/success'),
    // The PIN, the balance, the daily limit, the amount, the DisCo not answering: put right where they are.
    staysOnConfirm: (failure) => failure.code !== 'ACCOUNT_NOT_FOUND' && failure.code !== 'NOT_FOUND' && onlyAbout(failure, ['amount', 'pin']),
    inCustomerWords,
    carriesKeyBack: true,
    againMessage: said('said.purchases.payAgain'),
    extraFor: () => null,
    firstVisit: async () => ({ values: {}, extra: null }),
  };
  return { kind, discos };
}
