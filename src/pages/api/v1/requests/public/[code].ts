import { endpoint, requestMeta } from '../../../../../server/http/api.ts';
import { jsonSuccess } from '../../../../../server/http/respond.ts';
import { said } from '../../../../../i18n/said.ts';

/**
 * GET /v1/requests/public/{code}, no sign-in: the requester's name (as a name enquiry gives it),
 * the amount and whether it can still be paid. Throttled per network address (429 with
 * Retry-After); an unknown and a cancelled code are the same 404.
 */
export const GET = endpoint(async (context) => {
  const result = await context.locals.app.paymentRequests.open(context.params.code ?? '', requestMeta(context).ip);
  if (!result.ok) return result;
  return jsonSuccess(result.value.request, said('said.api.paymentRequest'));
});
