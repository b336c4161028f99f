import { z } from 'zod';
import type { ErrorCode } from '../core/result.ts';
import { statusForCode } from './respond.ts';
import { addressSchema } from '../../lib/address-schema.ts';
import { bankTransferSchema, beneficiaryCreateSchema, historyQuerySchema, localTransferSchema, nameEnquirySchema, statementSchema } from '../../lib/money-schemas.ts';
import { inboundTransferSchema } from '../../lib/sandbox-schemas.ts';
import { airtimePurchaseSchema, cablePurchaseSchema, cableVerifySchema, dataPurchaseSchema, electricityPurchaseSchema, meterVerifySchema } from '../../lib/bills.ts';
import { forgotPasswordSchema, resetPasswordSchema, verifyResetTokenSchema } from '../../lib/recovery-schemas.ts';
import { changePasswordSchema, changePinSchema, changeSecurityQuestionSchema } from '../../lib/settings-schemas.ts';
import { bvnSchema, kycAddressSchema, ninSchema } from '../../lib/kyc-schemas.ts';
import { alertSettingsSchema } from '../../lib/alert-schemas.ts';
import { dailyLimitSchema, instantPaymentsSchema } from '../../lib/limits-schemas.ts';
import { securityCodeRequestSchema } from '../../lib/security-schemas.ts';
import { deviceCodeSchema, loginSchema, otpSchema, pinSchema, registerSchema, securityQuestionSchema } from '../../lib/schemas.ts';
import { caseSchema, freezeConfirmSchema, freezeRequestSchema, freezeSchema, unfreezeSchema } from '../../lib/safety-schemas.ts';
import { dataExportQuerySchema } from '../../lib/data-export-schemas.ts';
import { resumeScheduleSchema, scheduledTransferSchema } from '../../lib/scheduled-transfer-schemas.ts';
import { paymentRequestCreateSchema } from '../../lib/payment-request-schemas.ts';
import * as r from '../../lib/response-schemas.ts';

/**
 * The machine-readable contract, built from the very zod schemas the endpoints validate with and
 * answer with (src/lib/response-schemas.ts). A new endpoint adds a line here; the test beside this
 * file checks every page under src/pages/api is described, and response-schemas.test.ts that real
 * answers parse with their schema.
 */
type Operation = {
  method: 'get' | 'post';
  path: string;
  summary: string;
  auth: boolean;
  body?: z.ZodType;
  query?: z.ZodType;
  successStatus?: number;
  /** A payment a fraud rule may hold before it is sent: also 202 with the Transaction, status `held` (decision 032). */
  mayHold?: true;
  /** What the success answer carries in `data` (for /health*, the whole body; for the export, the JSON file). */
  data: z.ZodType;
  /**
   * The codes this call's own logic may answer with; those every call of its kind shares (a
   * body's, a session's, an account in the path, a payment's) are added by `errorCodesOf`.
   */
  errors?: ErrorCode[];
  /** A multipart/form-data body with one file in this field (the only kind of body that carries a file). */
  upload?: { field: string; types: string[]; description: string };
};

