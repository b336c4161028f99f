import type { UserJson } from '../../core/users/present-user.ts';
import { fail, type ErrorCode, type Failure } from '../../core/result.ts';
import type { App } from '../../app.ts';
import type { Kobo } from '../../../lib/money.ts';
import type { Said } from '../../../i18n/said.ts';

/**
 * What a payment kind is built from: the services (never the database), the customer and the
 * paying account. Each kind keeps its service calls to itself, so a changed service signature
 * is put right in one file.
 */
export type PaymentScope = { app: App; user: UserJson; account: PayingAccount };

/** A form's posted values by field name (kept here, not in payment-steps.ts, so the two do not import each other). */
export type StepValues = Record<string, string>;
export type PayingAccount = { account_number: string; balance: Kobo };

/** A failure said beside one field: a Said, or words no catalogue has (a test's stub kind), kept as written. */
export function fieldFailure(field: string, message: Said | string, code: ErrorCode = 'VALIDATION_FAILED'): Failure {
  const said: Said = typeof message === 'string' ? { key: 'schema.zodSays', params: { message } } : message;
  return fail(code, said, { errors: { [field]: [said] } });
}

/** The PIN and a payment still being made: put right on the confirm step. */
export function aboutThePin(failure: Failure): boolean {
  return failure.code === 'INVALID_PIN' || failure.code === 'PIN_LOCKED' || failure.code === 'REQUEST_IN_PROGRESS';
}

/** A failure whose field messages are all about fields of the confirm step (none counts too). */
export function onlyAbout(failure: Failure, fields: readonly string[]): boolean {
  return Object.keys(failure.errors ?? {}).every((field) => fields.includes(field));
}

/** The confirm step's hidden `amount_kobo` read as the details' `amount`. */
export function carriedAmount(values: StepValues): StepValues {
  return { ...values, amount: values.amount_kobo ?? '' };
}

/** "/transfer/success?reference=…": a receipt page for a payment's reference. */
export const receiptAt = (path: string) => (reference: string) => `${path}?reference=${encodeURIComponent(reference)}`;
