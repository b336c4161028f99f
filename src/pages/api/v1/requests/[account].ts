import { paymentRequestCreateSchema } from '../../../../lib/payment-request-schemas.ts';
import { endpoint, parseInput, signedIn } from '../../../../server/http/api.ts';
import { ownAccount } from '../../../../server/http/money-api.ts';
import { jsonSuccess } from '../../../../server/http/respond.ts';
import { publicUrlOf } from '../../../../server/http/client.ts';

/** GET /v1/requests/{account}: the account's payment requests, newest first (another customer's account is 403). */
export const GET = endpoint(async (context) => {
  const caller = signedIn(context);
  if (!caller.ok) return caller;
  const account = ownAccount(caller.value, context.params.account);
  if (!account.ok) return account;
  return jsonSuccess(await context.locals.app.paymentRequests.list(caller.value.user.id, account.value, publicUrlOf(context).origin), 'Your payment requests.');
});

/** POST /v1/requests/{account}: a new payment request (amount optional, note, expires_in_days); 201 with its link and text to share. */
export const POST = endpoint(async (context) => {
  const caller = signedIn(context);
  if (!caller.ok) return caller;
  const account = ownAccount(caller.value, context.params.account);
  if (!account.ok) return account;
  const input = await parseInput(context.request, paymentRequestCreateSchema);
  if (!input.ok) return input;
  const result = await context.locals.app.paymentRequests.create(caller.value.user.id, account.value, input.value, publicUrlOf(context).origin);
  if (!result.ok) return result;
  return jsonSuccess(result.value, `Your request ${result.value.reference} is ready to share.`, 201);
});