export const operations: Operation[] = [
  { method: 'post', path: '/v1/auth/register', summary: 'Register: { user, token, message } with 201, the same answer whether or not the email or phone is taken (user: the pending customer, every flag false, no account yet; token: the session from now on). Emails a 6-digit code; the account opens when /v1/onboarding/verify-otp gets it. 429 per network, email and phone', auth: false, body: registerSchema, successStatus: 201, data: r.registerAnswerSchema, errors: ['RATE_LIMITED'] },
  { method: 'post', path: '/v1/auth/login', summary: 'Sign in (422 INVALID_CREDENTIALS, 423 ACCOUNT_LOCKED). With DEVICE_BINDING on: send the `device` value a previous login answered in an `X-Device` header; the answer carries `device` (send it next time) and `device_confirmation_required` (true: the token opens only /v1/auth/device/confirm, /v1/auth/device/resend and /v1/auth/logout, every other call answers 403 DEVICE_NOT_CONFIRMED, until the code sent by email and SMS is confirmed)', auth: false, body: loginSchema, data: r.loginAnswerSchema, errors: ['INVALID_CREDENTIALS', 'ACCOUNT_LOCKED', 'RATE_LIMITED'] },
  { method: 'post', path: '/v1/auth/device/confirm', summary: 'DEVICE_BINDING on: the new-device code (emailed and texted at a sign-in from a device that is not the bound one) makes this device the bound one, ends every other session of the customer and opens the new-browser cap window; a customer at Tier 2 or above gives a new liveness selfie before money moves again (`liveness_required: true`); 5 tries per code (422 INVALID_OTP, OTP_EXPIRED; 409 DEVICE_ALREADY_CONFIRMED when nothing waits)', auth: true, body: deviceCodeSchema, data: r.deviceConfirmedAnswerSchema, errors: ['INVALID_OTP', 'OTP_EXPIRED', 'DEVICE_ALREADY_CONFIRMED', 'RATE_LIMITED'] },
  { method: 'post', path: '/v1/auth/device/resend', summary: 'DEVICE_BINDING on: a new new-device code by email and SMS, the old one dead (at most once a minute, 5 an hour; 409 DEVICE_ALREADY_CONFIRMED when nothing waits)', auth: true, data: r.deviceCodeSentAnswerSchema, errors: ['DEVICE_ALREADY_CONFIRMED', 'RATE_LIMITED'] },
  { method: 'post', path: '/v1/auth/logout', summary: 'Revoke the current session (or the registration token before the code is right)', auth: true, data: r.noDataSchema },
  { method: 'post', path: '/v1/onboarding/verify-otp', summary: 'Verify the email address with the emailed code: { user } with is_email_verified true. After register, the right code opens the customer and the account, and the same token is their session; 5 tries per code (422 INVALID_OTP, OTP_EXPIRED)', auth: true, body: otpSchema, data: r.userAnswerSchema, errors: ['INVALID_OTP', 'OTP_EXPIRED', 'DUPLICATE', 'RATE_LIMITED'] },
  { method: 'post', path: '/v1/onboarding/resend-otp', summary: 'Send a new verification code, the old one dead (at most once a minute; 5 an hour, or 5 per registration)', auth: true, data: r.noDataSchema, errors: ['RATE_LIMITED'] },
  { method: 'post', path: '/v1/onboarding/address', summary: 'Submit the home address', auth: true, body: addressSchema, data: r.userAnswerSchema, errors: ['DUPLICATE'] },
  { method: 'post', path: '/v1/onboarding/set-pin', summary: 'Set the 4-digit transaction PIN', auth: true, body: pinSchema, data: r.userAnswerSchema, errors: ['DUPLICATE'] },
  { method: 'post', path: '/v1/onboarding/set-security-question', summary: 'Choose a security question; returns a fresh token', auth: true, body: securityQuestionSchema, data: r.userTokenAnswerSchema, errors: ['DUPLICATE'] },
  { method: 'post', path: '/v1/auth/password/forgot', summary: 'Email a 6-digit password reset code; the same answer whether or not the email is registered (429 per network)', auth: false, body: forgotPasswordSchema, data: r.messageAnswerSchema, errors: ['RATE_LIMITED'] },
  { method: 'post', path: '/v1/auth/password/verify-token', summary: 'Check a reset code without using it (422 INVALID_OTP, OTP_EXPIRED; 5 wrong tries kill it)', auth: false, body: verifyResetTokenSchema, data: r.validCodeAnswerSchema, errors: ['INVALID_OTP', 'OTP_EXPIRED', 'RATE_LIMITED'] },
  { method: 'post', path: '/v1/auth/password/reset', summary: 'Set a new password with the reset code; every session of that user is revoked', auth: false, body: resetPasswordSchema, data: r.messageAnswerSchema, errors: ['INVALID_OTP', 'OTP_EXPIRED', 'RATE_LIMITED'] },
  { method: 'get', path: '/v1/profile', summary: 'The signed-in user (after register and before the code, the pending user)', auth: true, data: r.userJsonSchema },
  { method: 'post', path: '/v1/profile/password/update', summary: 'Change the password (current password required); every other session is revoked', auth: true, body: changePasswordSchema, data: r.signedOutSessionsAnswerSchema, errors: ['INVALID_CREDENTIALS', 'ACCOUNT_LOCKED'] },
  { method: 'post', path: '/v1/profile/password/change', summary: 'Alias of /v1/profile/password/update', auth: true, body: changePasswordSchema, data: r.signedOutSessionsAnswerSchema, errors: ['INVALID_CREDENTIALS', 'ACCOUNT_LOCKED'] },
  { method: 'post', path: '/v1/profile/security-question/change', summary: 'Change the security question and answer (password required)', auth: true, body: changeSecurityQuestionSchema, data: r.userAnswerSchema, errors: ['INVALID_CREDENTIALS', 'ACCOUNT_LOCKED'] },
  { method: 'get', path: '/v1/profile/export', summary: 'Download my data: format=json (profile, accounts, beneficiaries, transactions, the staff actions on the account) or format=csv (transactions), as an attachment; never a hash, PIN or token', auth: true, query: dataExportQuerySchema, data: r.customerDataExportSchema },
  { method: 'post', path: '/v1/profile/pin/change', summary: 'Change the PIN with current_pin, or with password and security_answer (which also lifts a PIN lock)', auth: true, body: changePinSchema, data: r.userAnswerSchema, errors: ['INVALID_PIN', 'INVALID_CREDENTIALS', 'PIN_LOCKED', 'ACCOUNT_LOCKED'] },
  { method: 'get', path: '/v1/kyc', summary: "The caller's tier, its limits, what is used today, and which checks are done", auth: true, data: r.kycStatusSchema },
  { method: 'post', path: '/v1/kyc/bvn', summary: 'A BVN proved (Tier 1, or 2 beside a NIN): BVN and date of birth checked with the identity service (422 BVN_MISMATCH, BVN_NOT_FOUND; 409 DUPLICATE for a BVN already verified or another customer\'s; 429 after 5 failures a day)', auth: true, body: bvnSchema, data: r.kycOutcomeSchema, errors: ['DUPLICATE', 'BVN_MISMATCH', 'BVN_NOT_FOUND', 'RATE_LIMITED', 'PROVIDER_FAILED', 'PROVIDER_TIMEOUT'] },
  { method: 'post', path: '/v1/kyc/nin', summary: 'A NIN proved (Tier 1, or 2 beside a BVN): NIN and date of birth checked with NIMC\'s register (422 NIN_MISMATCH, NIN_NOT_FOUND; 409 DUPLICATE for a NIN already verified or another customer\'s; 429 after 5 failures a day)', auth: true, body: ninSchema, data: r.kycOutcomeSchema, errors: ['DUPLICATE', 'NIN_MISMATCH', 'NIN_NOT_FOUND', 'RATE_LIMITED', 'PROVIDER_FAILED', 'PROVIDER_TIMEOUT'] },
  { method: 'post', path: '/v1/kyc/liveness', summary: 'A selfie (multipart/form-data, the file in selfie: JPEG or PNG by its content, at most 5 MiB, else 413) compared with the verified BVN\'s or NIN\'s record: { verdict: pass | fail | retry, review_case }. A pass lets money move; the bank keeps the verdict, never the picture; the third fail in a Lagos day opens a case for a person (review_case). 409 NO_IDENTITY before a BVN or NIN; 422 for a file that is not JPEG or PNG; 429 after 5 fails a day', auth: true, upload: { field: 'selfie', types: ['image/jpeg', 'image/png'], description: 'A photo of the face taken now: JPEG or PNG (by content), at most 5 MiB' }, data: r.livenessOutcomeSchema, errors: ['NO_IDENTITY', 'VALIDATION_FAILED', 'RATE_LIMITED', 'PROVIDER_FAILED', 'PROVIDER_TIMEOUT'] },
  { method: 'post', path: '/v1/kyc/address', summary: 'A verified residential address and a proof of it, checked with the address verifier; it may be verified at any tier and gives Tier 3 once a BVN and a NIN are proved', auth: true, body: kycAddressSchema, data: r.kycOutcomeSchema, errors: ['DUPLICATE', 'RATE_LIMITED', 'PROVIDER_FAILED', 'PROVIDER_TIMEOUT'] },
  { method: 'get', path: '/v1/alerts/settings', summary: 'Transaction alert settings: { email: true (always), sms (on by default), sms_to, sms_off_accepted_at } (SMS alerts go to the phone number on the account; while SMS is off, sms_off_accepted_at is when the indemnity was accepted)', auth: true, data: r.alertSettingsAnswerSchema },
  { method: 'post', path: '/v1/alerts/settings', summary: 'Turn SMS transaction alerts on or off (sms: boolean; SMS alerts may carry a charge); email alerts stay on. Off needs accept_indemnity: true (the customer accepts that the bank is not liable for losses an SMS alert would have shown; 422 VALIDATION_FAILED on accept_indemnity without it) and records the time and the device of the X-Device header; on clears both. A change is confirmed by email', auth: true, body: alertSettingsSchema, data: r.alertSettingsAnswerSchema, errors: ['VALIDATION_FAILED'] },
  { method: 'get', path: '/v1/limits', summary: "The caller's limits: the tier's daily limit, their own, a raise waiting its delay (and when it applies), the new-browser cap and until when, and whether instant transfers to other banks are on", auth: true, data: r.limitsJsonSchema },
  { method: 'post', path: '/v1/limits/daily', summary: 'Set your own daily limit in kobo, at most the tier\'s: lower applies at once; higher needs code (POST /v1/security/code, purpose daily_limit) and pin and applies after OWN_LIMIT_RAISE_DELAY_HOURS (emailed); a wrong or expired code spends no PIN try', auth: true, body: dailyLimitSchema, data: r.limitsJsonSchema, errors: ['INVALID_OTP', 'OTP_EXPIRED', 'INVALID_PIN', 'PIN_LOCKED'] },
  { method: 'post', path: '/v1/limits/instant-payments', summary: 'Turn instant transfers to other banks (NIP) off or on, either way with code (POST /v1/security/code, purpose instant_payments) and pin. While off, those transfers answer 423 INSTANT_PAYMENTS_OFF', auth: true, body: instantPaymentsSchema, data: r.limitsJsonSchema, errors: ['INVALID_OTP', 'OTP_EXPIRED', 'INVALID_PIN', 'PIN_LOCKED'] },
  { method: 'post', path: '/v1/security/code', summary: 'Send a 6-digit code by SMS to the registered phone and by email for one change (purpose: instant_payments, daily_limit, unfreeze): 10 minutes, single use, refused for another purpose, 3 wrong tries; one a minute, 5 an hour, 10 a day (429 with Retry-After)', auth: true, body: securityCodeRequestSchema, successStatus: 202, data: r.securityCodeAnswerSchema, errors: ['RATE_LIMITED'] },
  { method: 'get', path: '/v1/general/state-lga', summary: 'States with their local government areas', auth: false, data: r.statesSchema },
  { method: 'get', path: '/v1/general/security-questions', summary: 'Security questions', auth: false, data: r.securityQuestionsSchema },
  { method: 'get', path: '/v1/general/banks', summary: 'Banks with their NIP institution codes', auth: false, data: r.banksSchema },
  { method: 'get', path: '/health', summary: 'Liveness and database reachability', auth: false, data: r.healthSchema },
  { method: 'get', path: '/health/live', summary: 'The process is up: { status: "ok", version } (never touches the database)', auth: false, data: r.liveSchema },
  { method: 'get', path: '/health/ready', summary: 'Ready for traffic: the database answers and is migrated to the latest migration: { status: "ok", version, database }; 503 UNAVAILABLE in the envelope (with version) otherwise', auth: false, data: r.readySchema },
  { method: 'post', path: '/v1/transfer/enquiry', summary: 'Name enquiry: the account name for a number at a bank', auth: true, body: nameEnquirySchema, data: r.nameEnquiryAnswerSchema, errors: ['INVALID_ACCOUNT_NUMBER', 'ACCOUNT_NOT_FOUND', 'RATE_LIMITED', 'PROVIDER_FAILED', 'PROVIDER_TIMEOUT'] },
  { method: 'post', path: '/v1/transfer/local/{sendAccount}', summary: 'Transfer to another account at this bank (PIN and Idempotency-Key required; amount in kobo)', auth: true, body: localTransferSchema, data: r.transactionJsonSchema, errors: ['INVALID_ACCOUNT_NUMBER', 'ACCOUNT_NOT_FOUND', 'RECIPIENT_CANNOT_RECEIVE', 'RECIPIENT_CAP_REACHED'] },
  { method: 'post', path: '/v1/transfer/bank/{sendAccount}', summary: 'Transfer to another bank through NIP; status may be pending; 202 with status held when a fraud rule holds it for a security check before it is sent (a retry with the same key replays the 202 until it is released, rejected or cancelled); 502 with the reversed Transaction in data if the other bank refused', auth: true, body: bankTransferSchema, data: r.transactionJsonSchema, mayHold: true, errors: ['INVALID_ACCOUNT_NUMBER', 'ACCOUNT_NOT_FOUND', 'INSTANT_PAYMENTS_OFF'] },
  { method: 'get', path: '/v1/transfers/scheduled', summary: "The caller's scheduled transfers, active first: repeat, next_run_date and next_run_at (08:00 Lagos), status, runs made, misses in a row, the last five dates and how each went", auth: true, data: z.array(r.scheduledTransferJsonSchema) },
  { method: 'post', path: '/v1/transfers/scheduled/{sendAccount}', summary: 'Schedule a transfer (as /v1/transfer/bank, bank_code optional: this bank) with first_date, repeat (once, weekly, monthly on the first date\'s day), end_date?, count?; PIN and Idempotency-Key required; 201 with the schedule. Each date runs at 08:00 Lagos as a normal transfer without the PIN', auth: true, body: scheduledTransferSchema, successStatus: 201, data: r.scheduledTransferJsonSchema, errors: ['IDEMPOTENCY_KEY_REUSED', 'REQUEST_IN_PROGRESS', 'INVALID_PIN', 'PIN_LOCKED', 'LIMIT_EXCEEDED', 'INVALID_ACCOUNT_NUMBER', 'ACCOUNT_NOT_FOUND', 'INSTANT_PAYMENTS_OFF', 'ACCOUNT_FROZEN', 'IDENTITY_REQUIRED', 'PROVIDER_TIMEOUT'] },
  { method: 'post', path: '/v1/transfers/scheduled/{id}/pause', summary: 'Pause one of your scheduled transfers (no PIN); another customer\'s is 404', auth: true, data: r.scheduledTransferJsonSchema, errors: ['NOT_FOUND'] },
  { method: 'post', path: '/v1/transfers/scheduled/{id}/resume', summary: 'Resume a paused scheduled transfer with the PIN: the next date from tomorrow (today before 08:00)', auth: true, body: resumeScheduleSchema, data: r.scheduledTransferJsonSchema, errors: ['NOT_FOUND', 'INVALID_PIN', 'PIN_LOCKED'] },
  { method: 'post', path: '/v1/transfers/scheduled/{id}/cancel', summary: 'Cancel one of your scheduled transfers (no PIN)', auth: true, data: r.scheduledTransferJsonSchema, errors: ['NOT_FOUND'] },
  { method: 'get', path: '/v1/transaction/{reference}', summary: 'One of your transactions (a pending one is re-queried first)', auth: true, data: r.transactionJsonSchema, errors: ['NOT_FOUND'] },
  { method: 'get', path: '/v1/transaction/history/{accountNumber}', summary: 'Transaction history, 20 a page, with filters', auth: true, query: historyQuerySchema, data: r.historyPageSchema },
  { method: 'get', path: '/v1/transaction/stats/{accountNumber}', summary: 'Money in and out per month for 12 months, and this month by category', auth: true, data: r.statisticsSchema },
  { method: 'post', path: '/v1/transaction/account-statement/{accountNumber}', summary: 'Email a statement (PDF or CSV) for up to 12 months', auth: true, body: statementSchema, successStatus: 202, data: r.statementAnswerSchema, errors: ['RATE_LIMITED'] },
  { method: 'get', path: '/v1/beneficiaries/{accountNumber}', summary: 'Saved beneficiaries', auth: true, data: z.array(r.beneficiaryJsonSchema) },
  { method: 'post', path: '/v1/beneficiaries/create/{accountNumber}', summary: 'Save a beneficiary (named by enquiry)', auth: true, body: beneficiaryCreateSchema, successStatus: 201, data: r.beneficiaryJsonSchema, errors: ['DUPLICATE', 'INVALID_ACCOUNT_NUMBER', 'ACCOUNT_NOT_FOUND', 'RATE_LIMITED', 'PROVIDER_FAILED', 'PROVIDER_TIMEOUT'] },
  { method: 'post', path: '/v1/beneficiaries/delete/{accountNumber}/{beneficiary}', summary: 'Delete a beneficiary', auth: true, data: r.noDataSchema, errors: ['NOT_FOUND'] },
  { method: 'get', path: '/v1/bills/networks/airtime', summary: 'Mobile networks for airtime (cached catalogue)', auth: false, data: r.networksSchema },
  { method: 'post', path: '/v1/bills/airtime/purchase/{sendAccount}', summary: 'Buy airtime, ₦50 to ₦50,000 (PIN and Idempotency-Key; amount in kobo, whole naira); pending until the network confirms, 502 with the reversed Transaction if it refused', auth: true, body: airtimePurchaseSchema, data: r.transactionJsonSchema },
  { method: 'get', path: '/v1/bills/networks/data', summary: 'Mobile networks for data bundles', auth: false, data: r.networksSchema },
  { method: 'get', path: '/v1/bills/data-plans/{providerId}', summary: "A network's data plans: id, name, amount (kobo), validity, size", auth: false, data: r.dataPlansSchema, errors: ['NOT_FOUND'] },
  { method: 'post', path: '/v1/bills/data/purchase/{sendAccount}', summary: "Buy a data plan; the plan must be one of the network's", auth: true, body: dataPurchaseSchema, data: r.transactionJsonSchema },
  { method: 'get', path: '/v1/bills/electricity-packages', summary: 'The electricity distribution companies with their meter types and minimum amounts', auth: false, data: r.discosSchema },
  { method: 'post', path: '/v1/bills/meter-verify/{providerId}', summary: 'Verify a meter: customer name and address (422 ACCOUNT_NOT_FOUND)', auth: true, body: meterVerifySchema, data: r.meterCustomerSchema, errors: ['NOT_FOUND', 'ACCOUNT_NOT_FOUND', 'PROVIDER_TIMEOUT'] },
  { method: 'post', path: '/v1/bills/electricity/purchase/{sendAccount}', summary: 'Buy electricity; prepaid details carry the 20-digit token and units, postpaid a receipt number', auth: true, body: electricityPurchaseSchema, data: r.transactionJsonSchema },
  { method: 'get', path: '/v1/bills/cable-providers', summary: 'Pay-TV providers', auth: false, data: r.cableProvidersSchema },
  { method: 'get', path: '/v1/bills/cable-packages/{providerId}', summary: "A provider's bouquets with their prices (kobo)", auth: false, data: r.cablePackagesSchema, errors: ['NOT_FOUND'] },
  { method: 'post', path: '/v1/bills/cable-verify/{cableId}', summary: 'Verify a smartcard or IUC: customer name, current package, due date', auth: true, body: cableVerifySchema, data: r.cableCustomerSchema, errors: ['NOT_FOUND', 'ACCOUNT_NOT_FOUND', 'PROVIDER_TIMEOUT'] },
  { method: 'post', path: '/v1/bills/cable/purchase/{sendAccount}', summary: "Pay for a bouquet (renewal or change); the package must be one of the provider's", auth: true, body: cablePurchaseSchema, data: r.transactionJsonSchema },
  { method: 'post', path: '/v1/account/freeze', summary: 'Freeze the account with the password: every debit is then refused (423 ACCOUNT_FROZEN), credits still land, every other session ends; emailed', auth: true, body: freezeSchema, data: r.freezeAnswerSchema, errors: ['INVALID_CREDENTIALS', 'ACCOUNT_LOCKED'] },
  { method: 'post', path: '/v1/account/unfreeze', summary: 'Unfreeze with code (POST /v1/security/code, purpose unfreeze) and pin (a wrong or expired code spends no PIN try); emailed', auth: true, body: unfreezeSchema, data: r.frozenAnswerSchema, errors: ['INVALID_OTP', 'OTP_EXPIRED', 'INVALID_PIN', 'PIN_LOCKED'] },
  { method: 'post', path: '/v1/freeze/request', summary: 'No sign-in: email a 6-digit freeze code to the account\'s registered email; account_number or email; the same answer whether or not the account exists (429 per network)', auth: false, body: freezeRequestSchema, data: r.messageAnswerSchema, errors: ['RATE_LIMITED'] },
  { method: 'post', path: '/v1/freeze/confirm', summary: 'No sign-in: the emailed code freezes the account and ends every session (422 INVALID_OTP, OTP_EXPIRED; 5 wrong tries kill the code)', auth: false, body: freezeConfirmSchema, data: r.frozenAnswerSchema, errors: ['INVALID_OTP', 'OTP_EXPIRED', 'RATE_LIMITED'] },
  { method: 'get', path: '/v1/cases', summary: "The caller's cases, newest first, each with its status history", auth: true, data: z.array(r.caseJsonSchema) },
  { method: 'post', path: '/v1/cases', summary: 'Open a case about one of your transactions (kind: fraud, not_received, wrong_amount, wrong_charge); 201 with its number (HB-CASE-2026-000123), acknowledged by email; fraud may freeze the account in the same step (freeze_account and password); another customer\'s reference is 404', auth: true, body: caseSchema, successStatus: 201, data: r.caseOpenedSchema, errors: ['NOT_FOUND', 'DUPLICATE', 'LIMIT_EXCEEDED', 'INVALID_CREDENTIALS', 'ACCOUNT_LOCKED'] },
  { method: 'get', path: '/v1/cases/{number}', summary: "One of your cases with its status history; another customer's is 404", auth: true, data: r.caseJsonSchema, errors: ['NOT_FOUND'] },
  { method: 'get', path: '/v1/requests/{account}', summary: "The account's payment requests, newest first (at most 100): reference, link, share_text, amount (null: any), amount_paid, status (open, partly_paid, paid, cancelled, expired)", auth: true, data: z.array(r.paymentRequestJsonSchema) },
  { method: 'post', path: '/v1/requests/{account}', summary: 'Request money: amount in kobo (optional), note, expires_in_days (1-30, default 7); 201 with the link /pay/{code}, the reference (RQ-XXXXXX) for the narration and the text to share. An inbound or inside-the-bank credit whose narration carries the reference counts towards it; the requester is emailed', auth: true, body: paymentRequestCreateSchema, successStatus: 201, data: r.paymentRequestJsonSchema, errors: ['RATE_LIMITED'] },
  { method: 'post', path: '/v1/requests/{id}/cancel', summary: "Cancel one of your open payment requests (another customer's is 404; a paid one 422); its link then answers 404", auth: true, data: r.paymentRequestJsonSchema, errors: ['NOT_FOUND'] },
  { method: 'get', path: '/v1/requests/public/{code}', summary: 'No sign-in: what a payment link asks for: { account_name, amount, status }; an unknown or cancelled code is 404; 429 per network address', auth: false, data: r.publicPaymentRequestSchema, errors: ['NOT_FOUND', 'RATE_LIMITED'] },
  { method: 'post', path: '/sandbox/inbound-transfer', summary: 'Sandbox only: simulate money arriving from another bank', auth: false, body: inboundTransferSchema, successStatus: 201, data: r.transactionJsonSchema, errors: ['UNAUTHENTICATED', 'NOT_FOUND', 'ACCOUNT_NOT_FOUND', 'LIMIT_EXCEEDED', 'CREDIT_NOT_PERMITTED'] },
];

