import { formatNaira, type Kobo } from './money.ts';

/**
 * Data plans as the catalogue lists them and the helpers that group, describe and find them,
 * apart from the other payment rules (payment-rules.ts re-exports them) so that the data island
 * loads only these.
 */

/** A data bundle as the catalogue lists it. */
export type DataPlan = { id: string; name: string; amount: Kobo; validity: string; size: string; period: 'daily' | 'weekly' | 'monthly' };

export const planPeriodLabels: Record<DataPlan['period'], string> = { daily: 'Daily plans', weekly: 'Weekly plans', monthly: 'Monthly plans' };

/** A network's plans by how long they last (daily, weekly, monthly), in the provider's order within each; empty groups left out. */
export function plansByPeriod(plans: readonly DataPlan[]): { period: DataPlan['period']; label: string; plans: DataPlan[] }[] {
  const periods: DataPlan['period'][] = ['daily', 'weekly', 'monthly'];
  return periods.flatMap((period) => {
    const inPeriod = plans.filter((plan) => plan.period === period);
    return inPeriod.length > 0 ? [{ period, label: planPeriodLabels[period], plans: inPeriod }] : [];
  });
}

/** "1GB for 1 day": what a plan gives, as the confirm step and the island's summary say it. */
export function planSummary(plan: Pick<DataPlan, 'size' | 'validity'>): string {
  return `${plan.size} for ${plan.validity}`;
}

/** "1GB Daily · 1GB for 1 day · ₦500.00": one line for a plan, e.g. in a message. */
export function planLabel(plan: DataPlan): string {
  return `${plan.name} · ${planSummary(plan)} · ${formatNaira(plan.amount)}`;
}

/** The plan chosen, if it is one of the network's plans (a plan of another network is no choice at all). */
export function findPlan(plans: readonly DataPlan[] | undefined, planId: string | undefined): DataPlan | undefined {
  return planId ? plans?.find((plan) => plan.id === planId) : undefined;
}

/** The purchase one idempotency key stands for (see airtimeFingerprint): any change is a new key. */
export function dataFingerprint(details: { provider_id: string; plan_id: string; phone_number: string }): string {
  return JSON.stringify([details.provider_id, details.plan_id, details.phone_number]);
}
