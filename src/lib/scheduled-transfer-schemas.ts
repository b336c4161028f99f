import { z } from 'zod';
import { says } from './zod-said.ts';
import { accountNumberSchema, bankCodeSchema, idempotencyKeySchema, koboAmountSchema, narrationSchema, transactionPinSchema } from './money-schemas.ts';
import { digitsInteger, requiredText } from './schemas.ts';
import { nairaAmountSchema } from './transfer-form.ts';

/**
 * Scheduled and recurring transfers: a transfer's fields plus when it runs. The API
 * takes kobo; the page takes naira as typed. Dates are Lagos days (YYYY-MM-DD); what "today"
 * allows (not in the past, at most a year ahead) is the service's to check.
 */
export const repeats = ['once', 'weekly', 'monthly'] as const;
/** At most this many dates in one schedule's count. */
export const maxScheduledRuns = 120;

const isoDate = z
  .string()
  .regex(/^\d{4}-\d{2}-\d{2}$/, says('said.requests.dateLike'))
  .refine((value) => !Number.isNaN(Date.parse(`${value}T00:00:00Z`)) && new Date(`${value}T00:00:00Z`).toISOString().startsWith(value), says('said.dob.exists'));
const emptyToUndefined = (value: unknown) => (value === '' || value === null ? undefined : value);
const countMessage = says('said.requests.count', { max: maxScheduledRuns });

const scheduleFields = {
  first_date: requiredText(says('said.requests.firstDate')).pipe(isoDate),
  repeat: z.enum(repeats, { error: says('said.requests.repeat') }),
  end_date: z.preprocess(emptyToUndefined, isoDate.optional()),
};
const endsAfterStart = (form: { first_date: string; end_date?: string | undefined }) => !form.end_date || form.end_date >= form.first_date;
const endBeforeStart = { path: ['end_date'], message: says('said.requests.endBefore') };

/** POST /v1/transfers/scheduled/{sendAccount}: a transfer (bank_code absent: this bank) plus the schedule and the PIN. */
export const scheduledTransferSchema = z
  .object({
    account_number: accountNumberSchema,
    bank_code: bankCodeSchema.optional(),
    amount: koboAmountSchema,
    narration: narrationSchema,
    pin: transactionPinSchema,
    idempotency_key: idempotencyKeySchema.optional(),
    ...scheduleFields,
    count: z.int({ error: countMessage }).min(1, countMessage).max(maxScheduledRuns, countMessage).optional(),
  })
  .refine(endsAfterStart, endBeforeStart);
export type ScheduledTransferInput = z.infer<typeof scheduledTransferSchema>;

/** The page's details step: the amount as typed naira, the count as typed digits. */
export const scheduleFormSchema = z
  .object({
    bank_code: bankCodeSchema,
    account_number: accountNumberSchema,
    amount: nairaAmountSchema,
    narration: narrationSchema,
    ...scheduleFields,
    count: z.preprocess(emptyToUndefined, digitsInteger(countMessage, 3).pipe(z.int().min(1, countMessage).max(maxScheduledRuns, countMessage)).optional()),
  })
  .refine(endsAfterStart, endBeforeStart);
export type ScheduleFormInput = z.infer<typeof scheduleFormSchema>;

/** POST /v1/transfers/scheduled/{id}/resume: the PIN. */
export const resumeScheduleSchema = z.object({ pin: transactionPinSchema });
