import { z } from 'zod';
import { carriedKoboSchema, typedNairaSchema } from './amount-input.ts';
import { accountNumberSchema, bankCodeSchema, narrationSchema } from './money-schemas.ts';
import { nairaAmountProblem, transferKoboProblem } from './payment-rules.ts';
import { checkbox } from './schemas.ts';
import { confirmStepSchema } from './confirm-step.ts';

// The confirm step's helpers, shared by every payment, are in confirm-step.ts; islands import them from here too.
export { newIdempotencyKey, summaryMessage } from './confirm-step.ts';
// The rules that need no zod live in payment-rules.ts (the islands import them from there).
export { balanceProblem, minTransferKobo, nairaAmountProblem, transferFingerprint, transferKoboProblem } from './payment-rules.ts';

/**
 * The send-money form, shared by the page's step flow (no JavaScript) and the island. The
 * form takes naira as typed ("5,000.50"); the API and the services take kobo.
 */

/** Naira text → kobo, or the amount field's message. */
export const nairaAmountSchema = typedNairaSchema('said.requests.amount', nairaAmountProblem);

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
