import { z } from 'zod';
import { carriedKoboSchema, parseNairaInput } from './amount-input.ts';
import { kobo, formatNaira, type Kobo } from './money.ts';
import { accountNumberSchema, bankCodeSchema, maxTransferKobo, narrationSchema } from './money-schemas.ts';
import { checkbox } from './schemas.ts';
import { confirmStepSchema } from './confirm-step.ts';

// The confirm step's helpers, shared by every payment, are in confirm-step.ts; islands import them from here too.
export { newIdempotencyKey, summaryMessage } from './confirm-step.ts';

/**
 * The send-money form, shared by the page's step flow (no JavaScript) and the island. The
 * form takes naira as typed ("5,000.50"); the API and the services take kobo.
 */

/** The smallest transfer, as the API's kobo schema has it. */
export const minTransferKobo = 100;

/** What is wrong with an amount as typed, in the amount field's words; undefined when it can be sent. */
export function nairaAmountProblem(text: string): string | undefined {
  if (text.trim() === '') return 'Enter an amount';
  const amount = parseNairaInput(text);
  if (amount === null) return 'Enter an amount in naira, like 1,500.00';
  return transferKoboProblem(amount);
}

/** What is wrong with an amount in kobo, in the amount field's words; undefined when it can be sent. */
export function transferKoboProblem(amount: Kobo): string | undefined {
  if (amount < minTransferKobo) return `Enter at least ${formatNaira(minTransferKobo)}`;
  if (amount > maxTransferKobo) return `Enter at most ${formatNaira(maxTransferKobo)}`;
  return undefined;
}

/** Naira text → kobo, or the amount field's message. */
export const nairaAmountSchema = z
  .string({ error: 'Enter an amount' })
  .superRefine((text, context) => {
    const problem = nairaAmountProblem(text);
    if (problem) context.addIssue({ code: 'custom', message: problem });
  })
  .transform((text) => parseNairaInput(text) ?? kobo(0));

/** Step "details": who and how much. */
export const transferDetailsSchema = z.object({
  bank_code: bankCodeSchema,
  account_number: accountNumberSchema,
  amount: nairaAmountSchema,
  narration: narrationSchema,
  save_beneficiary: checkbox.optional().default(false),
});
export type TransferDetails = z.infer<typeof transferDetailsSchema>;

/** The details as the confirm step carries them: the amount already in kobo (hidden `amount_kobo`, read as `amount`). */
export const transferCarriedSchema = transferDetailsSchema.extend({ amount: carriedKoboSchema(transferKoboProblem) });

/** The fields the island checks as they are typed (the amount field checks itself, the PIN comes last). */
export const transferFieldsSchema = transferDetailsSchema.pick({ bank_code: true, account_number: true, narration: true });

/** Step "confirm" adds the PIN and the key that makes a double submit harmless (as every payment's confirm step does). */
export const transferConfirmSchema = confirmStepSchema;

/**
 * Where a transfer may go: `local` (this bank only), `bank` (other banks only) or `any`. Carried
 * in the query (?to=) and, through the steps, in a hidden field.
 */
export type TransferMode = 'local' | 'bank' | 'any';
export function transferModeOf(value: string | null | undefined): TransferMode {
  return value === 'local' || value === 'bank' ? value : 'any';
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
