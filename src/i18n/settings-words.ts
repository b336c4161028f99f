/**
 * The words of the address, security-question, KYC and settings islands (onboarding
 * and settings), named once as island-words.ts names the others: the page picks them from the
 * catalogue in the customer's language (`wordsFor`) and hands each island only its
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
export const addressWords = [...placeWords, 'settings.address.streetHint', 'settings.address.submit', 'onboarding.newPassword.busy', 'said.address.required', 'said.city.required', 'said.state.required', 'said.lga.required', 'said.address.short', 'said.address.long', 'said.controlCharacters', 'said.city.long', 'said.lga.state', 'said.state.list'] as const;
export type AddressWords = Record<(typeof addressWords)[number], string>;

/** SecurityQuestionForm on /security/question. */
export const securityQuestionWords = ['settings.question.label', 'settings.question.placeholder', 'settings.question.answer', 'settings.question.answerHint', 'settings.question.submit', 'onboarding.newPassword.busy', 'said.question.choose', 'said.answer.required', 'said.question.list', 'said.answer.min', 'said.answer.max', 'said.controlCharacters'] as const;
export type SecurityQuestionWords = Record<(typeof securityQuestionWords)[number], string>;

/** BvnForm on /kyc-verification. */
export const bvnWords = ['settings.bvn.label', 'settings.bvn.hint', 'settings.bvn.dob', 'settings.bvn.dobHint', 'settings.bvn.submit', 'onboarding.code.checking', 'said.bvn.required', 'said.dob.required', 'said.bvn.digits', 'said.controlCharacters', 'said.dob.exists', 'said.dob.year', 'said.dob.adult', 'said.dob.format'] as const;
export type BvnWords = Record<(typeof bvnWords)[number], string>;

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
  'said.address.required',
  'said.city.required',
  'said.state.required',
  'said.lga.required',
  'said.proof.type',
  'said.proof.required',
  'said.address.short',
  'said.address.long',
  'said.controlCharacters',
  'said.city.long',
  'said.lga.state',
  'said.state.list',
  'said.proof.format',
  'said.proof.long',
] as const;
export type KycAddressWords = Record<(typeof kycAddressWords)[number], string>;

/** The four forms of /account/settings (settings-kit.tsx and its islands). */
export const changePasswordWords = ['settings.password.current', 'onboarding.newPassword.label', 'onboarding.newPassword.confirm', 'form.passwordHint', 'settings.password.submit', 'onboarding.newPassword.busy', 'said.password.current', 'said.password.choose', 'said.password.newAgain', 'said.password.min', 'said.password.same', 'said.password.mismatch', 'said.password.max', 'said.controlCharacters'] as const;
export type ChangePasswordWords = Record<(typeof changePasswordWords)[number], string>;

export const changeSecurityQuestionWords = [
  'safety.account.yourPassword',
  'settings.securityQuestion.new',
  'settings.question.placeholder',
  'settings.question.answer',
  'settings.question.answerHint',
  'settings.securityQuestion.submit',
  'onboarding.newPassword.busy',
  'said.question.choose',
  'said.answer.required',
  'said.password.current',
  'said.question.list',
  'said.answer.min',
  'said.answer.max',
  'said.controlCharacters',
] as const;
export type ChangeSecurityQuestionWords = Record<(typeof changeSecurityQuestionWords)[number], string>;

export const changePinWords = ['settings.pin.current', 'settings.pin.new', 'settings.pin.newHint', 'settings.pin.confirm', 'settings.pin.submit', 'onboarding.newPassword.busy', 'said.pin.current', 'said.pin.chooseNew', 'said.pin.newAgain', 'said.pin.digits', 'said.controlCharacters', 'said.pin.easy', 'said.pin.mismatch'] as const;
export type ChangePinWords = Record<(typeof changePinWords)[number], string>;

export const resetPinWords = ['safety.account.yourPassword', 'settings.pinReset.answerHint', 'settings.pin.new', 'settings.pin.newHint', 'settings.pin.confirm', 'settings.pinReset.submit', 'onboarding.newPassword.busy', 'said.password.current', 'said.answer.required', 'said.pin.chooseNew', 'said.pin.newAgain', 'said.answer.min', 'said.answer.max', 'said.controlCharacters', 'said.pin.easy', 'said.pin.mismatch', 'said.pin.digits'] as const;
export type ResetPinWords = Record<(typeof resetPinWords)[number], string>;
