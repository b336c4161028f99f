import { endpoint, signedIn } from '../../../../../../server/http/api.ts';
import { ownAccount } from '../../../../../../server/http/money-api.ts';
import { jsonSuccess } from '../../../../../../server/http/respond.ts';

export const POST = endpoint(async (context) => {
  const caller = signedIn(context);
  if (!caller.ok) return caller;
  const account = ownAccount(caller.value, context.params.accountNumber);
  if (!account.ok) return account;
  const result = await context.locals.app.beneficiaries.remove(caller.value.user.id, account.value, context.params.beneficiary ?? '');
  if (!result.ok) return result;
  return jsonSuccess(null, `${result.value.account_name} is no longer a beneficiary.`);
});
