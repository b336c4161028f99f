import { forgotPasswordSchema } from '../../../../../lib/recovery-schemas.ts';
import { endpoint, parseInput, requestMeta } from '../../../../../server/http/api.ts';
import { jsonSuccess } from '../../../../../server/http/respond.ts';
import { say } from '../../../../../i18n/translate.ts';

/** The same answer whether or not the email has an account; 429 when one network asks too often. */
export const POST = endpoint(async (context) => {
  const input = await parseInput(context.request, forgotPasswordSchema);
  if (!input.ok) return input;
  const result = await context.locals.app.passwordReset.forgot(input.value.email, requestMeta(context));
  if (!result.ok) return result;
  return jsonSuccess({ message: say('en', result.value.message) }, result.value.message);
});