type JsonSchema = Record<string, unknown>;

/** A zod schema as the document's JSON Schema (OpenAPI 3.1 is JSON Schema 2020-12; the `$schema` line would only repeat that). */
function jsonSchemaOf(schema: z.ZodType, io: 'input' | 'output'): JsonSchema {
  const { $schema: _dialect, ...rest } = z.toJSONSchema(schema, { io, unrepresentable: 'any' }) as JsonSchema;
  return rest;
}

/** A name for the document's components: userJsonSchema → User, kycOutcomeSchema → KycOutcome. */
function componentName(exportName: string): string {
  const base = exportName.replace(/(?:Json)?Schema$/, '');
  return base.charAt(0).toUpperCase() + base.slice(1);
}

/**
 * The answers' schemas as components: every schema src/lib/response-schemas.ts exports by its name,
 * and a call's `data` that is none of them (a list of them) as `<OperationId>Data`; a schema inside
 * another that has a name is a $ref to it, so User or Transaction is written once.
 */
function answerComponents(): { schemas: Record<string, JsonSchema>; refOf: (schema: z.ZodType) => JsonSchema } {
  const registry = z.registry<{ id: string }>();
  const ids = new Map<z.ZodType, string>();
  const name = (schema: z.ZodType, id: string) => {
    if (ids.has(schema)) return;
    ids.set(schema, id);
    registry.add(schema, { id });
  };
  for (const [exportName, schema] of Object.entries(r)) if (schema instanceof z.ZodType) name(schema, componentName(exportName));
  for (const operation of operations) name(operation.data, `${operationIdOf(operation).replace(/^./, (first) => first.toUpperCase())}Data`);
  const { schemas } = z.toJSONSchema(registry, {
    io: 'output',
    unrepresentable: 'any',
    uri: (id) => `#/components/schemas/${id}`,
    // An answer may gain a field (API.md: extend, never rename): a client must not refuse one it does not know.
    override: ({ jsonSchema }) => {
      if (jsonSchema.additionalProperties === false) delete jsonSchema.additionalProperties;
    },
  }) as { schemas: Record<string, JsonSchema> };
  // `$id` would make each component its own base URI (and a fragment-only one is not a valid `$id`): the $refs are the document's own.
  const components = Object.fromEntries(Object.entries(schemas).map(([id, { $schema: _dialect, $id: _id, ...schema }]) => [id, schema]));
  return { schemas: components, refOf: (schema) => ({ $ref: `#/components/schemas/${ids.get(schema)}` }) };
}

