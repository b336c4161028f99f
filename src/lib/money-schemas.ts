import { z } from 'zod';
import { says } from './zod-said.ts';
import { checkbox, digitsInteger, lineText, requiredText } from './schemas.ts';
import { nicknamePattern } from './text.ts';
import { transactionCategories } from './transaction.ts';
import { maxTransferKobo } from './payment-rules.ts';

/**
 * Schemas for the money calls: the API takes kobo; the pages take naira as typed and turn it
 * into kobo before the same service sees it.
 */
export const accountNumberSchema = requiredText(says('said.requests.accountNumber')).regex(/^\d{10}$/, says('said.freeze.tenDigits'));
export const bankCodeSchema = requiredText(says('said.requests.bank')).regex(/^\d{6}$/, says('said.requests.bankList'));
// ₦1bn: far above every tier's daily limit (in payment-rules.ts, which the islands use without zod).
export { maxTransferKobo };

/**
 * Kobo, a positive integer (API.md): 150000 is ₦1,500.00. A JSON number only: the API never
 * reads "500", "1e3", "0x1f4" or [500] as an amount. Forms turn typed naira into kobo at their
 * own edge (transfer-form.ts, amount-input.ts) before this schema sees it.
 */
export const koboAmountSchema = z
  .number({ error: says('fields.kobo.json') })
  .int(says('fields.kobo.whole'))
  .min(100, says('said.limits.smallest'))
  .max(maxTransferKobo, says('said.limits.tooLarge'));

export const narrationSchema = lineText().max(100, says('said.requests.description')).optional().default('');
export const transactionPinSchema = requiredText(says('said.pin.enter')).regex(/^\d{4}$/, says('said.pin.fourDigits'));
export const idempotencyKeySchema = z.string().regex(/^[A-Za-z0-9._:-]{8,64}$/, says('said.errors.keyInvalid'));

export const nameEnquirySchema = z.object({ account_number: accountNumberSchema, bank_code: bankCodeSchema });
export type NameEnquiryInput = z.infer<typeof nameEnquirySchema>;

export const localTransferSchema = z.object({
  account_number: accountNumberSchema,
  amount: koboAmountSchema,
  narration: narrationSchema,
  pin: transactionPinSchema,
  save_beneficiary: checkbox.optional().default(false),
  idempotency_key: idempotencyKeySchema.optional(),
});
export type LocalTransferInput = z.infer<typeof localTransferSchema>;

export const bankTransferSchema = localTransferSchema.extend({ bank_code: bankCodeSchema });
export type BankTransferInput = z.infer<typeof bankTransferSchema>;

export const beneficiaryCreateSchema = z.object({
  account_number: accountNumberSchema,
  bank_code: bankCodeSchema,
  nickname: z.preprocess(
    (value) => (typeof value === 'string' && value.trim() === '' ? undefined : value),
    lineText()
      .max(40, says('said.nickname.long'))
      .regex(nicknamePattern, says('said.nickname.letters'))
      .optional(),
  ),
});
export type BeneficiaryCreateInput = z.infer<typeof beneficiaryCreateSchema>;

const isoDate = z.string().regex(/^\d{4}-\d{2}-\d{2}$/, says('said.requests.dateLike')).refine((value) => !Number.isNaN(Date.parse(`${value}T00:00:00Z`)) && new Date(`${value}T00:00:00Z`).toISOString().startsWith(value), says('said.dob.exists'));
const emptyToUndefined = (value: unknown) => (value === '' || value === null ? undefined : value);

export const historyQuerySchema = z
  .object({
    page: z.preprocess(emptyToUndefined, digitsInteger(says('fields.page.number')).pipe(z.int().min(1, says('fields.page.min')).max(100_000, says('fields.page.max'))).default(1)),
    per_page: z.preprocess(emptyToUndefined, digitsInteger(says('fields.perPage.number'), 3).pipe(z.int().min(1, says('fields.perPage.min')).max(100, says('fields.perPage.max'))).default(20)),
    type: z.preprocess(emptyToUndefined, z.enum(['debit', 'credit']).optional()),
    category: z.preprocess(emptyToUndefined, z.enum(transactionCategories).optional()),
    from: z.preprocess(emptyToUndefined, isoDate.optional()),
    to: z.preprocess(emptyToUndefined, isoDate.optional()),
    q: z.preprocess(emptyToUndefined, lineText().max(60, says('said.history.search')).optional()),
  })
  .refine((query) => !query.from || !query.to || query.from <= query.to, { path: ['to'], message: says('said.history.endBefore') });
export type HistoryQuery = z.infer<typeof historyQuerySchema>;

/** Months between two dates, counted as the statement limit counts them. */
function monthsApart(from: string, to: string): number {
  const start = new Date(`${from}T00:00:00Z`);
  const limit = new Date(start);
  limit.setUTCMonth(limit.getUTCMonth() + 12);
  return new Date(`${to}T00:00:00Z`) < limit ? 0 : 13;
}

export const statementSchema = z
  .object({
    start_date: requiredText(says('said.statement.first')).pipe(isoDate),
    end_date: requiredText(says('said.statement.last')).pipe(isoDate),
    format: z.enum(['pdf', 'csv'], { error: says('said.statement.format') }),
  })
  .refine((form) => form.start_date <= form.end_date, { path: ['end_date'], message: says('said.statement.order') })
  .refine((form) => form.start_date > form.end_date || monthsApart(form.start_date, form.end_date) === 0, {
    path: ['end_date'],
    message: says('said.statement.months'),
  });
export type StatementInput = z.infer<typeof statementSchema>;
