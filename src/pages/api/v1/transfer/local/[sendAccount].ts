import { localTransferSchema } from '../../../../../lib/money-schemas.ts';
import { endpoint, parseValues, signedIn } from '../../../../../server/http/api.ts';
import { readBody } from '../../../../../server/http/body.ts';
import { idempotencyKeyOf, ownAccount, transferResponse } from '../../../../../server/http/money-api.ts';

export const POST = endpoint(async (context) => {
  const caller = signedIn(context);
  if (!caller.ok) return caller;
  const account = ownAccount(caller.value, context.params.sendAccount);
  if (!account.ok) return account;
  const body = await readBody(context.request);
  if (!body.ok) return body;
  const key = idempotencyKeyOf(context, body.value);
  if (!key.ok) return key;
  const input = parseValues(body.value, localTransferSchema);
  if (!input.ok) return input;
  return transferResponse(await context.locals.app.transfers.sendLocal(caller.value.user.id, account.value, input.value, key.value));
});