/** A payment (a transfer or a bill purchase): keyed, PIN-checked, through the money gate; a refusal of the other side is reversed at once (502 with the Transaction). */
function isPayment(operation: Operation): boolean {
  return operation.method === 'post' && /^\/v1\/(?:transfer\/(?:local|bank)|bills\/\w+\/purchase)\/\{sendAccount\}$/.test(operation.path);
}

/** The calls a registration waiting for its email code may make (api.ts customerOrPending): no ONBOARDING_INCOMPLETE there. */
/** The calls a session waiting to confirm its device may make (device-restriction.ts): no DEVICE_NOT_CONFIRMED there. */
const restrictedMayCall = new Set(['post /v1/auth/logout', 'post /v1/auth/device/confirm', 'post /v1/auth/device/resend']);

const pendingMayCall = new Set(['post /v1/auth/logout', 'post /v1/onboarding/verify-otp', 'post /v1/onboarding/resend-otp', 'get /v1/profile']);

/** Path parameters that name one of the caller's accounts (money-api.ts ownAccount: another's is 403). */
const accountParameters = new Set(['sendAccount', 'accountNumber', 'account']);

/** Every code one operation may answer with, in the order of their statuses. */
export function errorCodesOf(operation: Operation): ErrorCode[] {
  const codes = new Set<ErrorCode>(['MALFORMED_REQUEST']);
  const parameters = [...operation.path.matchAll(/\{(\w+)\}/g)].map((match) => match[1]!);
  // The API's router answers 404 for a path parameter it will not pass on (empty, control characters).
  if (parameters.length > 0) codes.add('NOT_FOUND');
  if (operation.method === 'post') {
    // A cookie-carrying POST from another site (security-headers.ts apiOriginAllowed).
    codes.add('FORBIDDEN');
    codes.add('MALFORMED_BODY');
    codes.add('PAYLOAD_TOO_LARGE');
  }
  if (operation.body || operation.query) codes.add('VALIDATION_FAILED');
  if (operation.auth) {
    codes.add('UNAUTHENTICATED');
    if (!pendingMayCall.has(`${operation.method} ${operation.path}`)) codes.add('ONBOARDING_INCOMPLETE');
    if (!restrictedMayCall.has(`${operation.method} ${operation.path}`)) codes.add('DEVICE_NOT_CONFIRMED');
  }
  if (parameters.some((name) => accountParameters.has(name))) codes.add('FORBIDDEN');
  if (isPayment(operation)) {
    for (const code of ['VALIDATION_FAILED', 'IDEMPOTENCY_KEY_REUSED', 'REQUEST_IN_PROGRESS', 'INVALID_PIN', 'INSUFFICIENT_FUNDS', 'LIMIT_EXCEEDED', 'PIN_LOCKED', 'ACCOUNT_FROZEN', 'IDENTITY_REQUIRED', 'PROVIDER_FAILED', 'PROVIDER_TIMEOUT'] as const) {
      codes.add(code);
    }
  }
  for (const code of operation.errors ?? []) codes.add(code);
  return [...codes].sort((a, b) => statusForCode[a] - statusForCode[b]);
}

