import { endpoint } from '../../../../server/http/api.ts';
import { callerAccount } from '../../../../server/http/money-api.ts';
import { jsonSuccess } from '../../../../server/http/respond.ts';
import { said } from '../../../../i18n/said.ts';

export const GET = endpoint(async (context) => {
  const caller = callerAccount(context, 'accountNumber');
  if (!caller.ok) return caller;
  const { userId, account } = caller.value;
  return jsonSuccess(await context.locals.app.beneficiaries.list(userId, account), said('said.api.beneficiaries'));
});
