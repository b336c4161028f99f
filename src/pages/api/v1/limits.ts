import { endpoint, signedIn } from '../../../server/http/api.ts';
import { jsonSuccess } from '../../../server/http/respond.ts';
import { said } from '../../../i18n/said.ts';

/** The tier's limit, the customer's own, a waiting raise, the new-browser cap and the instant-payments switch. */
export const GET = endpoint(async (context) => {
  const caller = signedIn(context);
  if (!caller.ok) return caller;
  const limits = await context.locals.app.limits.overview(caller.value.user.id);
  return jsonSuccess(limits, said('said.api.limits'));
});
