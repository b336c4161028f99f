import { airtimeCarriedSchema, airtimeDetailsSchema, airtimeFingerprint, quickAmountInput, type AirtimeDetails } from '../../../lib/airtime-form.ts';
import { localMobileNumber, type Network } from '../../../lib/bills.ts';
import { confirmStepSchema } from '../../../lib/confirm-step.ts';
import { networkOfNumber } from '../../../lib/mobile-number.ts';
import { purchaseBalanceProblem } from '../../../lib/mobile-purchase.ts';
import { succeed } from '../../core/result.ts';
import { parseValues } from '../api.ts';
import type { PaymentKind, StepValues } from '../payment-steps.ts';
import { aboutThePin, carriedAmount, fieldFailure, receiptAt, type PaymentScope } from './scope.ts';
import { said } from '../../../i18n/said.ts';

/**
 * Buy airtime: details (network, phone number, amount; a quick amount fills the amount in) →
 * confirm (what will be bought, the PIN) → the purchase.
 */
export async function airtimeKind({ app, user, account }: PaymentScope) {
  const networks: Network[] = await app.bills.networks();
  const kind: PaymentKind<AirtimeDetails, AirtimeDetails, { networkName: string }, { pin: string }, null> = {
    detailFields: ['network_id', 'phone_number', 'amount'],
    /** A quick amount ("₦500") is a round trip that fills the amount in; nothing is checked yet. */
    roundTrip(values) {
      const quick = quickAmountInput(values.quick_amount);
      return quick ? { values: { ...values, amount: quick } } : null;
    },
    parse: (values, step) => (step === 'confirm' ? parseValues(carriedAmount(values), airtimeCarriedSchema) : parseValues(values, airtimeDetailsSchema)),
    /** Before the PIN: a network we sell, and not more than the balance. */
    check(details, balanceKobo) {
      if (balanceKobo === null) return succeed(details);
      if (!networks.some((network) => network.id === details.network_id)) return fieldFailure('network_id', said('said.purchases.network'));
      const problem = purchaseBalanceProblem(balanceKobo, details.amount);
      return problem ? fieldFailure('amount', problem, 'INSUFFICIENT_FUNDS') : succeed(details);
    },
    fingerprint: airtimeFingerprint,
    confirm: async (details) => succeed({ networkName: networks.find((network) => network.id === details.network_id)?.name ?? details.network_id }),
    readPayment: (values) => parseValues(values, confirmStepSchema),
    pay: (details, { pin }, key) => app.bills.buyAirtime(user.id, account.account_number, { ...details, pin }, key),
    receiptPath: receiptAt('/airtime/purchase/success'),
    staysOnConfirm: aboutThePin,
    carriesKeyBack: false,
    againMessage: said('said.transfer.again'),
    extraFor: () => null,
    /**
     * The customer's own number, and the network a link named (?network=mtn), else the one the
     * number's prefix belongs to (0803 is MTN), so the form is ready to go without JavaScript.
     */
    async firstVisit(query) {
      const phone = localMobileNumber(user.phone_number);
      const network = [query.get('network'), networkOfNumber(phone)].find((id) => id && networks.some((offered) => offered.id === id));
      const values: StepValues = { phone_number: phone };
      if (network) values.network_id = network;
      return { values, extra: null };
    },
  };
  return { kind, networks };
}
