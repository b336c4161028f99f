import type { Said, SaidErrors } from '../../i18n/said.ts';

/**
 * Expected failures are values with a code from API.md, not exceptions. Exceptions mean bugs.
 * What a failure says is data (a catalogue key and its values, i18n/said.ts): the edge words it
 * once, in the customer's language (docs/decisions/018-messages-as-data.md).
 */
export type ErrorCode =
  | 'MALFORMED_BODY'
  | 'MALFORMED_REQUEST'
  | 'METHOD_NOT_ALLOWED'
  | 'UNAUTHENTICATED'
  | 'FORBIDDEN'
  | 'ONBOARDING_INCOMPLETE'
  | 'NOT_FOUND'
  | 'IDEMPOTENCY_KEY_REUSED'
  | 'REQUEST_IN_PROGRESS'
  | 'DUPLICATE'
  | 'VALIDATION_FAILED'
  | 'INVALID_CREDENTIALS'
  | 'INVALID_OTP'
  | 'OTP_EXPIRED'
  | 'INVALID_PIN'
  | 'INSUFFICIENT_FUNDS'
  | 'LIMIT_EXCEEDED'
  | 'INVALID_ACCOUNT_NUMBER'
  | 'ACCOUNT_NOT_FOUND'
  | 'BVN_MISMATCH'
  | 'BVN_NOT_FOUND'
  | 'NIN_MISMATCH'
  | 'NIN_NOT_FOUND'
  | 'NO_IDENTITY'
  | 'PIN_LOCKED'
  | 'ACCOUNT_LOCKED'
  | 'ACCOUNT_FROZEN'
  | 'DEVICE_NOT_CONFIRMED'
  | 'DEVICE_ALREADY_CONFIRMED'
  | 'INSTANT_PAYMENTS_OFF'
  | 'IDENTITY_REQUIRED'
  | 'RECIPIENT_CANNOT_RECEIVE'
  | 'CREDIT_NOT_PERMITTED'
  | 'RECIPIENT_CAP_REACHED'
  | 'RATE_LIMITED'
  | 'PAYLOAD_TOO_LARGE'
  | 'PROVIDER_FAILED'
  | 'PROVIDER_TIMEOUT';

export type Failure = {
  ok: false;
  code: ErrorCode;
  message: Said;
  errors?: SaidErrors;
  retryAfterSeconds?: number;
};
export type Success<T> = { ok: true; value: T };
export type Result<T> = Success<T> | Failure;

export const succeed = <T>(value: T): Success<T> => ({ ok: true, value });

export function fail(code: ErrorCode, message: Said, extra: Partial<Pick<Failure, 'errors' | 'retryAfterSeconds'>> = {}): Failure {
  return { ok: false, code, message, ...extra };
}
