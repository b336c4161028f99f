import { endpoint } from '../../../../../../server/http/api.ts';
import { callerAccount } from '../../../../../../server/http/money-api.ts';
import { jsonSuccess } from '../../../../../../server/http/respond.ts';
import { said } from '../../../../../../i18n/said.ts';

export const POST = endpoint(async (context) => {
  const caller = callerAccount(context, 'accountNumber');
  if (!caller.ok) return caller;
  const { userId, account } = caller.value;
  const result = await context.locals.app.beneficiaries.remove(userId, account, context.params.beneficiary ?? '');
  if (!result.ok) return result;
  return jsonSuccess(null, said('said.api.beneficiaryRemoved', { name: result.value.account_name }));
});
