import type { z } from 'zod';
import { dataPurchaseSchema, type DataPlan } from './bills.ts';
import { formatNaira } from './money.ts';

/**
 * The mobile data form, shared by the page's step flow (no JavaScript) and the island. A plan
 * has a fixed price, so the customer chooses a network and a plan, never an amount.
 */

/** Step "details": the network, one of its plans, the line. The PIN comes on the confirm step. */
export const dataDetailsSchema = dataPurchaseSchema.pick({ provider_id: true, plan_id: true, phone_number: true });
export type DataDetails = z.infer<typeof dataDetailsSchema>;

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
