import { endpoint, signedIn } from '../../../../../../server/http/api.ts';
import { jsonSuccess } from '../../../../../../server/http/respond.ts';
import { scheduleChangedMessage } from '../../../../../../server/http/scheduled-transfer-words.ts';

/** POST /v1/transfers/scheduled/{id}/cancel: no PIN; another customer's schedule is 404. */
export const POST = endpoint(async (context) => {
  const caller = signedIn(context);
  if (!caller.ok) return caller;
  const result = await context.locals.app.scheduledTransfers.cancel(caller.value.user.id, context.params.id ?? '');
  if (!result.ok) return result;
  return jsonSuccess(result.value, scheduleChangedMessage('cancel', result.value));
});
