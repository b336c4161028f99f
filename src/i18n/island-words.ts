import { passwordMinLength } from '../lib/checks/passwords.ts';

/**
 * The messages each converted island shows, named once: the page picks them from the catalogue
 * in the customer's language (translate.ts `wordsFor`) and the island receives only these, as
 * props: its labels, and every field message its check can give (src/lib/checks, worded in the
 * island by key, src/lib/word-said.ts `worded`; island-words.test.ts runs each check and keeps the lists
 * whole). What the API answers comes worded in the customer's language already. The islands
 * import nothing but the types from here.
 */
export const loginWords = ['form.email', 'form.password', 'login.submit', 'login.busy', 'said.email.required', 'said.email.long', 'said.email.invalid', 'said.password.enter', 'said.controlCharacters'] as const;
export type LoginWords = Record<(typeof loginWords)[number], string>;

export const registerWords = [
  'form.firstName',
  'form.lastName',
  'form.email',
  'form.phone',
  'form.phoneHint',
  'form.password',
  'form.confirmPassword',
  'form.passwordHint',
  'register.step1',
  'register.step2',
  'register.continue',
  'register.openingFor',
  'register.changeDetails',
  'register.accept',
  'register.termsLink',
  'register.privacyLink',
  'register.submit',
  'register.busy',
  'said.firstName.required',
  'said.firstName.long',
  'said.firstName.letters',
  'said.lastName.required',
  'said.lastName.long',
  'said.lastName.letters',
  'said.email.required',
  'said.email.long',
  'said.email.invalid',
  'said.phone.required',
  'said.phone.invalid',
  'said.password.choose',
  'said.password.min',
  'said.password.max',
  'said.password.again',
  'said.password.mismatch',
  'said.terms',
  'said.controlCharacters',
] as const;
export type RegisterWords = Record<(typeof registerWords)[number], string>;

/** The numbers the password hint names. */
export const passwordHintParams = { min: passwordMinLength };

/** The forgotten-password islands: ForgotPasswordForm, ResetCodeForm, NewPasswordForm. */
export const forgotPasswordWords = ['form.email', 'onboarding.forgot.submit', 'onboarding.forgot.busy', 'said.email.required', 'said.email.long', 'said.email.invalid', 'said.controlCharacters'] as const;
export type ForgotPasswordWords = Record<(typeof forgotPasswordWords)[number], string>;

export const resetCodeWords = ['onboarding.code.label', 'onboarding.code.hint', 'onboarding.code.checking', 'onboarding.code.resend', 'onboarding.forgot.busy', 'register.continue', 'said.code.required', 'said.code.digits', 'said.controlCharacters'] as const;
export type ResetCodeWords = Record<(typeof resetCodeWords)[number], string>;

/** NewPasswordFields' labels (form-kit.tsx), with the hint's numbers filled in by the page. */
export const newPasswordWords = [
  'onboarding.newPassword.label',
  'onboarding.newPassword.confirm',
  'form.passwordHint',
  'onboarding.newPassword.submit',
  'onboarding.newPassword.busy',
  'said.password.choose',
  'said.password.min',
  'said.password.max',
  'said.password.newAgain',
  'said.password.mismatch',
  'said.controlCharacters',
] as const;
export type NewPasswordWords = Record<(typeof newPasswordWords)[number], string>;

/** Send money's details step (src/islands/TransferForm.tsx): its labels, hints and button. */
export const transferWords = [
  'money.form.continue',
  'money.form.localTo',
  'money.form.otherBank',
  'transfer.bank',
  'money.form.chooseBank',
  'transfer.accountNumber',
  'money.form.nameChecked',
  'transfer.amount',
  'money.form.available',
  'money.form.description',
  'money.form.descriptionHint',
  'money.form.save',
  'said.requests.bank',
  'said.requests.accountNumber',
  'said.requests.amount',
  'said.requests.bankList',
  'said.controlCharacters',
  'said.freeze.tenDigits',
  'said.requests.description',
  'said.requests.amountNaira',
  'said.requests.atLeast',
  'said.requests.atMost',
] as const;
export type TransferWords = Record<(typeof transferWords)[number], string>;

/** VerifyEmailForm: `sentTo` with its minutes filled in by the page ({email} is the island's, in bold); `noEmail` around its button. */
export const verifyEmailWords = ['onboarding.verify.sentTo', 'onboarding.verify.label', 'onboarding.verify.submit', 'onboarding.verify.noEmail', 'onboarding.verify.resend', 'onboarding.verify.resending', 'onboarding.code.checking', 'said.code.required', 'said.code.digits', 'said.controlCharacters'] as const;
export type VerifyEmailWords = Record<(typeof verifyEmailWords)[number], string>;

/** PinForm on /pin/set. */
export const setPinWords = ['pin.label', 'onboarding.pin.hint', 'onboarding.pin.confirm', 'onboarding.pin.submit', 'onboarding.newPassword.busy', 'said.pin.choose', 'said.pin.again', 'said.pin.digits', 'said.pin.easy', 'said.pin.mismatch', 'said.controlCharacters'] as const;
export type SetPinWords = Record<(typeof setPinWords)[number], string>;

/** BeneficiaryForm on /beneficairies. */
export const beneficiaryWords = [
  'transfer.bank',
  'money.form.chooseBank',
  'transfer.accountNumber',
  'history.ben.nuban',
  'history.ben.checking',
  'money.r.accountName',
  'history.ben.check',
  'history.ben.nickname',
  'history.ben.nicknameHint',
  'history.ben.adding',
  'history.ben.add',
  'said.requests.accountNumber',
  'said.freeze.tenDigits',
  'said.requests.bank',
  'said.requests.bankList',
  'said.nickname.long',
  'said.nickname.letters',
  'said.controlCharacters',
] as const;
export type BeneficiaryWords = Record<(typeof beneficiaryWords)[number], string>;
