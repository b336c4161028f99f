import { cableVerifySchema } from '../../../../../lib/bills.ts';
import { endpoint, parseInput, signedIn } from '../../../../../server/http/api.ts';
import { jsonSuccess } from '../../../../../server/http/respond.ts';

export const POST = endpoint(async (context) => {
  const caller = signedIn(context);
  if (!caller.ok) return caller;
  const input = await parseInput(context.request, cableVerifySchema);
  if (!input.ok) return input;
  const card = await context.locals.app.bills.verifySmartcard(context.params.cableId ?? '', input.value);
  return card.ok ? jsonSuccess(card.value, `The smartcard belongs to ${card.value.customer_name}.`) : card;
});
