import { z } from 'zod';
import { transactionCategories, transactionStatuses } from './transaction.ts';
import { paymentRequestStatuses } from './payment-request-schemas.ts';
import type { Kobo } from './money.ts';

/**
 * What the API answers in `data`, as zod schemas: the OpenAPI document renders its response
 * schemas from these (openapi.ts), as it renders the request schemas from the request ones. The
 * test beside this file holds each one equal, as a type, to what the server presents, and parses
 * real answers with them, so the contract cannot drift from the code.
 */

const nullableString = z.string().nullable();

/**
 * An amount of kobo: checked as an integer, typed as the `Kobo` the server presents. The brand is
 * the compiler's only (no transform), so the OpenAPI document still renders a plain integer.
 */
const koboSchema = () => z.number().int() as unknown as z.ZodType<Kobo, number>;

export const accountJsonSchema = z.object({
  account_number: z.string(),
  account_name: z.string(),
  type: z.string(),
  currency: z.string(),
  balance: koboSchema().describe('Kobo'),
});

export const userJsonSchema = z
  .object({
    id: z.string(),
    first_name: z.string(),
    last_name: z.string(),
    email: z.string(),
    phone_number: z.string(),
    tier: z.number().int().min(0).max(3).describe('0 nothing proved, 1 a BVN or a NIN, 2 both, 3 both and a verified address'),
    is_bvn_verified: z.boolean(),
    is_nin_verified: z.boolean(),
    is_email_verified: z.boolean(),
    is_address_submitted: z.boolean(),
    is_transaction_pin_set: z.boolean(),
    is_security_question_set: z.boolean(),
    accounts: z.array(accountJsonSchema),
    created_at: z.string(),
  })
  .describe('The User object of API.md: never a hash, a PIN or an answer');

export const userAnswerSchema = z.object({ user: userJsonSchema });
export const userTokenAnswerSchema = z.object({ user: userJsonSchema, token: z.string() });
/** POST /v1/auth/login; `device` and `device_confirmation_required` only with DEVICE_BINDING on (decision 026). */
export const loginAnswerSchema = z.object({ user: userJsonSchema, token: z.string(), device: z.string().optional(), device_confirmation_required: z.boolean().optional() });
export const deviceCodeSentAnswerSchema = z.object({ expires_at: z.string() });
export const registerAnswerSchema = z.object({ user: userJsonSchema, token: z.string(), message: z.string() });
export const messageAnswerSchema = z.object({ message: z.string() });
export const validCodeAnswerSchema = z.object({ valid: z.literal(true) });
export const signedOutSessionsAnswerSchema = z.object({ signed_out_sessions: z.number().int() });
/** POST /v1/auth/device/confirm; `liveness_required`: a Tier 2+ customer gives a new selfie (POST /v1/kyc/liveness) before money moves again. */
export const deviceConfirmedAnswerSchema = signedOutSessionsAnswerSchema.extend({ liveness_required: z.boolean() });
export const frozenAnswerSchema = z.object({ frozen: z.boolean() });
export const freezeAnswerSchema = z.object({ frozen: z.boolean(), signed_out_sessions: z.number().int() });
export const statementAnswerSchema = z.object({ id: z.string() });

/** POST /v1/security/code: which change the code is for and when it expires (ISO 8601, Lagos). */
export const securityCodeAnswerSchema = z.object({ purpose: z.enum(['instant_payments', 'daily_limit', 'unfreeze']), expires_at: z.string() });

export const counterpartySchema = z.object({ name: z.string(), account_number: z.string(), bank_code: z.string(), bank_name: z.string() });

export const transactionJsonSchema = z
  .object({
    reference: z.string(),
    type: z.enum(['debit', 'credit']),
    category: z.enum(transactionCategories),
    status: z.enum(transactionStatuses).describe('held: a transfer to another bank stopped for a security check before it was sent (202); its money is reserved until it is released, rejected or cancelled'),
    amount: koboSchema().describe('The principal, kobo, always positive'),
    fee: koboSchema().describe('Every charge on top of the principal, kobo'),
    balance_after: koboSchema().describe("The account's balance right after this movement, kobo"),
    narration: z.string(),
    counterparty: counterpartySchema.nullable(),
    details: z.record(z.string(), z.unknown()).describe('Transfers: transfer_fee, stamp_duty, session_id?, reversal_of?, reversed_by?; purchases: the phone number, plan, token and so on'),
    created_at: z.string().describe('ISO 8601 with the Lagos offset'),
  })
  .describe('The Transaction object of API.md');

