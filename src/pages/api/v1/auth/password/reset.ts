import { resetPasswordSchema } from '../../../../../lib/recovery-schemas.ts';
import { endpoint, parseInput, requestMeta } from '../../../../../server/http/api.ts';
import { jsonSuccess } from '../../../../../server/http/respond.ts';
import { say } from '../../../../../i18n/translate.ts';

/** Spends the reset code on a new password; every session of that customer ends. */
export const POST = endpoint(async (context) => {
  const input = await parseInput(context.request, resetPasswordSchema);
  if (!input.ok) return input;
  const result = await context.locals.app.passwordReset.reset(input.value, requestMeta(context));
  if (!result.ok) return result;
  return jsonSuccess({ message: say('en', result.value.message) }, result.value.message);
});
