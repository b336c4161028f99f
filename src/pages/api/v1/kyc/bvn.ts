import { bvnSchema } from '../../../../lib/kyc-schemas.ts';
import { endpoint, parseInput, signedIn } from '../../../../server/http/api.ts';
import { jsonSuccess } from '../../../../server/http/respond.ts';

export const POST = endpoint(async (context) => {
  const caller = signedIn(context);
  if (!caller.ok) return caller;
  const input = await parseInput(context.request, bvnSchema);
  if (!input.ok) return input;
  const { kyc } = context.locals.app;
  const result = await kyc.verifyBvn(caller.value.user.id, input.value);
  if (!result.ok) return result;
  return jsonSuccess(result.value, kyc.newLimitsSentence(2));
});
