import { verifyResetTokenSchema } from '../../../../../lib/recovery-schemas.ts';
import { endpoint, parseInput } from '../../../../../server/http/api.ts';
import { jsonSuccess } from '../../../../../server/http/respond.ts';
import { said } from '../../../../../i18n/said.ts';

/** Checks a reset code without using it up: { valid: true }, or 422 INVALID_OTP / OTP_EXPIRED. */
export const POST = endpoint(async (context) => {
  const input = await parseInput(context.request, verifyResetTokenSchema);
  if (!input.ok) return input;
  const result = await context.locals.app.passwordReset.verifyToken(input.value.email, input.value.token);
  if (!result.ok) return result;
  return jsonSuccess(result.value, said('said.api.codeRight'));
});
