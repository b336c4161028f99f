import { endpoint, signedIn } from '../../../../server/http/api.ts';
import { jsonSuccess } from '../../../../server/http/respond.ts';
import { said } from '../../../../i18n/said.ts';

/** GET /v1/transfers/scheduled: the caller's scheduled transfers (active first), each with its next run and recent dates. */
export const GET = endpoint(async (context) => {
  const caller = signedIn(context);
  if (!caller.ok) return caller;
  return jsonSuccess(await context.locals.app.scheduledTransfers.list(caller.value.user.id), said('said.api.scheduledTransfers'));
});
