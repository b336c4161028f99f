import { endpoint, signedIn } from '../../../../server/http/api.ts';
import { ownAccount } from '../../../../server/http/money-api.ts';
import { jsonSuccess } from '../../../../server/http/respond.ts';

export const GET = endpoint(async (context) => {
  const caller = signedIn(context);
  if (!caller.ok) return caller;
  const account = ownAccount(caller.value, context.params.accountNumber);
  if (!account.ok) return account;
  return jsonSuccess(await context.locals.app.beneficiaries.list(caller.value.user.id, account.value), 'Your beneficiaries.');
});
