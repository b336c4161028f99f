import { paymentRequestCreateSchema } from '../../../../lib/payment-request-schemas.ts';
import { endpoint } from '../../../../server/http/api.ts';
import { accountPost, callerAccount } from '../../../../server/http/money-api.ts';
import { jsonSuccess } from '../../../../server/http/respond.ts';
import { publicUrlOf } from '../../../../server/http/client.ts';
import { said } from '../../../../i18n/said.ts';

/** GET /v1/requests/{account}: the account's payment requests, newest first (another customer's account is 403). */
export const GET = endpoint(async (context) => {
  const caller = callerAccount(context, 'account');
  if (!caller.ok) return caller;
  const { userId, account } = caller.value;
  return jsonSuccess(await context.locals.app.paymentRequests.list(userId, account, publicUrlOf(context).origin), said('said.api.paymentRequests'));
});

/** POST /v1/requests/{account}: a new payment request (amount optional, note, expires_in_days); 201 with its link and text to share. */
export const POST = accountPost(
  'account',
  paymentRequestCreateSchema,
  (app, userId, account, input, context) => app.paymentRequests.create(userId, account, input, publicUrlOf(context).origin),
  (request) => jsonSuccess(request, said('said.api.requestReady', { reference: request.reference }), 201),
);