export const historyPageSchema = z.object({
  data: z.array(transactionJsonSchema),
  current_page: z.number().int(),
  last_page: z.number().int(),
  per_page: z.number().int(),
  total: z.number().int(),
});

export const statisticsSchema = z.object({
  monthly_statistics: z.array(z.object({ month: z.string(), inflow: z.number().int(), outflow: z.number().int(), count: z.number().int() })),
  current_month_statistics: z.object({ inflow: z.number().int(), outflow: z.number().int(), count: z.number().int(), by_category: z.record(z.string(), z.number().int()) }),
});

export const nameEnquiryAnswerSchema = z.object({ account_number: z.string(), account_name: z.string(), bank_code: z.string(), bank_name: z.string() });

export const beneficiaryJsonSchema = z.object({
  id: z.string(),
  account_number: z.string(),
  account_name: z.string(),
  bank_code: z.string(),
  bank_name: z.string(),
  nickname: nullableString,
  created_at: z.string(),
});

const tierJsonSchema = z.object({ tier: z.union([z.literal(1), z.literal(2), z.literal(3)]), daily_debit: koboSchema(), max_balance: koboSchema().nullable(), requires: z.string() });

export const kycStatusSchema = z.object({
  tier: z.number().int(),
  limits: z.object({ daily_debit: koboSchema(), max_balance: koboSchema().nullable() }),
  used_today: koboSchema(),
  tiers: z.array(tierJsonSchema),
  bvn: z.object({ verified: z.boolean(), last4: nullableString, verified_at: nullableString }),
  nin: z.object({ verified: z.boolean(), last4: nullableString, verified_at: nullableString }),
  liveness: z.object({ passed: z.boolean(), passed_at: nullableString }),
  can_move_money: z.boolean(),
  address: z.object({
    verified: z.boolean(),
    line: nullableString,
    verified_at: nullableString,
    on_file: z.object({ address: z.string(), city: z.string(), state: z.string(), lga: z.string() }).nullable(),
  }),
  next_step: z.enum(['bvn', 'nin', 'liveness', 'address']).nullable(),
  failed_attempts_today: z.number().int(),
  max_failed_attempts_per_day: z.number().int(),
});
export const kycOutcomeSchema = z.object({ user: userJsonSchema, kyc: kycStatusSchema });
export const livenessOutcomeSchema = z.object({
  verdict: z.enum(['pass', 'fail', 'retry']),
  review_case: nullableString.describe('The case a person now looks at after three failed selfies today, else null'),
  user: userJsonSchema,
  kyc: kycStatusSchema,
});

export const alertSettingsAnswerSchema = z.object({ email: z.literal(true), sms: z.boolean(), sms_to: z.string(), sms_off_accepted_at: z.string().nullable() });

export const limitsJsonSchema = z.object({
  tier: z.number().int(),
  tier_daily_limit: koboSchema(),
  own_daily_limit: koboSchema().nullable(),
  daily_limit: koboSchema(),
  used_today: koboSchema(),
  pending_raise: z.object({ daily_limit: koboSchema(), applies_at: z.string() }).nullable(),
  new_browser_cap: z
    .object({ limit: koboSchema(), used: koboSchema(), left: koboSchema(), until: z.string(), reason: z.enum(['new_account', 'new_browser']) })
    .nullable(),
  /** The same window's cap on money in: what arrived and the room left to receive. */
  new_browser_cap_in: z
    .object({ limit: koboSchema(), used: koboSchema(), left: koboSchema(), until: z.string(), reason: z.enum(['new_account', 'new_browser']) })
    .nullable(),
  instant_payments: z.boolean(),
});

export const statesSchema = z.array(z.object({ name: z.string(), lgas: z.array(z.string()) }));
export const securityQuestionsSchema = z.array(z.object({ id: z.number().int(), question: z.string() }));
export const banksSchema = z.array(z.object({ code: z.string(), name: z.string(), is_self: z.boolean() }));

export const healthSchema = z.object({ status: z.enum(['ok', 'degraded']), database: z.enum(['ok', 'unavailable']) });
export const liveSchema = z.object({ status: z.literal('ok'), version: z.string() });
export const readySchema = z.object({ status: z.literal('ok'), version: z.string(), database: z.literal('ok') });

