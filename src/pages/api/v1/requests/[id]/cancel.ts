import { endpoint, signedIn } from '../../../../../server/http/api.ts';
import { jsonSuccess } from '../../../../../server/http/respond.ts';
import { publicUrlOf } from '../../../../../server/http/client.ts';
import { said } from '../../../../../i18n/said.ts';

/** POST /v1/requests/{id}/cancel: cancels one of the caller's open requests (another customer's is 404); its link stops working. */
export const POST = endpoint(async (context) => {
  const caller = signedIn(context);
  if (!caller.ok) return caller;
  const result = await context.locals.app.paymentRequests.cancel(caller.value.user.id, context.params.id ?? '', publicUrlOf(context).origin);
  if (!result.ok) return result;
  return jsonSuccess(result.value, said('said.api.requestCancelled', { reference: result.value.reference }));
});
