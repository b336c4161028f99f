import { useEffect, useRef, useState } from 'react';
import type { DataPlan, Network } from '../lib/bills.ts';
import { dataDetailsCheck } from '../lib/checks/data.ts';
import { findPlan, plansByPeriod, planSummary } from '../lib/data-plans.ts';
import { formatNaira } from '../lib/money.ts';
import { selectPlan, setProviders, showPlans } from '../stores/data.ts';
import { useSchemaForm, type FormProps, worded } from './form-kit.tsx';
import { checkedBeforeHydration, ChoiceFieldset, DefaultSubmit, NetworkChoice, PhoneNumberField, RadioCard } from './mobile-kit.tsx';
import { fillWord, PaymentDetailsForm, type DetailsStepProps } from './purchase-kit.tsx';
import type { DataWords } from '../i18n/purchase-words.ts';

type Props = DetailsStepProps &
  Pick<FormProps, 'values' | 'errors'> & {
    networks: readonly Network[];
    /** The plans of the network the page shows (the form's provider_id); another network's come from the API when chosen. */
    plans: readonly DataPlan[];
    words: DataWords;
  };

/**
 * A network's plans from GET /api/v1/bills/data-plans/{id} (cached by the browser for an hour,
 * and here for the page's life), so the props carry no plan list but the shown network's
 * (docs/decisions/003-page-weight-budget.md). A failure is an empty list: the form says the plans could not be loaded.
 */
const fetchedPlans = new Map<string, Promise<readonly DataPlan[]>>();
function plansOf(networkId: string): Promise<readonly DataPlan[]> {
  let plans = fetchedPlans.get(networkId);
  if (!plans) {
    plans = fetch(`/api/v1/bills/data-plans/${encodeURIComponent(networkId)}`, { headers: { accept: 'application/json' } })
      .then((response) => response.json())
      .then((body: { success?: boolean; data?: DataPlan[] }) => (body.success && Array.isArray(body.data) ? body.data : []))
      .catch(() => []);
    fetchedPlans.set(networkId, plans);
  }
  return plans;
}

/**
 * Buy a data plan: the details step of /data/purchase (network, plan, phone number). Without
 * JavaScript choosing a network is a round trip ("Show plans", or simply "Continue": the page
 * shows the plans of a network it has not shown yet instead of going on); once hydrated, the
 * plans follow the network at once. "Continue" posts the details and the page answers with its
 * review step (network, plan, number, amount, fee, total, then the PIN), with JavaScript or
 * without.
 */
export default function DataForm(props: Props) {
  const { networks, plans, balance, values = {}, errors = {}, words: w } = props;
  const form = useSchemaForm(worded(dataDetailsCheck, w), { provider_id: '', plan_id: '', phone_number: '', ...values }, errors);
  // Plans known so far, by network id (undefined: not loaded yet).
  const [plansByNetwork, setPlansByNetwork] = useState<Readonly<Record<string, readonly DataPlan[]>>>(() => (values.provider_id ? { [String(values.provider_id)]: plans } : {}));
  const chosenNetwork = useRef('');

  const networkId = String(form.values.provider_id ?? '');
  const planId = String(form.values.plan_id ?? '');
  const network = networks.find((candidate) => candidate.id === networkId);

  /** Shows a network's plans (in the store and the form) and keeps the chosen plan only if it is one of them. */
  function chooseNetwork(id: string, keepPlan: string) {
    chosenNetwork.current = id;
    form.set('provider_id', id);
    const known = plansByNetwork[id];
    if (known) {
      showNetworkPlans(known, keepPlan);
      return;
    }
    showNetworkPlans([], '');
    void plansOf(id).then((list) => {
      setPlansByNetwork((loaded) => ({ ...loaded, [id]: list }));
      // Only if the customer has not chosen another network meanwhile.
      if (chosenNetwork.current === id) showNetworkPlans(list, keepPlan);
    });
  }

  function showNetworkPlans(list: readonly DataPlan[], keepPlan: string) {
    showPlans(list);
    const kept = findPlan(list, keepPlan)?.id ?? '';
    selectPlan(kept || null);
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

  // The form's state decides what is shown; the stores follow it in the browser (they are never set on the server).
  const shownPlans = plansByNetwork[networkId];
  const plan = findPlan(shownPlans, planId) ?? null;
  // Said as lib/mobile-purchase.ts's purchaseBalanceProblem says it, in the customer's words.
  const overBalance = plan && plan.amount > balance ? fillWord(w['said.money.insufficient'], { balance: formatNaira(balance), total: formatNaira(plan.amount) }) : undefined;
  const planError = form.errorFor('plan_id') ?? overBalance;
  // Which network's plans are on screen: the page shows a newly chosen network's plans before going on.
  const hidden = (
    <>
      <DefaultSubmit label={w['purchases.continue']} />
      <input type="hidden" name="plans_for" value={networkId} />
    </>
  );

  return (
    <PaymentDetailsForm action="/data/purchase" step={props} complete={() => form.check() && Boolean(plan) && !overBalance} button={w['purchases.continue']} hidden={hidden}>
      <NetworkChoice
        name="provider_id"
        legend={w['purchases.network']}
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
          {w['purchases.data.showPlans']}
        </button>
      </noscript>

      {!network ? (
        <p className="mb-4 text-sm text-slate-700">{w['purchases.data.chooseNetwork']}</p>
      ) : !shownPlans ? (
        <p className="mb-4 text-sm text-slate-700" role="status">
          {fillWord(w['purchases.data.loading'], { network: network.name })}
        </p>
      ) : shownPlans.length === 0 ? (
        <p className="alert-info">{fillWord(w['purchases.data.loadFailed'], { network: network.name })}</p>
      ) : (
        <ChoiceFieldset name="plan_id" legend={fillWord(w['purchases.data.planLegend'], { network: network.name })} error={planError}>
          {plansByPeriod(shownPlans).map((group) => (
            <div key={group.period} className="mb-3">
              <p className="mb-1 text-xs font-semibold tracking-wide text-slate-600 uppercase">{w[`purchases.data.${group.period}`]}</p>
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

      <PhoneNumberField form={form} label={w['form.phone']} hint={w['purchases.phoneHint']} />
    </PaymentDetailsForm>
  );
}