const retryAfter = {
  'Retry-After': { description: 'Seconds to wait before trying again', schema: { type: 'integer', minimum: 1 } },
};

const fieldErrors = {
  type: 'object',
  description: 'Per field, its messages in the caller\'s language (only for field problems); the field names never change',
  additionalProperties: { type: 'array', items: { type: 'string' } },
};

/** The error envelope with the codes this status may carry; `message` is in the caller's language, `code` never is. */
function failureSchema(codes: readonly string[], extra: Record<string, JsonSchema> = {}): JsonSchema {
  return {
    type: 'object',
    required: ['success', 'message', 'code'],
    properties: { success: { const: false }, message: { type: 'string' }, code: { type: 'string', enum: [...codes] }, errors: { $ref: '#/components/schemas/FieldErrors' }, ...extra },
  };
}

function successSchema(data: JsonSchema): JsonSchema {
  return {
    type: 'object',
    required: ['success', 'message', 'data'],
    properties: { success: { const: true }, message: { type: 'string', description: "A sentence for the customer, in the caller's language where the catalogue has it" }, data },
  };
}

const json = (schema: JsonSchema) => ({ 'application/json': { schema } });

/** The error answers of one operation, a response per status listing its codes (respond.ts statusForCode), and the 500 every call may give. */
function errorResponses(operation: Operation, refOf: (schema: z.ZodType) => JsonSchema): Record<string, unknown> {
  const byStatus = new Map<number, ErrorCode[]>();
  for (const code of errorCodesOf(operation)) byStatus.set(statusForCode[code], [...(byStatus.get(statusForCode[code]) ?? []), code]);
  const responses: Record<string, unknown> = {};
  for (const [status, codes] of byStatus) {
    // A payment the other side refused was reversed at once: its Transaction comes with the 502.
    const extra: Record<string, JsonSchema> = status === 502 && isPayment(operation) ? { data: { ...refOf(r.transactionJsonSchema), description: 'The reversed Transaction' } } : {};
    responses[String(status)] = {
      description: `Error envelope: ${codes.join(', ')}`,
      ...(status === 429 ? { headers: retryAfter } : {}),
      content: json(failureSchema(codes, extra)),
    };
  }
  responses['500'] = { description: 'Error envelope: INTERNAL_ERROR (a bug; nothing is leaked)', content: json(failureSchema(['INTERNAL_ERROR'])) };
  // /health* say for themselves what their 503 is (successResponses).
  if (!operation.path.startsWith('/health')) {
    responses['503'] = {
      description: 'Error envelope: UNAVAILABLE (the server is busy or restarting, or its database is away; a payment retried with its Idempotency-Key is made at most once)',
      headers: retryAfter,
      content: json(failureSchema(['UNAVAILABLE'])),
    };
  }
  return responses;
}

