/**
 * Sentences only an integrator reads (the sandbox's answers, a request the API could not read or
 * route): English for every language. A failure's sentence a language lacks is said with that
 * language's `error.<CODE>` sentence, any other with the English (translate.ts `say`;
 * docs/decisions/018-messages-as-data.md). Merged into ../en.ts with one spread.
 */
export const serverEn = {
  'said.api.noSuchCall': 'There is no such API call.',
  'said.api.badEncoding': 'The address of this request is not valid percent-encoding.',
  'said.api.methodNotTaken': 'This API call does not take that method.',
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
} as const;