const scheduledRunSchema = z.object({ date: z.string(), state: z.enum(['due', 'retry', 'succeeded', 'missed']), reference: nullableString, failure: nullableString });
export const scheduledTransferJsonSchema = z.object({
  id: z.string(),
  send_account: z.string(),
  account_number: z.string(),
  account_name: z.string(),
  bank_code: z.string(),
  bank_name: z.string(),
  amount: koboSchema(),
  narration: z.string(),
  repeat: z.enum(['once', 'weekly', 'monthly']),
  first_date: z.string(),
  day_of_month: z.number().int(),
  end_date: nullableString,
  count: z.number().int().nullable(),
  runs_made: z.number().int(),
  misses_in_row: z.number().int(),
  next_run_date: nullableString,
  next_run_at: nullableString,
  status: z.enum(['active', 'paused', 'cancelled', 'finished']),
  paused_reason: z.enum(['customer', 'missed']).nullable(),
  recent_runs: z.array(scheduledRunSchema),
  created_at: z.string(),
});

const networkSchema = z.object({ id: z.string(), name: z.string() });
export const networksSchema = z.array(networkSchema);
export const dataPlansSchema = z.array(
  z.object({ id: z.string(), name: z.string(), amount: koboSchema(), validity: z.string(), size: z.string(), period: z.enum(['daily', 'weekly', 'monthly']) }),
);
export const discosSchema = z.array(
  z.object({ id: z.string(), name: z.string(), short_name: z.string(), meter_types: z.array(z.enum(['prepaid', 'postpaid'])), min_amount: koboSchema(), max_amount: koboSchema() }),
);
export const cableProvidersSchema = z.array(networkSchema);
const cablePackageSchema = z.object({ id: z.string(), name: z.string(), amount: koboSchema() });
export const cablePackagesSchema = z.array(cablePackageSchema);
export const meterCustomerSchema = z.object({
  customer_name: z.string(),
  address: z.string(),
  meter_number: z.string(),
  meter_type: z.enum(['prepaid', 'postpaid']),
  tariff_band: z.string().optional(),
  outstanding_balance: koboSchema().optional(),
});
export const cableCustomerSchema = z.object({
  customer_name: z.string(),
  smartcard_number: z.string(),
  current_package: cablePackageSchema.nullable(),
  due_date: nullableString,
  renewal_amount: koboSchema().nullable(),
});

const caseStatusSchema = z.enum(['open', 'investigating', 'resolved', 'closed']);
export const caseJsonSchema = z.object({
  number: z.string(),
  reference: z.string(),
  account_number: z.string(),
  kind: z.enum(['fraud', 'not_received', 'wrong_amount', 'wrong_charge']),
  description: z.string(),
  status: caseStatusSchema,
  created_at: z.string(),
  updated_at: z.string(),
  history: z.array(z.object({ status: caseStatusSchema, note: nullableString, at: z.string() })),
});
export const caseOpenedSchema = z.object({ case: caseJsonSchema, frozen: z.boolean() });

export const paymentRequestJsonSchema = z.object({
  id: z.string(),
  code: z.string(),
  reference: z.string(),
  account_number: z.string(),
  account_name: z.string(),
  amount: koboSchema().nullable().describe('Kobo, or null for any amount'),
  amount_paid: koboSchema(),
  note: z.string(),
  status: z.enum(paymentRequestStatuses),
  link: z.string(),
  share_text: z.string(),
  expires_at: z.string(),
  created_at: z.string(),
  paid_at: nullableString,
  cancelled_at: nullableString,
});
export const publicPaymentRequestSchema = z.object({
  account_name: z.string(),
  amount: koboSchema().nullable(),
  status: z.enum(paymentRequestStatuses).exclude(['cancelled']),
});

/** GET /v1/profile/export?format=json: the file itself, not the envelope. */
export const customerDataExportSchema = z.object({
  about: z.object({ bank: z.string(), exported_at: z.string(), description: z.string() }),
  profile: userJsonSchema.omit({ accounts: true }).extend({
    home_address: z.object({ address: z.string(), city: z.string(), lga: z.string(), state: z.string() }).nullable(),
  }),
  accounts: z.array(accountJsonSchema.extend({ beneficiaries: z.array(beneficiaryJsonSchema), transactions: z.array(transactionJsonSchema) })),
  /** Every action the bank's staff took on the account (searches that found it, reads, freezes): when, the staff member's role, what, and the reason given. */
  staff_actions: z.array(z.object({ at: z.string(), staff_role: z.string().nullable(), action: z.string(), reason: z.string().nullable() })),
});

/** `data: null`: the call answers only with its message. */
export const noDataSchema = z.null();