/** The success answer: the envelope around `data`; /health* answer their own small JSON; the export is a file. */
function successResponses(operation: Operation, refOf: (schema: z.ZodType) => JsonSchema): Record<string, unknown> {
  const data = refOf(operation.data);
  const status = String(operation.successStatus ?? 200);
  if (operation.path.startsWith('/health')) {
    const down: Record<string, unknown> = {
      '/health': { description: 'The database does not answer', content: json({ type: 'object', required: ['status', 'database'], properties: { status: { const: 'degraded' }, database: { const: 'unavailable' } } }) },
      '/health/ready': {
        description: 'Error envelope: UNAVAILABLE (the database does not answer, or is not migrated to this version), with the version',
        headers: retryAfter,
        content: json(failureSchema(['UNAVAILABLE'], { version: { type: 'string' } })),
      },
    };
    return { [status]: { description: 'Up', content: json(data) }, ...(down[operation.path] ? { 503: down[operation.path] } : {}) };
  }
  if (operation.path === '/v1/profile/export') {
    const attachment = { 'Content-Disposition': { description: 'attachment; filename="…"', schema: { type: 'string' } } };
    return {
      [status]: {
        description: 'The file: format=json, the whole export; format=csv, the transactions (not the envelope)',
        headers: attachment,
        content: { 'application/json': { schema: data }, 'text/csv': { schema: { type: 'string' } } },
      },
    };
  }
  const replayed = isPayment(operation) || operation.path === '/v1/transfers/scheduled/{sendAccount}';
  const headers = replayed ? { headers: { 'Idempotent-Replayed': { description: '`true` when this is the stored answer to an earlier request with the same Idempotency-Key', schema: { type: 'string', enum: ['true'] } } } } : {};
  const success = { description: 'Success envelope: { success: true, message, data }', ...headers, content: json(successSchema(data)) };
  if (operation.mayHold) {
    const held = { ...success, description: 'Success envelope, held for a security check: data is the Transaction with status `held`, not sent yet; the money is reserved on the account until a fraud officer releases it, rejects it, or the customer cancels it' };
    return { [status]: success, 202: held };
  }
  // A replayed schedule answers 200 with the schedule made the first time (201).
  return status === '201' && replayed ? { [status]: success, 200: success } : { [status]: success };
}

