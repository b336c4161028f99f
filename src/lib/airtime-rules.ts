import { typedAmountProblem } from './amount-input.ts';
import { formatNaira, kobo, type Kobo } from './money.ts';
import type { Said } from '../i18n/said.ts';

/**
 * Airtime's rules that need no zod (the amounts, the quick amounts, the range and its message),
 * apart from the transfer rules in payment-rules.ts so that each island loads only its own
 * (docs/decisions/003-page-weight-budget.md). airtime-form.ts and bills.ts re-export them for the server's schemas.
 */

/** Airtime: ₦50 to ₦50,000 per purchase (the issue's range; the networks' own floor is ₦50). */
export const airtimeMinKobo = 50_00;
export const airtimeMaxKobo = 50_000_00;
export const airtimeQuickAmounts = [100_00, 200_00, 500_00, 1_000_00, 2_000_00, 5_000_00] as const;

/** The range in the server's own words, so the message is the same whoever catches it first. */
export const airtimeRangeMessage: Said = { key: 'said.purchases.airtimeRange', params: { min: { kobo: kobo(airtimeMinKobo) }, max: { kobo: kobo(airtimeMaxKobo) } } };

/** What is wrong with an airtime amount as typed; undefined when it can be bought. */
export function airtimeAmountProblem(text: string): Said | undefined {
  return typedAmountProblem(text, 'said.purchases.enterAmount', 'said.purchases.airtimeNaira', airtimeKoboProblem);
}

/** What is wrong with an amount in kobo, in the amount field's words; undefined when it can be bought. */
export function airtimeKoboProblem(amount: Kobo): Said | undefined {
  if (amount % 100 !== 0) return { key: 'said.purchases.airtimeKobo' };
  if (amount < airtimeMinKobo || amount > airtimeMaxKobo) return airtimeRangeMessage;
  return undefined;
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
