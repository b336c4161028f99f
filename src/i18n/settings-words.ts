import { passwordMaxLength, passwordMinLength } from '../lib/checks/passwords.ts';
import type { MessageKey } from './messages/en.ts';
import type { MessageParams } from './translate.ts';

/**
 * The words of the address, security-question, KYC and settings islands (onboarding
 * and settings), named once as island-words.ts names the others: the page picks them from the
 * catalogue in the customer's language (`wordsFor`, `sayingsFor`) and hands each island only its
 * own. The islands import nothing but the types from here.
 */

/** The street, city, state and LGA fields every address form shares (address-kit.tsx). */
export const placeWords = [
  'settings.place.street',
  'settings.place.city',
  'settings.place.state',
  'settings.place.statePlaceholder',
  'settings.place.showLgas',
  'settings.place.lga',
  'settings.place.lgaPlaceholder',
  'settings.place.stateFirst',
] as const;
export type PlaceWords = Record<(typeof placeWords)[number], string>;

/** AddressForm on /address/update. */
export const addressWords = [...placeWords, 'settings.address.streetHint', 'settings.address.submit', 'onboarding.newPassword.busy'] as const;
export type AddressWords = Record<(typeof addressWords)[number], string>;

/** What the address check (src/lib/checks/address.ts) and the onboarding service may say. */
export const addressSayings = [
  'said.address.required',
  'said.address.short',
  'said.address.long',
  'said.city.required',
  'said.city.long',
  'said.state.required',
  'said.state.list',
  'said.lga.required',
  'said.lga.state',
  'said.address.onFile',
  'said.controlCharacters',
  'said.correctFields',
] as const;

/** SecurityQuestionForm on /security/question. */
export const securityQuestionWords = ['settings.question.label', 'settings.question.placeholder', 'settings.question.answer', 'settings.question.answerHint', 'settings.question.submit', 'onboarding.newPassword.busy'] as const;
export type SecurityQuestionWords = Record<(typeof securityQuestionWords)[number], string>;

/** The question and answer checks (src/lib/checks/questions.ts). */
const questionSayings = ['said.question.choose', 'said.question.list', 'said.answer.required', 'said.answer.min', 'said.answer.max', 'said.controlCharacters', 'said.correctFields'] as const;
export const securityQuestionSayings = [...questionSayings, 'said.question.alreadySet'] as const;

/** BvnForm on /kyc-verification. */
export const bvnWords = ['settings.bvn.label', 'settings.bvn.hint', 'settings.bvn.dob', 'settings.bvn.dobHint', 'settings.bvn.submit', 'onboarding.code.checking'] as const;
export type BvnWords = Record<(typeof bvnWords)[number], string>;

export const bvnSayings = [
  'said.bvn.required',
  'said.bvn.digits',
  'said.dob.required',
  'said.dob.format',
  'said.dob.exists',
  'said.dob.year',
  'said.dob.adult',
  'said.bvn.already',
  'said.bvn.linked',
  'said.bvn.noRecord',
  'said.bvn.dobMismatch',
  'said.bvn.nameMismatch',
  'said.kyc.timeout',
  'said.kyc.unavailable',
  'said.controlCharacters',
  'said.correctFields',
] as const;

/**
 * A sign-in lock's minutes left, as the settings service says them to the forms that ask for the
 * password (settings-service.ts's lockedFailure), for each count of minutes the configured lock can
 * leave (the page reads `lockMinutes` from the running app's sign-in policy).
 */
export function lockedSayingsFor(lockMinutes: number): (MessageKey | readonly [MessageKey, MessageParams])[] {
  return ['said.settings.lockedOne', ...Array.from({ length: Math.max(0, lockMinutes - 1) }, (_, index) => ['said.settings.lockedMany', { minutes: index + 2 }] as const)];
}

/**
 * What the KYC service says of a failed check and of tries used up (src/server/core/kyc/kyc-service.ts),
 * for each count of tries it can name: the page gives them to both KYC islands.
 */
