import type { ErrorsKey } from './en.ts';

/** API messages and error codes in Nigerian Pidgin. */
export const errorsPcm: Record<ErrorsKey, string> = {
  'error.INTERNAL_ERROR': 'Something no work well for our side. We no change anything; abeg try again.',

  'wait.second': '{count} second',
  'wait.seconds': '{count} seconds',
  'wait.minute': '{count} minute',
  'wait.minutes': '{count} minutes',
  'wait.hours': '{count} hours',

  'said.errors.pinLockedOne': 'You don enter wrong PIN too many times. Transfers and payments don lock for 1 more minute (until {until}).',
  'said.errors.pinLockedMany': 'You don enter wrong PIN too many times. Transfers and payments don lock for {minutes} more minutes (until {until}).',
  'said.errors.codesPerHour': 'You don ask for {count} codes this hour. Try again after {minutes} minutes.',
  'said.errors.registerNetwork': 'Too many accounts don open from this network. Try again after {wait}.',
  'said.errors.registerEmail': 'You don try open account with this email address too many times. Try again after {wait}.',
  'said.errors.registerPhone': 'You don try open account with this phone number too many times. Try again after {wait}.',
  'said.errors.requestsToday': 'You don make {count} payment requests today. Try again after {wait}.',
  'said.errors.linksNetwork': 'Too many payment links don open from this network. Try again after {wait}.',
  'said.errors.lookupsMinute': 'You don check {count} account names for one minute. Wait {wait}, then try again.',
  'said.errors.lookupsDay': 'You don check {count} account names today, na the most for one day. Try again after {wait}.',
  'said.errors.accountFrozen': 'Your account don freeze, so no money fit comot from am. Money wey people send you go still enter. To unfreeze am, sign in and choose “Unfreeze my account” for Settings, with your password, PIN and security answer.',
  'said.errors.first.verify': 'Abeg confirm your email address first.',
  'said.errors.first.address': 'Abeg add your address first.',
  'said.errors.first.pin': 'Abeg set your transaction PIN first.',
  'said.errors.first.question': 'Abeg choose security question first.',
  'said.errors.pending': 'Abeg confirm your email address first with the code wey we send you.',
  'said.errors.idle': 'We sign you out because you no do anything for some time. Abeg sign in again.',
  'said.errors.notYours': 'That account no be your own.',
  'said.errors.setPinFirst': 'Abeg set your transaction PIN first.',
  'said.errors.finishSetup': 'Abeg finish your account setup before you move money.',
  'said.errors.instantOff': 'You don off instant transfers to other banks. To send this one, on dem for Settings, under Limits, with your password and PIN (POST /v1/limits/instant-payments). Transfers inside the bank still dey work.',
  'said.errors.inProgress': 'We still dey work on this request. Check your transaction history before you try again.',
  'said.errors.noBeneficiary': 'This beneficiary no dey your list.',
  'said.errors.noCase': 'No such case dey your account.',
};
