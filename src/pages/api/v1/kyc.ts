import { endpoint, signedIn } from '../../../server/http/api.ts';
import { jsonSuccess } from '../../../server/http/respond.ts';
import { said } from '../../../i18n/said.ts';

export const GET = endpoint(async (context) => {
  const caller = signedIn(context);
  if (!caller.ok) return caller;
  const status = await context.locals.app.kyc.status(caller.value.user.id);
  return jsonSuccess(status, said('said.api.tier', { tier: status.tier }));
});
