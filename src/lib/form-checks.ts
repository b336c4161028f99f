/**
 * Each island form's check as it is typed, without zod (form-rules.ts says why): the same rules
 * and messages as the server's schemas. One module per form under src/lib/checks/, so an island
 * carries only its own check; this gathers them for the server's modules (which re-export the
 * shared constants) and for form-checks.test.ts, which runs both on generated input and requires
 * the same messages for every field. Islands import from src/lib/checks/ directly.
 */
export type { FieldErrors, FormCheck, FormInput } from './form-rules.ts';
export { isTrivialPin, newPasswordHint, passwordMaxLength, passwordMinLength, registerDetailFields } from './checks/fields.ts';
export { loginCheck } from './checks/login.ts';
export { registerCheck } from './checks/register.ts';
export { otpCheck } from './checks/verify-email.ts';
export { pinCheck } from './checks/pin.ts';
export { securityQuestionCheck } from './checks/security-question.ts';
export { forgotPasswordCheck } from './checks/forgot-password.ts';
export { resetCodeCheck } from './checks/reset-code.ts';
export { newPasswordFormCheck } from './checks/new-password.ts';
export { changePasswordCheck, changePinWithCurrentCheck, changeSecurityQuestionCheck, resetPinWithAnswerCheck } from './checks/settings.ts';
export { addressCheck, type PlaceNames } from './checks/address.ts';
export { addressProofTypes, bvnCheck, kycAddressCheck } from './checks/kyc.ts';
export { beneficiaryCheck } from './checks/beneficiary.ts';
export { transferAmountErrors, transferFieldsCheck } from './checks/transfer.ts';
export { transactionPinErrors } from './checks/payment-pin.ts';
export { airtimeDetailsCheck, airtimeDetailsOf } from './checks/airtime.ts';
export { dataDetailsCheck, dataDetailsOf } from './checks/data.ts';
export { meterFieldsCheck } from './checks/electricity.ts';
export { cardFieldsCheck } from './checks/cable.ts';
