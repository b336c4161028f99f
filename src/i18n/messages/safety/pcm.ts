import type { SafetyKey } from './en.ts';

/** /freeze in Nigerian Pidgin. */
export const safetyPcm: Record<SafetyKey, string> = {
  'safety.freeze.title': 'Freeze account',
  'safety.freeze.intro': 'You lose your phone, or you think say somebody dey use your account? Freeze am here, you no need sign in. As e dey frozen, no money fit comot from am (transfers, airtime, data and bills), every device go sign out, and money wey people send go still enter.',
  'safety.freeze.codeByEmail': 'We go email 6-digit code to the email address wey dem register for the account.',
  'safety.freeze.signedIn': 'You don sign in: you fit also {link}.',
  'safety.freeze.signedInLink': 'freeze your account with your password',
  'safety.freeze.identifier': 'Account number or email address',
  'safety.freeze.identifierHint': 'The 10-digit account number, or the email address wey you dey take sign in',
  'safety.freeze.emailMe': 'Email me code',
  'safety.freeze.code': 'Freeze code',
  'safety.freeze.submit': 'Freeze the account',
  'safety.freeze.other': 'Use another account number or email',
  'safety.freeze.unfreezeHow': 'To unfreeze am, sign in and open Settings. You go need the password, the transaction PIN and the answer to the security question.',
  'said.freeze.requested': 'If we get account with those details, we don email 6-digit code to the email address wey dem register (and text am to the phone, if SMS alerts dey on). E go work for {minutes} minutes. Put am for down here to freeze the account.',
  'said.freeze.frozen': 'The account don freeze. No money fit comot from am, and every device wey sign in don comot. We don email the owner how to unfreeze am.',
  'said.freeze.network': 'Too many freeze request don come from this network. Try again after {minutes} minutes, or call us.',
  'said.freeze.identifierRequired': 'Put your account number or email address',
  'said.freeze.identifierLong': 'E too long for account number or email address',
  'said.freeze.tenDigits': 'Account number na 10 numbers',
  'said.freeze.identifierInvalid': 'Put 10-digit account number or correct email address',
};
