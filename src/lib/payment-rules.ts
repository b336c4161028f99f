import { typedAmountProblem } from './amount-input.ts';
import { kobo, type Kobo } from './money.ts';
import type { Said } from '../i18n/said.ts';

/**
 * The payment forms' rules and helpers that need no zod, so the islands can use them without
 * carrying zod to the browser (src/lib/form-rules.ts says why). The modules that define the
 * server's schemas re-export them from here: transfer-form.ts, airtime-form.ts, data-form.ts,
 * bills.ts, money-schemas.ts, confirm-step.ts. The data plans' helpers are in data-plans.ts and
 * airtime's rules in airtime-rules.ts, so each island loads only its own (docs/decisions/003-page-weight-budget.md).
 */

/** ₦1bn: far above every tier's daily limit (money-schemas.ts's koboAmountSchema). */
export const maxTransferKobo = 1_000_000_000_00;
/** The smallest transfer, as the API's kobo schema has it. */
export const minTransferKobo = 100;

/** What is wrong with a transfer's amount as typed; undefined when it can be sent. */
export function nairaAmountProblem(text: string): Said | undefined {
  return typedAmountProblem(text, 'said.requests.amount', 'said.requests.amountNaira', transferKoboProblem);
}

/** What is wrong with an amount in kobo, in the amount field's words; undefined when it can be sent. */
export function transferKoboProblem(amount: Kobo): Said | undefined {
  if (amount < minTransferKobo) return { key: 'said.requests.atLeast', params: { amount: { kobo: kobo(minTransferKobo) } } };
  if (amount > maxTransferKobo) return { key: 'said.requests.atMost', params: { amount: { kobo: kobo(maxTransferKobo) } } };
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
export function balanceProblem(balance: number, amount: number, charges: number): Said | undefined {
  const total = amount + charges;
  if (total <= balance) return undefined;
  return { key: 'said.money.insufficientCharges', params: { balance: { kobo: kobo(balance) }, total: { kobo: kobo(total) } } };
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

export const meterTypes = ['prepaid', 'postpaid'] as const;

export { normaliseMobileNumber } from './mobile-number.ts';