export function kycTriesSayings(maxTries: number): (MessageKey | readonly [MessageKey, MessageParams])[] {
  const many = Array.from({ length: Math.max(0, maxTries - 2) }, (_, index) => index + 2);
  return [
    ['said.kyc.triedBvn', { count: maxTries }],
    ['said.kyc.triedAddress', { count: maxTries }],
    'said.kyc.notFoundNone',
    'said.kyc.notFoundOne',
    ...many.map((left) => ['said.kyc.notFoundMany', { left }] as const),
    'said.kyc.mismatchNone',
    'said.kyc.mismatchOne',
    ...many.map((left) => ['said.kyc.mismatchMany', { left }] as const),
  ];
}

/** KycAddressForm on /kyc-verification: the address fields, then the proof of it. */
export const kycAddressWords = [
  ...placeWords,
  'settings.kyc.streetHint',
  'settings.kyc.proof',
  'settings.kyc.proofPlaceholder',
  'settings.kyc.proof.utility_bill',
  'settings.kyc.proof.water_bill',
  'settings.kyc.proof.tenancy_agreement',
  'settings.kyc.proofNumber',
  'settings.kyc.proofHint',
  'settings.kyc.addressSubmit',
  'onboarding.code.checking',
] as const;
export type KycAddressWords = Record<(typeof kycAddressWords)[number], string>;

export const kycAddressSayings = [
  ...addressSayings,
  'said.address.poBox',
  'said.proof.type',
  'said.proof.required',
  'said.proof.long',
  'said.proof.format',
  'said.bvn.first',
  'said.kyc.addressAlready',
  'said.kyc.timeout',
  'said.kyc.unavailable',
  'said.errors.address.notShown',
  'said.errors.address.notShownField',
  'said.errors.address.noDocument',
  'said.errors.address.noDocumentField',
  'said.errors.address.notYourName',
  'said.errors.address.notYourNameField',
] as const;

/** The four forms of /account/settings (settings-kit.tsx and its islands). */
export const changePasswordWords = ['settings.password.current', 'onboarding.newPassword.label', 'onboarding.newPassword.confirm', 'form.passwordHint', 'settings.password.submit', 'onboarding.newPassword.busy'] as const;
export type ChangePasswordWords = Record<(typeof changePasswordWords)[number], string>;

export const changePasswordSayings = [
  'said.password.current',
  'said.password.choose',
  ['said.password.min', { min: passwordMinLength }],
  ['said.password.max', { max: passwordMaxLength }],
  'said.password.newAgain',
  'said.password.mismatch',
  'said.password.same',
  'said.password.common',
  'said.settings.wrongPassword',
  'said.controlCharacters',
  'said.correctFields',
] as const;

export const changeSecurityQuestionWords = [
  'safety.account.yourPassword',
  'settings.securityQuestion.new',
  'settings.question.placeholder',
  'settings.question.answer',
  'settings.question.answerHint',
  'settings.securityQuestion.submit',
  'onboarding.newPassword.busy',
] as const;
export type ChangeSecurityQuestionWords = Record<(typeof changeSecurityQuestionWords)[number], string>;

export const changeSecurityQuestionSayings = [...questionSayings, 'said.password.current', 'said.settings.wrongPassword'] as const;

const newPinSayings = ['said.pin.chooseNew', 'said.pin.digits', 'said.pin.easy', 'said.pin.newAgain', 'said.pin.mismatch', 'said.pin.same', 'said.controlCharacters', 'said.correctFields'] as const;

export const changePinWords = ['settings.pin.current', 'settings.pin.new', 'settings.pin.newHint', 'settings.pin.confirm', 'settings.pin.submit', 'onboarding.newPassword.busy'] as const;
export type ChangePinWords = Record<(typeof changePinWords)[number], string>;

export const changePinSayings = [...newPinSayings, 'said.pin.current'] as const;

export const resetPinWords = ['safety.account.yourPassword', 'settings.pinReset.answerHint', 'settings.pin.new', 'settings.pin.newHint', 'settings.pin.confirm', 'settings.pinReset.submit', 'onboarding.newPassword.busy'] as const;
export type ResetPinWords = Record<(typeof resetPinWords)[number], string>;

export const resetPinSayings = [...newPinSayings, 'said.password.current', 'said.answer.required', 'said.answer.min', 'said.answer.max', 'said.settings.wrongPassword', 'said.settings.wrongAnswer'] as const;
