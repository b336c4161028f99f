import { atom } from 'nanostores';
import type { DataPlan, Network } from '../lib/bills.ts';
import { processingFlag } from './processing.ts';

/**
 * Seed section 3, data state: the providers (mobile networks), the plans of the network being
 * looked at, the selected plan and the processing flag. As with the airtime store, these are set
 * only in the browser, never while rendering on the server.
 */
export const providers = atom<readonly Network[]>([]);
export const plans = atom<readonly DataPlan[]>([]);
export const selectedPlan = atom<DataPlan | null>(null);
/** Processing is on around a purchase call, off afterwards whatever happens. */
export const { processing, whileProcessing } = /* @__PURE__ */ processingFlag();

export function setProviders(list: readonly Network[]): void {
  if (providers.get() !== list) providers.set(list);
}

/** Shows another network's plans; a selected plan that is not among them is unselected. */
export function showPlans(list: readonly DataPlan[]): void {
  plans.set(list);
  const selected = selectedPlan.get();
  if (selected && !list.some((plan) => plan.id === selected.id)) selectedPlan.set(null);
}

/** Selects one of the plans shown (by id); anything else, or null, clears the selection. */
export function selectPlan(planId: string | null): void {
  const plan = planId ? (plans.get().find((candidate) => candidate.id === planId) ?? null) : null;
  if (selectedPlan.get() !== plan) selectedPlan.set(plan);
}

