import { meterVerifySchema } from '../../../../../lib/bills.ts';
import { endpoint, parseInput, signedIn } from '../../../../../server/http/api.ts';
import { jsonSuccess } from '../../../../../server/http/respond.ts';

export const POST = endpoint(async (context) => {
  const caller = signedIn(context);
  if (!caller.ok) return caller;
  const input = await parseInput(context.request, meterVerifySchema);
  if (!input.ok) return input;
  const meter = await context.locals.app.bills.verifyMeter(context.params.providerId ?? '', input.value);
  return meter.ok ? jsonSuccess(meter.value, `The meter belongs to ${meter.value.customer_name}.`) : meter;
});
