/** Issue 18, wave 2: /freeze (no sign-in needed) and what the freeze service says there. Merged into ../en.ts with one spread. */
export const safetyEn = {
  'safety.freeze.title': 'Freeze an account',
  'safety.freeze.intro': 'Lost your phone, or think someone is using your account? Freeze it here, without signing in. While it is frozen no money can leave it (transfers, airtime, data and bills), every device is signed out, and money sent to it still arrives.',
  'safety.freeze.codeByEmail': 'We will email a 6-digit code to the email address registered on the account.',
  'safety.freeze.signedIn': 'You are signed in: you can also {link}.',
  'safety.freeze.signedInLink': 'freeze your account with your password',
  'safety.freeze.identifier': 'Account number or email address',
  'safety.freeze.identifierHint': 'The 10-digit account number, or the email address you sign in with',
  'safety.freeze.emailMe': 'Email me a code',
  'safety.freeze.code': 'Freeze code',
  'safety.freeze.submit': 'Freeze the account',
  'safety.freeze.other': 'Use a different account number or email',
  'safety.freeze.unfreezeHow': 'To unfreeze it, sign in and open Settings. You will need the password, the transaction PIN and the answer to the security question.',
  'said.freeze.requested': 'If we hold an account with those details, we have emailed a 6-digit code to its registered email address (and texted it to its phone, if SMS alerts are on). It works for {minutes} minutes. Enter it below to freeze the account.',
  'said.freeze.frozen': 'The account is frozen. No money can leave it, and every device signed in to it has been signed out. We have emailed its owner how to unfreeze it.',
  'said.freeze.network': 'Too many freeze requests from this network. Try again in {minutes} minutes, or call us.',
  'said.freeze.identifierRequired': 'Enter your account number or email address',
  'said.freeze.identifierLong': 'That is too long for an account number or email address',
  'said.freeze.tenDigits': 'An account number is 10 digits',
  'said.freeze.identifierInvalid': 'Enter a 10-digit account number or a valid email address',
} as const;

export type SafetyKey = keyof typeof safetyEn;
