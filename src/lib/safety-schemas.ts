import { z } from 'zod';
import { says } from './zod-said.ts';
import { checkbox, emailSchema, lineText, requiredText } from './schemas.ts';
import { accountNumberSchema } from './money-schemas.ts';
import { resetCodeSchema } from './recovery-schemas.ts';

/**
 * Customer safety: freezing the account (signed in with the password, or from
 * /freeze with an emailed code), unfreezing it (a security code by SMS and email, and the PIN), and cases
 * opened about a transaction. The same schemas validate the pages' forms and the JSON API.
 */
const password = z.string({ error: says('said.password.enter') }).min(1, says('said.password.enter')).max(1024);
const pin = requiredText(says('said.pin.enter')).regex(/^\d{4}$/, says('said.pin.fourDigits'));

export const freezeSchema = z.object({ password });
export type FreezeInput = z.infer<typeof freezeSchema>;

/** Unfreezing: the security code asked for with purpose `unfreeze` (POST /v1/security/code) and the PIN. */
export const unfreezeSchema = z.object({ code: requiredText(says('said.security.enterCode')).regex(/^\d{6}$/, says('said.code.digits')), pin });
export type UnfreezeInput = z.infer<typeof unfreezeSchema>;

const blankToUndefined = (value: unknown) => (typeof value === 'string' && value.trim() === '' ? undefined : value);

/** Whose account, as a stranger to the app can say it: the account number or the registered email. */
export type FreezeSubject = { kind: 'account'; accountNumber: string } | { kind: 'email'; email: string };

const subjectFields = {
  account_number: z.preprocess(blankToUndefined, accountNumberSchema.optional()),
  email: z.preprocess(blankToUndefined, emailSchema.optional()),
};
const oneSubject = {
  path: ['account_number'],
  error: says('fields.freeze.who'),
};
const hasSubject = (input: { account_number?: string | undefined; email?: string | undefined }) => input.account_number !== undefined || input.email !== undefined;

/** POST /v1/freeze/request: account_number or email (given both, the account number is used). */
export const freezeRequestSchema = z.object(subjectFields).refine(hasSubject, oneSubject);
export type FreezeRequestInput = z.infer<typeof freezeRequestSchema>;

/** POST /v1/freeze/confirm: the same account_number or email, and the 6-digit code. */
export const freezeConfirmSchema = z.object({ ...subjectFields, code: resetCodeSchema }).refine(hasSubject, oneSubject);
export type FreezeConfirmInput = z.infer<typeof freezeConfirmSchema>;

export function freezeSubjectOf(input: { account_number?: string | undefined; email?: string | undefined }): FreezeSubject {
  if (input.account_number !== undefined) return { kind: 'account', accountNumber: input.account_number };
  if (input.email !== undefined) return { kind: 'email', email: input.email };
  throw new Error('a freeze request without an account number or email passed its schema');
}

/**
 * The /freeze page's one field: "Account number or email". Ten digits (spaces allowed, as people
 * copy them) are an account number; anything else must be an email address.
 */
export const freezeIdentifierSchema = z.object({
  identifier: requiredText(says('said.freeze.identifierRequired'))
    .max(254, says('said.freeze.identifierLong'))
    .transform((value, context) => {
      const digits = value.replace(/\s+/g, '');
      if (/^\d+$/.test(digits)) {
        if (digits.length === 10) return { account_number: digits };
        context.addIssue({ code: 'custom', message: says('said.freeze.tenDigits') });
        return z.NEVER;
      }
      const email = emailSchema.safeParse(value);
      if (email.success) return { email: email.data };
      context.addIssue({ code: 'custom', message: says('said.freeze.identifierInvalid') });
      return z.NEVER;
    }),
});

export const caseKinds = ['fraud', 'not_received', 'wrong_amount', 'wrong_charge'] as const;
export type CaseKind = (typeof caseKinds)[number];
export const caseStatuses = ['open', 'investigating', 'resolved', 'closed'] as const;
export type CaseStatus = (typeof caseStatuses)[number];

/** A case number as the bank prints it: HB-CASE-2026-000123. */
export const caseNumberPattern = /^HB-CASE-\d{4}-\d{6,}$/;

/**
 * POST /v1/cases: the transaction's reference, what is wrong, and the customer's words. Reporting
 * fraud may freeze the account in the same step (freeze_account with the password).
 */
export const caseSchema = z
  .object({
    reference: requiredText(says('said.case.reference')).max(64, says('said.case.referenceLong')),
    kind: z.enum(caseKinds, { error: says('said.case.kind') }),
    description: requiredText(says('said.case.tell')).min(10, says('said.case.more')).max(1000, says('said.case.long')),
    freeze_account: checkbox.optional().default(false),
    password: z.preprocess(blankToUndefined, password.optional()),
  })
  .refine((input) => !input.freeze_account || input.kind === 'fraud', { path: ['freeze_account'], error: says('said.case.freezeFraud') })
  .refine((input) => !input.freeze_account || input.password !== undefined, { path: ['password'], error: says('said.case.password') });
export type CaseInput = z.infer<typeof caseSchema>;

/** The optional note an operator adds to a status change (ops:case). */
export const caseNoteSchema = lineText().max(500);
