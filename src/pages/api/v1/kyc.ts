import { endpoint, signedIn } from '../../../server/http/api.ts';
import { jsonSuccess } from '../../../server/http/respond.ts';

export const GET = endpoint(async (context) => {
  const caller = signedIn(context);
  if (!caller.ok) return caller;
  const status = await context.locals.app.kyc.status(caller.value.user.id);
  return jsonSuccess(status, `You are on Tier ${status.tier}.`);
});
