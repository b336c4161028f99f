import { signedInAction } from '../../../../../../server/http/api.ts';
import { jsonSuccess } from '../../../../../../server/http/respond.ts';
import { scheduleChangedMessage } from '../../../../../../server/http/scheduled-transfer-words.ts';

/** POST /v1/transfers/scheduled/{id}/cancel: no PIN; another customer's schedule is 404. */
export const POST = signedInAction(
  (app, user, { context }) => app.scheduledTransfers.cancel(user.id, context.params.id ?? ''),
  (schedule) => jsonSuccess(schedule, scheduleChangedMessage('cancel', schedule)),
);
