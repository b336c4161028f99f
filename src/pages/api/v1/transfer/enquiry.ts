import { nameEnquirySchema } from '../../../../lib/money-schemas.ts';
import { endpoint, parseInput, signedIn } from '../../../../server/http/api.ts';
import { jsonSuccess } from '../../../../server/http/respond.ts';

export const POST = endpoint(async (context) => {
  const caller = signedIn(context);
  if (!caller.ok) return caller;
  const input = await parseInput(context.request, nameEnquirySchema);
  if (!input.ok) return input;
  const result = await context.locals.app.nameEnquiries.enquire(caller.value.user.id, input.value);
  if (!result.ok) return result;
  const { account_number, account_name, bank_code, bank_name } = result.value;
  return jsonSuccess({ account_number, account_name, bank_code, bank_name }, `The account belongs to ${account_name}.`);
});
