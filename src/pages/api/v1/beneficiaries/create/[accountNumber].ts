import { beneficiaryCreateSchema } from '../../../../../lib/money-schemas.ts';
import { endpoint, parseInput, signedIn } from '../../../../../server/http/api.ts';
import { ownAccount } from '../../../../../server/http/money-api.ts';
import { jsonSuccess } from '../../../../../server/http/respond.ts';

export const POST = endpoint(async (context) => {
  const caller = signedIn(context);
  if (!caller.ok) return caller;
  const account = ownAccount(caller.value, context.params.accountNumber);
  if (!account.ok) return account;
  const input = await parseInput(context.request, beneficiaryCreateSchema);
  if (!input.ok) return input;
  const result = await context.locals.app.beneficiaries.create(caller.value.user.id, account.value, input.value);
  if (!result.ok) return result;
  return jsonSuccess(result.value, `${result.value.account_name} is saved as a beneficiary.`, 201);
});
