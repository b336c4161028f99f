import { localMobileNumber, type DataPlan, type Network } from '../../../lib/bills.ts';
import { confirmStepSchema } from '../../../lib/confirm-step.ts';
import { dataDetailsSchema, dataFingerprint, findPlan, type DataDetails } from '../../../lib/data-form.ts';
import { purchaseBalanceProblem } from '../../../lib/mobile-purchase.ts';
import { succeed, type Result } from '../../core/result.ts';
import { parseValues } from '../api.ts';
import type { PaymentKind, StepValues } from '../payment-steps.ts';
import { aboutThePin, fieldFailure, receiptAt, type PaymentScope } from './scope.ts';
import { said } from '../../../i18n/said.ts';

export type DataChoice = { details: DataDetails; network: Network; plan: DataPlan };

/**
 * Buy a data plan: details (network → that network's plans, a plan, phone number) → confirm
 * (what will be bought, the PIN) → the purchase. Choosing a network is a round trip: a post
 * whose network is not the one whose plans are on screen (the hidden `plans_for`) comes back
 * with that network's plans instead of going on, so "Show plans", "Continue" and Enter all do
 * the expected thing.
 */
export async function dataKind({ app, user, account }: PaymentScope) {
  const networks: Network[] = await app.bills.networks();
  const plansByNetwork: Record<string, DataPlan[]> = {};
  for (const network of networks) {
    const plans = await app.bills.dataPlans(network.id);
    // A network whose plans cannot be had is still listed; the form says its plans are missing.
    plansByNetwork[network.id] = plans.ok ? plans.value : [];
  }
  const networkOf = (id: string | undefined) => networks.find((network) => network.id === id);

  const kind: PaymentKind<DataDetails, DataChoice, null, { pin: string }, null> = {
    detailFields: ['provider_id', 'plan_id', 'phone_number'],
    roundTrip(values) {
      const chosen = networkOf(values.provider_id);
      if (!chosen || chosen.id === values.plans_for) return null;
      // A network whose plans were not on screen: show them, keeping a plan only if it is one of them.
      const plan = findPlan(plansByNetwork[chosen.id], values.plan_id);
      return { values: { ...values, plan_id: plan?.id ?? '' }, notice: plan ? null : said('said.purchases.nowChoosePlan', { network: chosen.name }) };
    },
    parse: (values) => parseValues(values, dataDetailsSchema),
    /** The network and plan as the catalogue has them (the confirm step's hidden fields are never trusted); before the PIN, the balance too. */
    check(details, balanceKobo): Result<DataChoice> {
      const network = networkOf(details.provider_id);
      if (!network) return fieldFailure('provider_id', said('said.purchases.network'));
      const plan = findPlan(plansByNetwork[network.id], details.plan_id);
      if (!plan) return fieldFailure('plan_id', said('said.purchases.planOf', { network: network.name }));
      const problem = balanceKobo === null ? undefined : purchaseBalanceProblem(balanceKobo, plan.amount);
      return problem ? fieldFailure('plan_id', problem, 'INSUFFICIENT_FUNDS') : succeed({ details, network, plan });
    },
    fingerprint: (choice) => dataFingerprint(choice.details),
    confirm: async () => succeed(null),
    readPayment: (values) => parseValues(values, confirmStepSchema),
    pay: ({ details }, { pin }, key) => app.bills.buyData(user.id, account.account_number, { ...details, pin }, key),
    receiptPath: receiptAt('/data/purchase/success'),
    staysOnConfirm: aboutThePin,
    carriesKeyBack: false,
    againMessage: said('said.transfer.again'),
    extraFor: () => null,
    /** The customer's own number, and the network if a link named one (?network=mtn). */
    async firstVisit(query) {
      const linked = networkOf(query.get('network') ?? undefined);
      const values: StepValues = { phone_number: localMobileNumber(user.phone_number) };
      if (linked) values.provider_id = linked.id;
      return { values, extra: null };
    },
  };
  return { kind, networks, plansByNetwork };
}
