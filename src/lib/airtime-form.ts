import { z } from 'zod';
import { says } from './zod-said.ts';
import { carriedKoboSchema, parseNairaInput, typedNairaSchema } from './amount-input.ts';
import { airtimeQuickAmounts, mobileNumberSchema } from './bills.ts';
import { airtimeAmountProblem, airtimeKoboProblem } from './airtime-rules.ts';
import { requiredText } from './schemas.ts';

// Zod-free, for the islands too (payment-rules.ts).
export { airtimeAmountProblem, airtimeFingerprint, airtimeKoboProblem, airtimeRangeMessage, quickAmountLabel } from './airtime-rules.ts';

/**
 * The airtime form, shared by the page's step flow (no JavaScript) and the island. The customer
 * types naira ("1,000"); the API and the service take kobo. Networks sell airtime in whole naira
 * between the bank's floor and ceiling, so the same range is checked here as on the server.
 */

/** Naira text → kobo, or the amount field's message. */
export const airtimeNairaSchema = typedNairaSchema('said.purchases.enterAmount', airtimeAmountProblem);

/** Step "details": which network, which line, how much. The PIN comes on the confirm step. */
export const airtimeDetailsSchema = z.object({
  network_id: requiredText(says('said.purchases.network')),
  phone_number: mobileNumberSchema,
  amount: airtimeNairaSchema,
});
export type AirtimeDetails = z.infer<typeof airtimeDetailsSchema>;

/** The details as the confirm step carries them: the amount already in kobo (hidden `amount_kobo`, read as `amount`). */
export const airtimeCarriedSchema = airtimeDetailsSchema.extend({ amount: carriedKoboSchema(airtimeKoboProblem) });

/**
 * The quick amount a "₦500" button posted (its value is naira), as the amount field's text; null
 * for anything that is not one of the offered amounts, so a crafted post cannot prefill nonsense.
 */
export function quickAmountInput(posted: string | undefined): string | null {
  if (!posted) return null;
  const amount = parseNairaInput(posted);
  return amount !== null && (airtimeQuickAmounts as readonly number[]).includes(amount) ? String(amount / 100) : null;
}
