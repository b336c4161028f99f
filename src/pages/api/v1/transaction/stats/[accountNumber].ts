import { endpoint, signedIn } from '../../../../../server/http/api.ts';
import { ownAccount } from '../../../../../server/http/money-api.ts';
import { jsonSuccess } from '../../../../../server/http/respond.ts';

export const GET = endpoint(async (context) => {
  const caller = signedIn(context);
  if (!caller.ok) return caller;
  const account = ownAccount(caller.value, context.params.accountNumber);
  if (!account.ok) return account;
  const { app } = context.locals;
  return jsonSuccess(await app.transactions.statistics(account.value, app.clock.now()), 'Money in and out for the last 12 months.');
});
