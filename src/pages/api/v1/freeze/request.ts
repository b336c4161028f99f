import { freezeRequestSchema, freezeSubjectOf } from '../../../../lib/safety-schemas.ts';
import { endpoint, parseInput, requestMeta } from '../../../../server/http/api.ts';
import { jsonSuccess } from '../../../../server/http/respond.ts';
import { say } from '../../../../i18n/translate.ts';

/** POST /v1/freeze/request (no sign-in): the same answer whether or not the account exists; 429 when one network asks too often. */
export const POST = endpoint(async (context) => {
  const input = await parseInput(context.request, freezeRequestSchema);
  if (!input.ok) return input;
  const result = await context.locals.app.freeze.request(freezeSubjectOf(input.value), requestMeta(context));
  if (!result.ok) return result;
  return jsonSuccess({ message: say('en', result.value.message) }, result.value.message);
});
