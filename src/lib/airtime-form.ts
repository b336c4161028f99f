import { z } from 'zod';
import { carriedKoboSchema, parseNairaInput } from './amount-input.ts';
import { airtimeMaxKobo, airtimeMinKobo, airtimeQuickAmounts, mobileNumberSchema } from './bills.ts';
import { formatNaira, kobo, type Kobo } from './money.ts';
import { requiredText } from './schemas.ts';

/**
 * The airtime form, shared by the page's step flow (no JavaScript) and the island. The customer
 * types naira ("1,000"); the API and the service take kobo. Networks sell airtime in whole naira
 * between the bank's floor and ceiling, so the same range is checked here as on the server.
 */

/** The range in the server's own words, so the message is the same whoever catches it first. */
export const airtimeRangeMessage = `Airtime is from ${formatNaira(airtimeMinKobo)} to ${formatNaira(airtimeMaxKobo)}`;

/** What is wrong with an amount as typed, in the amount field's words; undefined when it can be bought. */
export function airtimeAmountProblem(text: string): string | undefined {
  if (text.trim() === '') return 'Enter the amount';
  const amount = parseNairaInput(text);
  if (amount === null) return 'Enter an amount in naira, like 500';
  return airtimeKoboProblem(amount);
}

/** What is wrong with an amount in kobo, in the amount field's words; undefined when it can be bought. */
export function airtimeKoboProblem(amount: Kobo): string | undefined {
  if (amount % 100 !== 0) return 'Airtime is sold in whole naira (no kobo)';
  if (amount < airtimeMinKobo || amount > airtimeMaxKobo) return airtimeRangeMessage;
  return undefined;
}

/** Naira text → kobo, or the amount field's message. */
export const airtimeNairaSchema = z
  .string({ error: 'Enter the amount' })
  .superRefine((text, context) => {
    const problem = airtimeAmountProblem(text);
    if (problem) context.addIssue({ code: 'custom', message: problem });
  })
  .transform((text) => parseNairaInput(text) ?? kobo(0));

/** Step "details": which network, which line, how much. The PIN comes on the confirm step. */
export const airtimeDetailsSchema = z.object({
  network_id: requiredText('Choose the network'),
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

/** "₦1,000": a quick amount's label (whole naira, so the kobo are left off). */
export function quickAmountLabel(amount: number): string {
  return formatNaira(amount).replace(/\.00$/, '');
}

/**
 * The purchase one idempotency key stands for: reused only for exactly these details (a retry,
 * a double tap, a wrong PIN); any change is a new purchase with a new key, since the server
 * refuses a key reused with a different body.
 */
export function airtimeFingerprint(details: { network_id: string; phone_number: string; amount: number }): string {
  return JSON.stringify([details.network_id, details.phone_number, details.amount]);
}
