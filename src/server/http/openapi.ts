import { z } from 'zod';
import { addressSchema } from '../../lib/address-schema.ts';
import { bankTransferSchema, beneficiaryCreateSchema, historyQuerySchema, localTransferSchema, nameEnquirySchema, statementSchema } from '../../lib/money-schemas.ts';
import { inboundTransferSchema } from '../../lib/sandbox-schemas.ts';
import { airtimePurchaseSchema, cablePurchaseSchema, cableVerifySchema, dataPurchaseSchema, electricityPurchaseSchema, meterVerifySchema } from '../../lib/bills.ts';
import { forgotPasswordSchema, resetPasswordSchema, verifyResetTokenSchema } from '../../lib/recovery-schemas.ts';
import { changePasswordSchema, changePinSchema, changeSecurityQuestionSchema } from '../../lib/settings-schemas.ts';
import { bvnSchema, kycAddressSchema } from '../../lib/kyc-schemas.ts';
import { alertSettingsSchema } from '../../lib/alert-schemas.ts';
import { dailyLimitSchema, instantPaymentsSchema } from '../../lib/limits-schemas.ts';
import { loginSchema, otpSchema, pinSchema, registerSchema, securityQuestionSchema } from '../../lib/schemas.ts';
import { caseSchema, freezeConfirmSchema, freezeRequestSchema, freezeSchema, unfreezeSchema } from '../../lib/safety-schemas.ts';
import { dataExportQuerySchema } from '../../lib/data-export-schemas.ts';
import { resumeScheduleSchema, scheduledTransferSchema } from '../../lib/scheduled-transfer-schemas.ts';
import { paymentRequestCreateSchema } from '../../lib/payment-request-schemas.ts';

/**
 * The machine-readable contract, built from the very zod schemas the endpoints validate with.
 * A new endpoint adds a line here; the test beside this file checks every page under
 * src/pages/api is described.
 */
type Operation = {
  method: 'get' | 'post';
  path: string;
  summary: string;
  auth: boolean;
  body?: z.ZodType;
  query?: z.ZodType;
  successStatus?: number;
};

