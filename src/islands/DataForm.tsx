import { useEffect, type SubmitEvent } from 'react';
import { useStore } from '@nanostores/react';
import type { DataPlan, Network } from '../lib/bills.ts';
import { dataDetailsCheck, dataDetailsOf } from '../lib/checks/data.ts';
import { dataFingerprint, findPlan, plansByPeriod, planSummary } from '../lib/payment-rules.ts';
import { purchaseBalanceProblem } from '../lib/mobile-purchase.ts';
import { formatNaira } from '../lib/money.ts';
import { plans as planStore, processing, selectedPlan, selectPlan, setProviders, showPlans, whileProcessing } from '../stores/data.ts';
import { useSchemaForm, type FormProps } from './form-kit.tsx';
import { checkedBeforeHydration, ChoiceFieldset, MobilePurchaseForm, NetworkChoice, PhoneNumberField, RadioCard, useHydrated, useMobilePurchase } from './mobile-kit.tsx';
import { carriedKey } from './purchase-kit.tsx';

type Props = FormProps & {
  networks: readonly Network[];
  /** Every network's plans, by network id, so choosing a network needs no round trip. */
  plansByNetwork: Readonly<Record<string, readonly DataPlan[]>>;
  sendAccount: string;
  /** Kobo, as the page loaded it; the server checks again when buying. */
  balance: number;
  /** A key carried back from the confirm step by "Change details", valid only for `keyDetails`. */
  idempotencyKey?: string | null;
  keyDetails?: string | null;
};

const successPath = (reference: string) => `/data/purchase/success?reference=${encodeURIComponent(reference)}`;

/**
 * Buy a data plan. Before hydration (and without JavaScript) this is the "details" step of
 * /data/purchase: choosing a network is a round trip ("Show plans", or simply "Continue": the
 * page shows the plans of a network it has not shown yet instead of going on), and the page
 * answers a complete form with its confirm step. Once hydrated, the plans follow the network at
 * once, the PIN appears when the purchase is complete, and the purchase goes to the API under
 * one idempotency key per intended purchase.
 */
export default function DataForm(props: Props) {
  const { networks, plansByNetwork, sendAccount, balance, values = {}, errors = {}, formError = null, notice = null } = props;
  const form = useSchemaForm(dataDetailsCheck, { provider_id: '', plan_id: '', phone_number: '', ...values }, errors);
  const hydrated = useHydrated();
  const storedPlans = useStore(planStore);
  const storedSelection = useStore(selectedPlan);
  const carried = carriedKey(props);

  const networkId = String(form.values.provider_id ?? '');
  const planId = String(form.values.plan_id ?? '');
  const network = networks.find((candidate) => candidate.id === networkId);

  /** Shows a network's plans (in the store and the form) and keeps the chosen plan only if it is one of them. */
  function chooseNetwork(id: string, keepPlan: string) {
    const list = plansByNetwork[id] ?? [];
    showPlans(list);
    const kept = findPlan(list, keepPlan)?.id ?? '';
    selectPlan(kept || null);
    form.set('provider_id', id);
    form.set('plan_id', kept);
  }

  function choosePlan(id: string) {
    selectPlan(id);
    form.set('plan_id', id);
    form.touch('plan_id');
  }

  useEffect(() => {
    setProviders(networks);
    // Choices tapped before the script arrived are adopted rather than undone. Otherwise only the
    // stores are filled, so the server's messages beside the fields stay until they are edited.
    const tappedNetwork = checkedBeforeHydration('provider_id') ?? networkId;
    const tappedPlan = checkedBeforeHydration('plan_id') ?? planId;
    if (tappedNetwork !== networkId || tappedPlan !== planId) {
      chooseNetwork(tappedNetwork, tappedPlan);
    } else {
      showPlans(plansByNetwork[networkId] ?? []);
      selectPlan(planId || null);
    }
    // Once, on hydration.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, []);

  // The stores are filled only in the browser; the server's HTML (and the first render) use the props.
  const shownPlans = hydrated ? storedPlans : (plansByNetwork[networkId] ?? []);
  const plan = hydrated ? storedSelection : (findPlan(shownPlans, planId) ?? null);
  const parsed = dataDetailsOf(form.values);
  const details = parsed && plan ? parsed : null;
  const overBalance = plan ? purchaseBalanceProblem(balance, plan.amount) : undefined;
  const ready = hydrated && details !== null && plan !== null && !overBalance;
  const payment = useMobilePurchase({ form, flag: { processing, whileProcessing }, ready, errors, formError, carried, receiptPath: successPath, paidText: 'The data was bought' });

  const onSubmit = (event: SubmitEvent<HTMLFormElement>) =>
    payment.submit(event, () =>
      details && plan && !overBalance
        ? { path: `/v1/bills/data/purchase/${sendAccount}`, body: { provider_id: details.provider_id, plan_id: details.plan_id, phone_number: details.phone_number }, fingerprint: dataFingerprint(details) }
        : null,
    );

  const planError = form.errorFor('plan_id') ?? overBalance;
  const summary =
    ready && details && plan && network
      ? {
          rows: [
            { label: 'Network', value: network.name },
            { label: 'Plan', value: `${plan.name} (${planSummary(plan)})` },
            { label: 'Phone number', value: <span className="font-mono">{details.phone_number}</span> },
          ],
          total: formatNaira(plan.amount),
        }
      : null;
  // Which network's plans are on screen: the page shows a newly chosen network's plans before going on.
  const plansFor = <input type="hidden" name="plans_for" value={networkId} />;

  return (
    <MobilePurchaseForm action="/data/purchase" onSubmit={onSubmit} payment={payment} carried={carried} notice={notice} summary={summary} hidden={plansFor}>
      <NetworkChoice
        name="provider_id"
        networks={networks}
        value={networkId}
        error={form.errorFor('provider_id')}
        onChange={(id) => {
          chooseNetwork(id, planId);
          form.touch('provider_id');
        }}
      />
      <noscript>
        <button type="submit" name="intent" value="network" className="btn-secondary mb-4 w-full" formNoValidate>
          Show plans for this network
        </button>
      </noscript>

      {!network ? (
        <p className="mb-4 text-sm text-slate-700">Choose a network to see its data plans.</p>
      ) : shownPlans.length === 0 ? (
        <p className="alert-info">We could not load {network.name}’s plans just now. Please try again in a few minutes.</p>
      ) : (
        <ChoiceFieldset name="plan_id" legend={`${network.name} data plan`} error={planError}>
          {plansByPeriod(shownPlans).map((group) => (
            <div key={group.period} className="mb-3">
              <p className="mb-1 text-xs font-semibold tracking-wide text-slate-600 uppercase">{group.label}</p>
              <div className="grid gap-2">
                {group.plans.map((item) => (
                  <RadioCard
                    key={item.id}
                    name="plan_id"
                    value={item.id}
                    checked={planId === item.id}
                    onChange={choosePlan}
                    label={item.name}
                    hint={planSummary(item)}
                    aside={formatNaira(item.amount)}
                  />
                ))}
              </div>
            </div>
          ))}
        </ChoiceFieldset>
      )}

      <PhoneNumberField form={form} />
    </MobilePurchaseForm>
  );
}