const tagOf: Record<string, string> = {
  auth: 'Auth',
  onboarding: 'Onboarding',
  profile: 'Profile',
  kyc: 'KYC',
  alerts: 'Settings',
  limits: 'Settings',
  general: 'Reference',
  transfer: 'Transfers',
  transfers: 'Transfers',
  transaction: 'Transactions',
  beneficiaries: 'Beneficiaries',
  bills: 'Bills',
  account: 'Safety',
  freeze: 'Safety',
  cases: 'Safety',
  requests: 'Payment requests',
  health: 'Health',
  sandbox: 'Sandbox',
};

const tags = [
  { name: 'Auth', description: 'Register, sign in and out, reset a forgotten password' },
  { name: 'Onboarding', description: 'After register: the email code, the address, the PIN, the security question' },
  { name: 'Profile', description: 'The signed-in customer: password, PIN, security question, a download of their data' },
  { name: 'KYC', description: 'Tiers and the checks that raise them' },
  { name: 'Settings', description: 'Transaction alerts and limits' },
  { name: 'Reference', description: 'States, security questions and banks' },
  { name: 'Transfers', description: 'Name enquiry, transfers now and scheduled' },
  { name: 'Transactions', description: 'One transaction, the history, statistics and statements' },
  { name: 'Beneficiaries', description: 'Saved beneficiaries' },
  { name: 'Bills', description: 'Airtime, data, electricity and cable TV' },
  { name: 'Safety', description: 'Freezing the account, and cases about a transaction' },
  { name: 'Payment requests', description: 'Links that ask for money' },
  { name: 'Health', description: 'Liveness and readiness' },
  { name: 'Sandbox', description: 'Only in the sandbox' },
];

