import { parseNairaInput } from './amount-input.ts';
import { formatNaira, type Kobo } from './money.ts';

/**
 * The payment forms' rules and helpers that need no zod, so the islands can use them without
 * carrying zod to the browser (src/lib/form-rules.ts says why). The modules that define the
 * server's schemas re-export them from here: transfer-form.ts, airtime-form.ts, data-form.ts,
 * bills.ts, money-schemas.ts, confirm-step.ts. The data plans' helpers are in data-plans.ts.
 */

/** ₦1bn: far above every tier's daily limit (money-schemas.ts's koboAmountSchema). */
export const maxTransferKobo = 1_000_000_000_00;
/** The smallest transfer, as the API's kobo schema has it. */
export const minTransferKobo = 100;

/**
 * What is wrong with an amount as typed, in the amount field's words (`missing` when it is
 * empty, `unreadable` when it is not naira, else what `problem` finds in its kobo); undefined
 * when it is right.
 */
function typedAmountProblem(text: string, missing: string, unreadable: string, problem: (amount: Kobo) => string | undefined): string | undefined {
  if (text.trim() === '') return missing;
  const amount = parseNairaInput(text);
  return amount === null ? unreadable : problem(amount);
}

/** What is wrong with a transfer's amount as typed; undefined when it can be sent. */
export function nairaAmountProblem(text: string): string | undefined {
  return typedAmountProblem(text, 'Enter an amount', 'Enter an amount in naira, like 1,500.00', transferKoboProblem);
}

/** What is wrong with an amount in kobo, in the amount field's words; undefined when it can be sent. */
export function transferKoboProblem(amount: Kobo): string | undefined {
  if (amount < minTransferKobo) return `Enter at least ${formatNaira(minTransferKobo)}`;
  if (amount > maxTransferKobo) return `Enter at most ${formatNaira(maxTransferKobo)}`;
  return undefined;
}

/**
 * The details one idempotency key stands for. A key is reused only for exactly these details
 * (a retry, a double tap, a wrong PIN); any change is a new transfer with a new key, since the
 * server refuses a key reused with a different body.
 */
export function transferFingerprint(details: { bank_code: string; account_number: string; amount: number; narration: string; save_beneficiary: boolean }): string {
  return JSON.stringify([details.bank_code, details.account_number, details.amount, details.narration.trim(), details.save_beneficiary]);
}

/** Said before the PIN is asked for, in the words the server uses when it refuses. */
export function balanceProblem(balance: number, amount: number, charges: number): string | undefined {
  const total = amount + charges;
  if (total <= balance) return undefined;
  return `Your balance of ${formatNaira(balance)} is not enough for ${formatNaira(total)} (amount and charges).`;
}

/** A fresh idempotency key: a UUID where the browser offers one (secure contexts), else 128 random bits in hex. */
export function newIdempotencyKey(): string {
  if (typeof crypto.randomUUID === 'function') return crypto.randomUUID();
  const bytes = crypto.getRandomValues(new Uint8Array(16));
  return Array.from(bytes, (byte) => byte.toString(16).padStart(2, '0')).join('');
}

/** A form's summary message, unless it only repeats a message already shown beside a field. */
export function summaryMessage(message: string | null | undefined, errors: Record<string, readonly string[]> = {}): string | null {
  if (!message) return null;
  const repeated = Object.values(errors).some((messages) => messages.includes(message));
  return repeated ? null : message;
}

/** Airtime: ₦50 to ₦50,000 per purchase (the issue's range; the networks' own floor is ₦50). */
export const airtimeMinKobo = 50_00;
export const airtimeMaxKobo = 50_000_00;
export const airtimeQuickAmounts = [100_00, 200_00, 500_00, 1_000_00, 2_000_00, 5_000_00] as const;
export const meterTypes = ['prepaid', 'postpaid'] as const;

export { normaliseMobileNumber } from './mobile-number.ts';

/** The range in the server's own words, so the message is the same whoever catches it first. */
export const airtimeRangeMessage = `Airtime is from ${formatNaira(airtimeMinKobo)} to ${formatNaira(airtimeMaxKobo)}`;

/** What is wrong with an airtime amount as typed; undefined when it can be bought. */
export function airtimeAmountProblem(text: string): string | undefined {
  return typedAmountProblem(text, 'Enter the amount', 'Enter an amount in naira, like 500', airtimeKoboProblem);
}

/** What is wrong with an amount in kobo, in the amount field's words; undefined when it can be bought. */
export function airtimeKoboProblem(amount: Kobo): string | undefined {
  if (amount % 100 !== 0) return 'Airtime is sold in whole naira (no kobo)';
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

/** The purchase one idempotency key stands for (see airtimeFingerprint): any change is a new key. */
export function dataFingerprint(details: { provider_id: string; plan_id: string; phone_number: string }): string {
  return JSON.stringify([details.provider_id, details.plan_id, details.phone_number]);
}
