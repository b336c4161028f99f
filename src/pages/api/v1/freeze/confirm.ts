import { freezeConfirmSchema, freezeSubjectOf } from '../../../../lib/safety-schemas.ts';
import { endpoint, parseInput, requestMeta } from '../../../../server/http/api.ts';
import { jsonSuccess } from '../../../../server/http/respond.ts';

/** POST /v1/freeze/confirm (no sign-in): the emailed code freezes the account and ends every session (422 INVALID_OTP / OTP_EXPIRED). */
export const POST = endpoint(async (context) => {
  const input = await parseInput(context.request, freezeConfirmSchema);
  if (!input.ok) return input;
  const result = await context.locals.app.freeze.confirm(freezeSubjectOf(input.value), input.value.code, requestMeta(context));
  if (!result.ok) return result;
  return jsonSuccess({ frozen: true }, result.value.message);
});