/** post /v1/transfer/local/{sendAccount} → postTransferLocalBySendAccount: unique, as method and path are. */
export function operationIdOf(operation: Pick<Operation, 'method' | 'path'>): string {
  const words = operation.path
    .replace(/^\/v1\//, '/')
    .split('/')
    .filter(Boolean)
    .map((segment) => {
      const parameter = /^\{(\w+)\}$/.exec(segment);
      const name = parameter ? `by-${parameter[1]}` : segment;
      return name.split(/[-_]/).map((word) => word.charAt(0).toUpperCase() + word.slice(1)).join('');
    });
  return operation.method + words.join('');
}

/** The first clause of the description, for lists (the description says the rest). */
function summaryOf(text: string): string {
  const body = text.replace(/^(?:No sign-in|Sandbox only): /, '');
  const cut = body.search(/ \(|: |; |, | with | \{|\. /);
  const first = (cut > 0 ? body.slice(0, cut) : body).replace(/\.$/, '');
  return first.charAt(0).toUpperCase() + first.slice(1);
}

export function openApiDocument(bankName: string) {
  const answers = answerComponents();
  const paths: Record<string, Record<string, unknown>> = {};
  for (const operation of operations) {
    const body = operation.body
      ? {
          requestBody: {
            required: true,
            content: Object.fromEntries(
              ['application/json', 'application/x-www-form-urlencoded', 'multipart/form-data'].map((type) => [type, { schema: jsonSchemaOf(operation.body!, 'input') }]),
            ),
          },
        }
      : operation.upload
        ? {
            requestBody: {
              required: true,
              content: {
                'multipart/form-data': {
                  schema: { type: 'object', required: [operation.upload.field], properties: { [operation.upload.field]: { type: 'string', format: 'binary', description: operation.upload.description } } },
                  encoding: { [operation.upload.field]: { contentType: operation.upload.types.join(', ') } },
                },
              },
            },
          }
        : {};
    const pathParameters = [...operation.path.matchAll(/\{(\w+)\}/g)].map((match) => ({ name: match[1], in: 'path', required: true, schema: { type: 'string' } }));
    const querySchema = operation.query ? (jsonSchemaOf(operation.query, 'input') as { properties?: Record<string, unknown> }) : null;
    const queryParameters = Object.entries(querySchema?.properties ?? {}).map(([name, schema]) => ({ name, in: 'query', required: false, schema }));
    const idempotencyKey = isPayment(operation) || operation.path === '/v1/transfers/scheduled/{sendAccount}'
      ? [{ name: 'Idempotency-Key', in: 'header', required: false, description: '8 to 64 characters, required on every request that moves money (or an idempotency_key field in a form body)', schema: { type: 'string', minLength: 8, maxLength: 64 } }]
      : [];
    const parameters = [...pathParameters, ...queryParameters, ...idempotencyKey];
    const segment = operation.path.split('/')[operation.path.startsWith('/v1/') ? 2 : 1]!;
    (paths[operation.path] ??= {})[operation.method] = {
      operationId: operationIdOf(operation),
      tags: [tagOf[segment] ?? 'Reference'],
      summary: summaryOf(operation.summary),
      description: operation.summary,
      ...(parameters.length > 0 ? { parameters } : {}),
      security: operation.auth ? [{ bearer: [] }, { cookie: [] }] : [],
      ...body,
      responses: { ...successResponses(operation, answers.refOf), ...errorResponses(operation, answers.refOf) },
    };
  }
  return {
    openapi: '3.1.0',
    info: {
      title: `${bankName} API`,
      version: '1.0.0',
      contact: { name: `${bankName} API` },
      description:
        'Amounts are integer kobo: a JSON integer (in a urlencoded or multipart body, plain decimal digits), never text such as "500" or "1e3". Text fields never carry control characters (U+0000–U+001F, U+007F–U+009F). Bodies are at most 64 KiB whatever the framing (413), except a selfie uploaded to POST /v1/kyc/liveness (5 MiB and 64 KiB). A wrong method is 405 METHOD_NOT_ALLOWED with Allow; every answer under /api is the JSON envelope (except /health* and the data export). A 429 carries Retry-After (seconds). See API.md for the conventions.',
    },
    servers: [{ url: '/api' }],
    tags,
    components: {
      schemas: { ...answers.schemas, FieldErrors: fieldErrors },
      securitySchemes: {
        bearer: { type: 'http', scheme: 'bearer', description: 'The token from login, register or set-security-question' },
        cookie: {
          type: 'apiKey',
          in: 'cookie',
          name: '__Host-session',
          description: 'The httpOnly session cookie login and register set: `__Host-session` over https (Secure, Path=/, no Domain); `session` over plain http (local development and the sandbox only), where browsers refuse Secure cookies',
        },
      },
    },
    paths,
  };
}