export const operations: Operation[] = [
  { method: 'post', path: '/v1/auth/register', summary: 'Register: { user, token, message } with 201, the same answer whether or not the email or phone is taken (user: the pending customer, every flag false, no account yet; token: the session from now on). Emails a 6-digit code; the account opens when /v1/onboarding/verify-otp gets it. 429 per network, email and phone', auth: false, body: registerSchema, successStatus: 201 },
  { method: 'post', path: '/v1/auth/login', summary: 'Sign in (422 INVALID_CREDENTIALS, 423 ACCOUNT_LOCKED)', auth: false, body: loginSchema },
  { method: 'post', path: '/v1/auth/logout', summary: 'Revoke the current session (or the registration token before the code is right)', auth: true },
  { method: 'post', path: '/v1/onboarding/verify-otp', summary: 'Verify the email address with the emailed code: { user } with is_email_verified true. After register, the right code opens the customer and the account, and the same token is their session; 5 tries per code (422 INVALID_OTP, OTP_EXPIRED)', auth: true, body: otpSchema },
  { method: 'post', path: '/v1/onboarding/resend-otp', summary: 'Send a new verification code, the old one dead (at most once a minute; 5 an hour, or 5 per registration)', auth: true },
  { method: 'post', path: '/v1/onboarding/address', summary: 'Submit the home address', auth: true, body: addressSchema },
  { method: 'post', path: '/v1/onboarding/set-pin', summary: 'Set the 4-digit transaction PIN', auth: true, body: pinSchema },
  { method: 'post', path: '/v1/onboarding/set-security-question', summary: 'Choose a security question; returns a fresh token', auth: true, body: securityQuestionSchema },
  { method: 'post', path: '/v1/auth/password/forgot', summary: 'Email a 6-digit password reset code; the same answer whether or not the email is registered (429 per network)', auth: false, body: forgotPasswordSchema },
  { method: 'post', path: '/v1/auth/password/verify-token', summary: 'Check a reset code without using it (422 INVALID_OTP, OTP_EXPIRED; 5 wrong tries kill it)', auth: false, body: verifyResetTokenSchema },
  { method: 'post', path: '/v1/auth/password/reset', summary: 'Set a new password with the reset code; every session of that user is revoked', auth: false, body: resetPasswordSchema },
  { method: 'get', path: '/v1/profile', summary: 'The signed-in user (after register and before the code, the pending user)', auth: true },
  { method: 'post', path: '/v1/profile/password/update', summary: 'Change the password (current password required); every other session is revoked', auth: true, body: changePasswordSchema },
  { method: 'post', path: '/v1/profile/password/change', summary: 'Alias of /v1/profile/password/update', auth: true, body: changePasswordSchema },
  { method: 'post', path: '/v1/profile/security-question/change', summary: 'Change the security question and answer (password required)', auth: true, body: changeSecurityQuestionSchema },
  { method: 'get', path: '/v1/profile/export', summary: 'Download my data: format=json (profile, accounts, beneficiaries, transactions) or format=csv (transactions), as an attachment; never a hash, PIN or token', auth: true, query: dataExportQuerySchema },
  { method: 'post', path: '/v1/profile/pin/change', summary: 'Change the PIN with current_pin, or with password and security_answer (which also lifts a PIN lock)', auth: true, body: changePinSchema },
  { method: 'get', path: '/v1/kyc', summary: "The caller's tier, its limits, what is used today, and which checks are done", auth: true },
  { method: 'post', path: '/v1/kyc/bvn', summary: 'Tier 1 → 2: BVN and date of birth checked with the identity service (422 BVN_MISMATCH, BVN_NOT_FOUND; 429 after 5 failures a day)', auth: true, body: bvnSchema },
  { method: 'post', path: '/v1/kyc/address', summary: 'Tier 2 → 3: the residential address and a proof of it, checked with the address verifier', auth: true, body: kycAddressSchema },
  { method: 'get', path: '/v1/alerts/settings', summary: 'Transaction alert settings: { email: true (always), sms, sms_to } (SMS alerts go to the phone number on the account)', auth: true },
  { method: 'post', path: '/v1/alerts/settings', summary: 'Turn SMS transaction alerts on or off (sms: boolean; SMS alerts may carry a charge); email alerts stay on. A change is confirmed by email', auth: true, body: alertSettingsSchema },
  { method: 'get', path: '/v1/limits', summary: "The caller's limits: the tier's daily limit, their own, a raise waiting its delay (and when it applies), the new-browser cap and until when, and whether instant transfers to other banks are on", auth: true },
  { method: 'post', path: '/v1/limits/daily', summary: 'Set your own daily limit in kobo, at most the tier\'s: lower applies at once; higher needs password and pin and applies after OWN_LIMIT_RAISE_DELAY_HOURS (emailed)', auth: true, body: dailyLimitSchema },
  { method: 'post', path: '/v1/limits/instant-payments', summary: 'Turn instant transfers to other banks (NIP) off (at once) or on (password and pin). While off, those transfers answer 423 INSTANT_PAYMENTS_OFF', auth: true, body: instantPaymentsSchema },
  { method: 'get', path: '/v1/general/state-lga', summary: 'States with their local government areas', auth: false },
  { method: 'get', path: '/v1/general/security-questions', summary: 'Security questions', auth: false },
  { method: 'get', path: '/v1/general/banks', summary: 'Banks with their NIP institution codes', auth: false },
  { method: 'get', path: '/health', summary: 'Liveness and database reachability', auth: false },
  { method: 'get', path: '/health/live', summary: 'The process is up: { status: "ok", version } (never touches the database)', auth: false },
  { method: 'get', path: '/health/ready', summary: 'Ready for traffic: the database answers and is migrated to the latest migration: { status: "ok", version, database }; 503 UNAVAILABLE in the envelope (with version) otherwise', auth: false },
  { method: 'post', path: '/v1/transfer/enquiry', summary: 'Name enquiry: the account name for a number at a bank', auth: true, body: nameEnquirySchema },
  { method: 'post', path: '/v1/transfer/local/{sendAccount}', summary: 'Transfer to another account at this bank (PIN and Idempotency-Key required; amount in kobo)', auth: true, body: localTransferSchema },
  { method: 'post', path: '/v1/transfer/bank/{sendAccount}', summary: 'Transfer to another bank through NIP; status may be pending; 502 with the reversed Transaction in data if the other bank refused', auth: true, body: bankTransferSchema },
  { method: 'get', path: '/v1/transfers/scheduled', summary: "The caller's scheduled transfers, active first: repeat, next_run_date and next_run_at (08:00 Lagos), status, runs made, misses in a row, the last five dates and how each went", auth: true },
  { method: 'post', path: '/v1/transfers/scheduled/{sendAccount}', summary: 'Schedule a transfer (as /v1/transfer/bank, bank_code optional: this bank) with first_date, repeat (once, weekly, monthly on the first date\'s day), end_date?, count?; PIN and Idempotency-Key required; 201 with the schedule. Each date runs at 08:00 Lagos as a normal transfer without the PIN', auth: true, body: scheduledTransferSchema, successStatus: 201 },
  { method: 'post', path: '/v1/transfers/scheduled/{id}/pause', summary: 'Pause one of your scheduled transfers (no PIN); another customer\'s is 404', auth: true },
  { method: 'post', path: '/v1/transfers/scheduled/{id}/resume', summary: 'Resume a paused scheduled transfer with the PIN: the next date from tomorrow (today before 08:00)', auth: true, body: resumeScheduleSchema },
  { method: 'post', path: '/v1/transfers/scheduled/{id}/cancel', summary: 'Cancel one of your scheduled transfers (no PIN)', auth: true },
  { method: 'get', path: '/v1/transaction/{reference}', summary: 'One of your transactions (a pending one is re-queried first)', auth: true },
  { method: 'get', path: '/v1/transaction/history/{accountNumber}', summary: 'Transaction history, 20 a page, with filters', auth: true, query: historyQuerySchema },
  { method: 'get', path: '/v1/transaction/stats/{accountNumber}', summary: 'Money in and out per month for 12 months, and this month by category', auth: true },
  { method: 'post', path: '/v1/transaction/account-statement/{accountNumber}', summary: 'Email a statement (PDF or CSV) for up to 12 months', auth: true, body: statementSchema, successStatus: 202 },
  { method: 'get', path: '/v1/beneficiaries/{accountNumber}', summary: 'Saved beneficiaries', auth: true },
  { method: 'post', path: '/v1/beneficiaries/create/{accountNumber}', summary: 'Save a beneficiary (named by enquiry)', auth: true, body: beneficiaryCreateSchema, successStatus: 201 },
  { method: 'post', path: '/v1/beneficiaries/delete/{accountNumber}/{beneficiary}', summary: 'Delete a beneficiary', auth: true },
  { method: 'get', path: '/v1/bills/networks/airtime', summary: 'Mobile networks for airtime (cached catalogue)', auth: false },
  { method: 'post', path: '/v1/bills/airtime/purchase/{sendAccount}', summary: 'Buy airtime, ₦50 to ₦50,000 (PIN and Idempotency-Key; amount in kobo, whole naira); pending until the network confirms, 502 with the reversed Transaction if it refused', auth: true, body: airtimePurchaseSchema },
  { method: 'get', path: '/v1/bills/networks/data', summary: 'Mobile networks for data bundles', auth: false },
  { method: 'get', path: '/v1/bills/data-plans/{providerId}', summary: "A network's data plans: id, name, amount (kobo), validity, size", auth: false },
  { method: 'post', path: '/v1/bills/data/purchase/{sendAccount}', summary: "Buy a data plan; the plan must be one of the network's", auth: true, body: dataPurchaseSchema },
  { method: 'get', path: '/v1/bills/electricity-packages', summary: 'The electricity distribution companies with their meter types and minimum amounts', auth: false },
  { method: 'post', path: '/v1/bills/meter-verify/{providerId}', summary: 'Verify a meter: customer name and address (422 ACCOUNT_NOT_FOUND)', auth: true, body: meterVerifySchema },
  { method: 'post', path: '/v1/bills/electricity/purchase/{sendAccount}', summary: 'Buy electricity; prepaid details carry the 20-digit token and units, postpaid a receipt number', auth: true, body: electricityPurchaseSchema },
  { method: 'get', path: '/v1/bills/cable-providers', summary: 'Pay-TV providers', auth: false },
  { method: 'get', path: '/v1/bills/cable-packages/{providerId}', summary: "A provider's bouquets with their prices (kobo)", auth: false },
  { method: 'post', path: '/v1/bills/cable-verify/{cableId}', summary: 'Verify a smartcard or IUC: customer name, current package, due date', auth: true, body: cableVerifySchema },
  { method: 'post', path: '/v1/bills/cable/purchase/{sendAccount}', summary: "Pay for a bouquet (renewal or change); the package must be one of the provider's", auth: true, body: cablePurchaseSchema },
  { method: 'post', path: '/v1/account/freeze', summary: 'Freeze the account with the password: every debit is then refused (423 ACCOUNT_FROZEN), credits still land, every other session ends; emailed', auth: true, body: freezeSchema },
  { method: 'post', path: '/v1/account/unfreeze', summary: 'Unfreeze with password, pin and security_answer (the password and answer count as a sign-in try, the PIN as a PIN try); emailed', auth: true, body: unfreezeSchema },
  { method: 'post', path: '/v1/freeze/request', summary: 'No sign-in: email a 6-digit freeze code to the account\'s registered email; account_number or email; the same answer whether or not the account exists (429 per network)', auth: false, body: freezeRequestSchema },
  { method: 'post', path: '/v1/freeze/confirm', summary: 'No sign-in: the emailed code freezes the account and ends every session (422 INVALID_OTP, OTP_EXPIRED; 5 wrong tries kill the code)', auth: false, body: freezeConfirmSchema },
  { method: 'get', path: '/v1/cases', summary: "The caller's cases, newest first, each with its status history", auth: true },
  { method: 'post', path: '/v1/cases', summary: 'Open a case about one of your transactions (kind: fraud, not_received, wrong_amount); 201 with its number (HB-CASE-2026-000123), acknowledged by email; fraud may freeze the account in the same step (freeze_account and password); another customer\'s reference is 404', auth: true, body: caseSchema, successStatus: 201 },
  { method: 'get', path: '/v1/cases/{number}', summary: "One of your cases with its status history; another customer's is 404", auth: true },
  { method: 'get', path: '/v1/requests/{account}', summary: "The account's payment requests, newest first (at most 100): reference, link, share_text, amount (null: any), amount_paid, status (open, partly_paid, paid, cancelled, expired)", auth: true },
  { method: 'post', path: '/v1/requests/{account}', summary: 'Request money: amount in kobo (optional), note, expires_in_days (1-30, default 7); 201 with the link /pay/{code}, the reference (RQ-XXXXXX) for the narration and the text to share. An inbound or inside-the-bank credit whose narration carries the reference counts towards it; the requester is emailed', auth: true, body: paymentRequestCreateSchema, successStatus: 201 },
  { method: 'post', path: '/v1/requests/{id}/cancel', summary: "Cancel one of your open payment requests (another customer's is 404; a paid one 422); its link then answers 404", auth: true },
  { method: 'get', path: '/v1/requests/public/{code}', summary: 'No sign-in: a payment link\'s { account_name, amount, status }; an unknown or cancelled code is 404; 429 per network address', auth: false },
  { method: 'post', path: '/sandbox/inbound-transfer', summary: 'Sandbox only: simulate money arriving from another bank', auth: false, body: inboundTransferSchema, successStatus: 201 },
];

