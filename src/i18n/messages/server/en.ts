/**
 * Sentences the server says (refusals, notices, success messages) that only English has so far.
 * Another language may leave them out: a failure's sentence a language lacks is said with that
 * language's `error.<CODE>` sentence, any other with the English (translate.ts `say`;
 * docs/decisions/018-messages-as-data.md). A translation moves a key into the language's own
 * catalogue, nothing else. Merged into ../en.ts with one spread.
 */
export const serverEn = {
  // The adapter of English field messages (api.ts englishFieldErrors): a schema's message the catalogue has not got, as written.

  'said.api.someFields': 'Some fields need attention.',
  'said.api.notThisSite': 'This request did not come from this site.',
  'said.api.noSuchCall': 'There is no such API call.',
  'said.api.badEncoding': 'The address of this request is not valid percent-encoding.',
  'said.api.methodNotTaken': 'This API call does not take that method.',
  'said.api.tooLarge': 'The request is too large.',
  'said.api.unreadable': 'The request could not be read.',
  'said.body.unreadable': 'The request body could not be read.',
  'said.body.multipart': 'The multipart body could not be read.',
  'said.body.utf8': 'The request body is not valid UTF-8.',
  'said.body.notObject': 'The request body must be a JSON object.',
  'said.body.json': 'The request body is not valid JSON.',

  'said.sandbox.key': 'The sandbox needs its key: Authorization: Bearer <SANDBOX_KEY>.',
  'said.sandbox.noEndpoint': 'No such endpoint.',
  'said.sandbox.noAccount': 'No account has that number.',
  'said.sandbox.sendingBank': 'Choose the sending bank from the list.',
  'said.sandbox.unknownBank': 'Unknown bank code',

  'said.settings.notOnboarded': 'Finish setting up your account first: set your transaction PIN and security question.',
  'said.bills.sellsOnly': '{disco} sells {types} only',
  'said.bills.noMeter': '{disco} has no {type} meter with that number. Check it and try again.',
  'said.bills.noMeterField': 'No meter has this number',
  'said.bills.noCard': '{provider} has no smartcard or IUC with that number. Check it and try again.',
  'said.bills.noCardField': 'No smartcard has this number',
  'said.bills.discoRange': '{disco} takes {min} to {max}',
  'said.bills.planOf': "Choose one of {network}'s data plans",
  'said.bills.packageOf': "Choose one of {provider}'s packages",
  'said.settings.pinLockedOneHint': 'Too many wrong PINs. Transfers and payments are locked for 1 more minute (until {until}). Forgot your PIN? Reset it with your password and security answer.',
  'said.settings.pinLockedManyHint': 'Too many wrong PINs. Transfers and payments are locked for {minutes} more minutes (until {until}). Forgot your PIN? Reset it with your password and security answer.',
  'said.case.noNumber': 'No case {number}.',
  'said.bank.cannotConfirm': '{bank} could not confirm the account right now ({reason}). Nothing was sent.',
  'said.purchases.noSuchNetwork': 'There is no such network.',
  'said.purchases.noSuchProvider': 'There is no such TV provider.',
  'said.purchases.noSuchDisco': 'There is no such distribution company.',
  'said.requests.keyReused': 'This idempotency key was already used for a different request. Use a new key for a new scheduled transfer.',
  'said.requests.inProgress': 'This request is still being processed.',
  'said.money.notEnough': 'Your balance is not enough for this amount and its charges.',
} as const;
