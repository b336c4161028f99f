/**
 * Issue 18, wave 2: the account emails of src/server/core/notifications.ts, in the language on the
 * customer's profile (the anonymous freeze and password-reset flows: the profile of the account
 * found). Merged into ../en.ts with one spread. Subjects are whole lines, so each language orders
 * its words its own way.
 */
export const emailEn = {
  'email.hello': 'Hello {name},',

  'email.verify.subject': '{code} is your {bank} verification code',
  'email.verify.body': 'Your {bank} verification code is {code}. It expires in {minutes} minutes and works once.',
  'email.verify.ignore': 'If you did not open an account with us, ignore this email. Never share this code with anyone, including our staff.',
  'email.verify.html': 'Your verification code (valid for {minutes} minutes):',

  'email.reset.subject': '{code} is your {bank} password reset code',
  'email.reset.body': 'Your {bank} password reset code is {code}. It expires in {minutes} minutes and works once.',
  'email.reset.ignore': 'If you did not ask to reset your password, ignore this email: your password stays as it is. Never share this code with anyone, including our staff.',
  'email.reset.html': 'Your password reset code (valid for {minutes} minutes):',

  'email.security.ifNotYou': 'If this wasn\'t you, reset your password now from the sign-in page ("Forgot your password?") and call {bank} at once: someone else may be using your account.',
  'email.security.password_reset.subject': '{bank}: your password was reset',
  'email.security.password_reset.happened': 'Your password was reset with a code sent to this email address.',
  'email.security.password_reset.consequence': 'Every device that was signed in has been signed out.',
  'email.security.password_changed.subject': '{bank}: your password was changed',
  'email.security.password_changed.happened': 'Your password was changed from your settings.',
  'email.security.password_changed.consequence': 'Every other device that was signed in has been signed out.',
  'email.security.security_question_changed.subject': '{bank}: your security question was changed',
  'email.security.security_question_changed.happened': 'Your security question and answer were changed from your settings.',
  'email.security.security_question_changed.consequence': 'Use the new answer from now on.',
  'email.security.pin_changed.subject': '{bank}: your transaction PIN was changed',
  'email.security.pin_changed.happened': 'Your transaction PIN was changed from your settings, using your current PIN.',
  'email.security.pin_changed.consequence': 'Confirm transfers and payments with the new PIN from now on.',
  'email.security.pin_reset.subject': '{bank}: your transaction PIN was reset',
  'email.security.pin_reset.happened': 'Your transaction PIN was reset from your settings, using your password and security answer. Any PIN lock has been lifted.',
  'email.security.pin_reset.consequence': 'Confirm transfers and payments with the new PIN from now on.',
  'email.security.sms_alerts_on.subject': '{bank}: your SMS alerts were turned on',
  'email.security.sms_alerts_on.happened': 'SMS alerts were turned on from your settings: every debit and credit is now also sent by text message to the phone number on your account.',
  'email.security.sms_alerts_on.consequence': 'SMS alerts may carry a charge. Email alerts stay on whatever you choose.',
  'email.security.sms_alerts_off.subject': '{bank}: your SMS alerts were turned off',
  'email.security.sms_alerts_off.happened': 'SMS alerts were turned off from your settings: debits and credits are no longer sent by text message.',
  'email.security.sms_alerts_off.consequence': 'Email alerts stay on: every debit and credit is still emailed to you.',

  'email.freezeCode.subject': '{code} is your code to freeze your {bank} account',
  'email.freezeCode.asked': 'Someone asked to FREEZE your {bank} account.',
  'email.freezeCode.code': 'Your code is {code}.',
  'email.freezeCode.works': 'It works for {minutes} minutes and only once.',
  'email.freezeCode.html': 'Your freeze code:',
  'email.freezeCode.what': 'Entering it on the freeze page stops all money leaving your account (transfers, airtime, data and bills) and signs out every device. Money sent to you still arrives.',
  'email.freezeCode.ignore': 'If you did not ask for this, ignore this email: nothing has changed. Never share this code with anyone, including our staff.',

  'email.frozen.subject': '{bank}: your account is frozen',
  'email.frozen.when': 'Your {bank} account was frozen on {at}, {how}.',
  'email.frozen.viaPassword': 'from a signed-in device, confirmed with your password',
  'email.frozen.viaCode': 'from the freeze page, with the code we emailed you',
  'email.frozen.meansOne': 'While it is frozen, no money can leave it: transfers, airtime, data, electricity and cable TV are all refused. Money sent to you still arrives. We signed out 1 device.',
  'email.frozen.meansMany': 'While it is frozen, no money can leave it: transfers, airtime, data, electricity and cable TV are all refused. Money sent to you still arrives. We signed out {count} devices.',
  'email.frozen.undo': 'To unfreeze it: sign in, open Settings and choose "Unfreeze my account". You need your password, your transaction PIN and the answer to your security question.',
  'email.frozen.notYou': 'If you did not freeze it, your account is still safe: nothing can leave it. Reset your password from the sign-in page ("Forgot your password?") and call {bank}.',

  'email.unfrozen.subject': '{bank}: your account is unfrozen',
  'email.unfrozen.when': 'Your {bank} account was unfrozen on {at}, with your password, transaction PIN and security answer. Transfers and payments work again.',
  'email.unfrozen.notYou': 'If this wasn\'t you, someone knows your password, PIN and security answer: freeze your account again at once from the freeze page (no sign-in needed), then call {bank}.',

  'email.signIn.subject': 'New sign-in to your {bank} account',
  'email.signIn.when': 'New sign-in on {at} (Lagos time) from {browser}{network}: a browser you have not signed in from before.',
  'email.signIn.network': ', network address {ip}',
  'email.signIn.capped': 'For your safety, for the next {hours} hours at most {cap} in total can leave your account (transfers and bill payments). Money coming in is not limited.',
  'email.signIn.notYou': 'If this wasn\'t you, freeze your account now: {url} (it stops all money leaving it), then change your password.',
  'email.signIn.wasYou': 'If it was you, you need do nothing. Never share your password, PIN or any code with anyone, including our staff.',
} as const;

export type EmailKey = keyof typeof emailEn;
