import { z } from 'zod';
import { says } from './zod-said.ts';
import { koboAmountSchema } from './money-schemas.ts';
import { lineText } from './schemas.ts';
import type { Kobo } from './money.ts';

/**
 * Payment requests: "Request money" makes a link (/pay/{code}) and a reference
 * (RQ-XXXXXX) the payer puts in the narration. The same schema validates the /requests/new form
 * (after it reads the typed naira into kobo) and POST /v1/requests/{account}.
 */

/** Letters and digits nobody confuses when reading or typing them: no 0/O, 1/I/L. */
export const requestAlphabet = '23456789ABCDEFGHJKMNPQRSTUVWXYZ';
/** The link's code: 12 characters of the alphabet (about 59 bits), never guessed at the page's rate limit. */
export const requestCodeLength = 12;
/** The reference's random part: short enough to type into a narration. */
export const requestReferenceLength = 6;
export const requestCodePattern = new RegExp(`^[${requestAlphabet}]{${requestCodeLength}}$`);
export const requestIdPattern = /^prq_[A-Za-z0-9_-]{16}$/;

export const defaultRequestDays = 7;
export const maxRequestDays = 30;

export const paymentRequestCreateSchema = z.object({
  /** Kobo; absent: the payer chooses the amount. */
  amount: koboAmountSchema.optional(),
  note: lineText().max(100, says('said.requests.noteLong')).optional().default(''),
  expires_in_days: z
    .number({ error: says('said.requests.daysChoose', { max: maxRequestDays }) })
    .int(says('said.requests.daysChoose', { max: maxRequestDays }))
    .min(1, says('said.requests.daysMin'))
    .max(maxRequestDays, says('said.requests.daysMax', { max: maxRequestDays }))
    .optional()
    .default(defaultRequestDays),
});
export type PaymentRequestCreateInput = z.infer<typeof paymentRequestCreateSchema>;

export const paymentRequestStatuses = ['open', 'partly_paid', 'paid', 'cancelled', 'expired'] as const;
export type PaymentRequestStatus = (typeof paymentRequestStatuses)[number];

/** A request as its owner sees it (API.md, PaymentRequest). */
export type PaymentRequestJson = {
  id: string;
  code: string;
  reference: string;
  account_number: string;
  account_name: string;
  /** Null for any amount. */
  amount: Kobo | null;
  amount_paid: Kobo;
  note: string;
  status: PaymentRequestStatus;
  link: string;
  share_text: string;
  expires_at: string;
  created_at: string;
  paid_at: string | null;
  cancelled_at: string | null;
};

/** GET /v1/requests/public/{code}: the name as a name enquiry gives it, the amount, and whether it can still be paid. */
export type PublicPaymentRequestJson = { account_name: string; amount: Kobo | null; status: Exclude<PaymentRequestStatus, 'cancelled'> };

const referenceInText = new RegExp(`\\bRQ[\\s-]?([${requestAlphabet}]{${requestReferenceLength}})\\b`, 'gi');

/**
 * The request references a narration carries, as stored (RQ-XXXXXX): matched whatever the case,
 * with a dash, a space or nothing after RQ (people type "rq abc234"). At most three, in order.
 */
export function requestReferencesIn(narration: string): string[] {
  const found = new Set<string>();
  for (const match of narration.matchAll(referenceInText)) {
    found.add(`RQ-${match[1]!.toUpperCase()}`);
    if (found.size === 3) break;
  }
  return [...found];
}
