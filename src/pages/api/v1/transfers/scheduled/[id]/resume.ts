import { resumeScheduleSchema } from '../../../../../../lib/scheduled-transfer-schemas.ts';
import { endpoint, parseInput, signedIn } from '../../../../../../server/http/api.ts';
import { jsonSuccess } from '../../../../../../server/http/respond.ts';
import { scheduleChangedMessage } from '../../../../../../server/http/scheduled-transfer-words.ts';

/** POST /v1/transfers/scheduled/{id}/resume: with the PIN (money will leave again); another customer's schedule is 404. */
export const POST = endpoint(async (context) => {
  const caller = signedIn(context);
  if (!caller.ok) return caller;
  const input = await parseInput(context.request, resumeScheduleSchema);
  if (!input.ok) return input;
  const result = await context.locals.app.scheduledTransfers.resume(caller.value.user.id, context.params.id ?? '', input.value.pin);
  if (!result.ok) return result;
  return jsonSuccess(result.value, scheduleChangedMessage('resume', result.value));
});
