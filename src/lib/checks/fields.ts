/**
 * The field rules the islands' checks share, each the zod schema named beside it, without zod,
 * in small modules so that an island's bundle holds only the rules its own form uses (a bundle
 * takes whole modules). Gathered here for the server's modules and the tests.
 */
export { filled, newPassword, newPasswordHint, password, passwordMaxLength, passwordMinLength, passwordsMatch } from './passwords.ts';
export { email, name, phoneNumber, registerDetailFields } from './identity.ts';
export { isTrivialPin, newPin, pinsMatch } from './pins.ts';
export { securityAnswer, securityQuestionId } from './questions.ts';
export { accepted, sixDigitCode } from './codes.ts';
export { accountNumber, bankCode } from './accounts.ts';
export { digitsNumber, mobileNumber, providerId } from './billing.ts';
