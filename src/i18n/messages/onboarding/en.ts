/**
 * Issue 18, wave 2: the forgotten-password screens (/password/forgot, /password/reset/*), the
 * 404 page and the idle-timeout warning, with the sentences the one-time-code and password-reset
 * services say (`said.code.*`, `said.reset.*`). Merged into ../en.ts with one spread.
 */
export const onboardingEn = {
  'onboarding.forgot.title': 'Forgot your password',
  'onboarding.forgot.intro': 'Enter the email address you sign in with. We will email you a 6-digit code to set a new password.',
  'onboarding.forgot.expired': 'That reset code no longer works. Ask for a new one below.',
  'onboarding.forgot.back': 'Back to sign in',
  'onboarding.forgot.submit': 'Send me a code',
  'onboarding.forgot.busy': 'Sending…',

  'onboarding.code.title': 'Enter your reset code',
  'onboarding.code.heading': 'Check your email',
  'onboarding.code.sent': 'We sent a 6-digit code to {email} if it has an account. It works for {minutes} minutes.',
  'onboarding.code.label': 'Reset code',
  'onboarding.code.hint': 'The 6 digits from the email',
  'onboarding.code.checking': 'Checking…',
  'onboarding.code.resend': 'Send a new code',
  'onboarding.code.otherEmail': 'Use a different email address',

  'onboarding.newPassword.title': 'Choose a new password',
  'onboarding.newPassword.intro': 'Every device signed in to your account will be signed out, including this one.',
  'onboarding.newPassword.label': 'New password',
  'onboarding.newPassword.confirm': 'Confirm new password',
  'onboarding.newPassword.submit': 'Save my new password',
  'onboarding.newPassword.busy': 'Saving…',

  'onboarding.notFound.title': 'Page not found',
  'onboarding.notFound.text': 'We could not find {path}. It may have moved, or the link may be mistyped.',
  'onboarding.notFound.money': 'Nothing has happened to your money.',
  'onboarding.notFound.dashboard': 'Back to my dashboard',
  'onboarding.notFound.continue': 'Continue setting up my account',
  'onboarding.notFound.shortcuts': 'Shortcuts',
  'onboarding.notFound.orGoTo': 'Or go to',
  'onboarding.notFound.airtime': 'Buy airtime',
  'onboarding.notFound.electricity': 'Pay for electricity',
  'onboarding.notFound.signIn': 'Go to sign in',

  'onboarding.session.title': 'Are you still there?',
  'onboarding.session.text': 'For your safety we will sign you out in {countdown}.',
  'onboarding.session.oneSecond': '1 second',
  'onboarding.session.seconds': '{count} seconds',
  'onboarding.session.error': 'We could not reach the bank. Check your connection and try again.',
  'onboarding.session.stay': 'Stay signed in',
  'onboarding.session.signOut': 'Sign out now',

  'said.code.required': 'Enter the 6-digit code from the email',
  'said.code.digits': 'The code is 6 digits',
  'said.code.gone': 'That code is not valid any more. Ask for a new code.',
  'said.code.expired': 'That code has expired. Ask for a new code.',
  'said.code.dead': 'Too many wrong tries: that code no longer works. Ask for a new code.',
  'said.code.wrongOne': 'That code is not right. You have 1 try left.',
  'said.code.wrongMany': 'That code is not right. You have {left} tries left.',
  'said.password.newAgain': 'Type your new password again',
  'said.reset.sent': 'If an account uses that email address, we have sent it a 6-digit code. It works for {minutes} minutes.',
  'said.reset.network': 'Too many password reset requests from this network. Try again in {minutes} minutes.',
} as const;

export type OnboardingKey = keyof typeof onboardingEn;