const envelopeFailure = {
  type: 'object',
  required: ['success', 'message', 'code'],
  properties: {
    success: { const: false },
    message: { type: 'string' },
    code: { type: 'string' },
    errors: { type: 'object', additionalProperties: { type: 'array', items: { type: 'string' } } },
  },
};

export function openApiDocument(bankName: string) {
  const paths: Record<string, Record<string, unknown>> = {};
  for (const operation of operations) {
    const body = operation.body
      ? {
          requestBody: {
            required: true,
            content: Object.fromEntries(
              ['application/json', 'application/x-www-form-urlencoded', 'multipart/form-data'].map((type) => [
                type,
                { schema: z.toJSONSchema(operation.body!, { io: 'input', unrepresentable: 'any' }) },
              ]),
            ),
          },
        }
      : {};
    const pathParameters = [...operation.path.matchAll(/\{(\w+)\}/g)].map((match) => ({ name: match[1], in: 'path', required: true, schema: { type: 'string' } }));
    const querySchema = operation.query ? (z.toJSONSchema(operation.query, { io: 'input', unrepresentable: 'any' }) as { properties?: Record<string, unknown> }) : null;
    const queryParameters = Object.entries(querySchema?.properties ?? {}).map(([name, schema]) => ({ name, in: 'query', required: false, schema }));
    const parameters = [...pathParameters, ...queryParameters];
    (paths[operation.path] ??= {})[operation.method] = {
      summary: operation.summary,
      ...(parameters.length > 0 ? { parameters } : {}),
      security: operation.auth ? [{ bearer: [] }, { cookie: [] }] : [],
      ...body,
      responses: {
        [String(operation.successStatus ?? 200)]: { description: 'Success envelope: { success: true, message, data }' },
        default: { description: 'Error envelope', content: { 'application/json': { schema: envelopeFailure } } },
      },
    };
  }
  return {
    openapi: '3.1.0',
    info: {
      title: `${bankName} API`,
      version: '1.0.0',
      description:
        'Amounts are integer kobo: a JSON integer (in a urlencoded or multipart body, plain decimal digits), never text such as "500" or "1e3". Text fields never carry control characters (U+0000–U+001F, U+007F–U+009F). Bodies are at most 64 KiB whatever the framing (413). A wrong method is 405 with Allow; every answer under /api is the JSON envelope. See API.md for the conventions.',
    },
    servers: [{ url: '/api' }],
    components: {
      securitySchemes: {
        bearer: { type: 'http', scheme: 'bearer' },
        cookie: { type: 'apiKey', in: 'cookie', name: 'session' },
      },
    },
    paths,
  };
}
