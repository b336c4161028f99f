/**
 * Issue 18, API messages and error codes: the bug's own answer (500 INTERNAL_ERROR, no ErrorCode),
 * a wait as the services word it (core/throttle/request-counters.ts's waitInWords; translate.ts
 * says it again inside a sentence), and the refusals with figures the services still word in
 * English that no other area has (said.errors.*). Merged into ../en.ts with one spread.
 */
export const errorsEn = {
  'error.INTERNAL_ERROR': 'Something went wrong on our side. Nothing was changed; please try again.',

  'wait.second': '{count} second',
  'wait.seconds': '{count} seconds',
  'wait.minute': '{count} minute',
  'wait.minutes': '{count} minutes',
  'wait.hours': '{count} hours',

  'said.errors.pinLockedOne': 'Too many wrong PINs. Transfers and payments are locked for 1 more minute (until {until}).',
  'said.errors.pinLockedMany': 'Too many wrong PINs. Transfers and payments are locked for {minutes} more minutes (until {until}).',
  'said.errors.codesPerHour': 'You have asked for {count} codes this hour. Try again in {minutes} minutes.',
  'said.errors.registerNetwork': 'Too many accounts opened from this network. Try again in {wait}.',
  'said.errors.registerEmail': 'Too many tries to open an account with this email address. Try again in {wait}.',
  'said.errors.registerPhone': 'Too many tries to open an account with this phone number. Try again in {wait}.',
  'said.errors.requestsToday': 'You have made {count} payment requests today. Try again in {wait}.',
  'said.errors.linksNetwork': 'Too many payment links opened from this network. Try again in {wait}.',
  'said.errors.lookupsMinute': 'You have looked up {count} account names in a minute. Wait {wait} and try again.',
  'said.errors.lookupsDay': 'You have looked up {count} account names today, the most for one day. Try again in {wait}.',
  'said.errors.accountFrozen': 'Your account is frozen, so no money can leave it. Money sent to you still arrives. To unfreeze it, sign in and choose “Unfreeze my account” in Settings, with your password, PIN and security answer.',
  'said.errors.first.verify': 'First verify your email address.',
  'said.errors.first.address': 'First add your address.',
  'said.errors.first.pin': 'First set your transaction PIN.',
  'said.errors.first.question': 'First choose a security question.',
  'said.errors.pending': 'First verify your email address with the code we sent you.',
  'said.errors.idle': 'You were signed out after a period without activity. Please sign in again.',
  'said.errors.notYours': 'That account is not yours.',
  'said.errors.setPinFirst': 'Set your transaction PIN first.',
  'said.errors.finishSetup': 'Finish setting up your account before moving money.',
  'said.errors.instantOff': 'You have turned off instant transfers to other banks. To send this, turn them on in Settings, under Limits, with your password and PIN (POST /v1/limits/instant-payments). Transfers within the bank still work.',
  'said.errors.inProgress': 'This request is still being processed. Check your transaction history before trying again.',
  'said.errors.noBeneficiary': 'No such beneficiary.',
  'said.errors.noCase': 'No such case on your account.',
  'said.errors.methodAllowed': 'This API call takes {allow}.',
  'said.errors.tooLarge': 'The request is too large (at most {size} KiB).',
  'said.errors.keyMissing': 'Send an Idempotency-Key header (8 to 64 characters) with every request that moves money.',
  'said.errors.keyInvalid': 'An idempotency key is 8 to 64 letters, digits, dots, dashes, colons or underscores',
  'said.errors.keyReused': 'This idempotency key was already used for a different request. Use a new key for a new transfer.',
  'said.errors.required': 'Required',
  'said.errors.address.notShown': 'We could not verify your address: the document does not show this address. Check the address and the document\'s number.',
  'said.errors.address.notShownField': 'The document does not show this address. Check the number, or use another document.',
  'said.errors.address.noDocument': 'We could not verify your address: no document with this number was found. Check the address and the document\'s number.',
  'said.errors.address.noDocumentField': 'No document with this number was found. Check the number, or use another document.',
  'said.errors.address.notYourName': 'We could not verify your address: the document is not in your name. Check the address and the document\'s number.',
  'said.errors.address.notYourNameField': 'The document is not in your name. Check the number, or use another document.',
} as const;

export type ErrorsKey = keyof typeof errorsEn;
