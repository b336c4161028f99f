/**
 * Field messages the schemas say that had no key of their own (they were English in every
 * language): the API's messages to a developer sending the wrong shape, and zod's own words.
 * A language may say them too; until it does they are English (translate.ts `wordIn`). Not
 * `said.*`: a failure's own sentence missing in a language keeps falling back to the language's
 * `error.<CODE>` sentence, as it did when these were English text the edge did not know.
 */
export const fieldsEn = {
  'schema.zodSays': '{message}',
  'fields.alerts.sms': 'Choose whether SMS alerts are on (true) or off (false)',
  'fields.alerts.acceptIndemnity': 'Send accept_indemnity as true (a JSON boolean) to accept the indemnity',
  'fields.export.format': 'Choose json (all your data) or csv (your transactions)',
  'fields.limits.instant': 'Say true to turn instant transfers on, false to turn them off',
  'fields.kobo.json': 'Send the amount as a whole number of kobo (a JSON number, like 150000 for ₦1,500.00)',
  'fields.kobo.whole': 'The amount must be a whole number of kobo',
  'fields.page.number': 'The page is a whole number from 1',
  'fields.page.min': 'Pages start at 1',
  'fields.page.max': 'There are not that many pages',
  'fields.perPage.number': 'per_page is a whole number from 1 to 100',
  'fields.perPage.min': 'Show at least 1 a page',
  'fields.perPage.max': 'Show at most 100 a page',
  'fields.freeze.who': 'Enter the account number or the email address of the account',
  'fields.sandbox.sender': 'Name the sender',
  'fields.sandbox.bank': 'Give the sending bank’s code',
  'fields.sandbox.bankDigits': 'A 6-digit NIP institution code',
  'fields.pin.currentOrAnswer': 'Enter your current PIN, or your password and security answer if you have forgotten it',
  'fields.kobo.jsonBill': 'Send the amount as a whole number of kobo (a JSON number, like 50000 for ₦500)',
  'fields.bills.wholeNaira': 'Bills are paid in whole naira (no kobo)',
} as const;
