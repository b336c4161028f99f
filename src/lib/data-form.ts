import type { z } from 'zod';
import { dataPurchaseSchema } from './bills.ts';

// Zod-free, for the islands too (data-plans.ts).
export { dataFingerprint, findPlan, planLabel, planPeriodLabels, plansByPeriod, planSummary } from './data-plans.ts';

/**
 * The mobile data form, shared by the page's step flow (no JavaScript) and the island. A plan
 * has a fixed price, so the customer chooses a network and a plan, never an amount.
 */

/** Step "details": the network, one of its plans, the line. The PIN comes on the confirm step. */
export const dataDetailsSchema = dataPurchaseSchema.pick({ provider_id: true, plan_id: true, phone_number: true });
export type DataDetails = z.infer<typeof dataDetailsSchema>;
