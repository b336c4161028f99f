import { resumeScheduleSchema } from '../../../../../../lib/scheduled-transfer-schemas.ts';
import { signedInPost } from '../../../../../../server/http/api.ts';
import { jsonSuccess } from '../../../../../../server/http/respond.ts';
import { scheduleChangedMessage } from '../../../../../../server/http/scheduled-transfer-words.ts';

/** POST /v1/transfers/scheduled/{id}/resume: with the PIN (money will leave again); another customer's schedule is 404. */
export const POST = signedInPost(
  resumeScheduleSchema,
  (app, user, input, { context }) => app.scheduledTransfers.resume(user.id, context.params.id ?? '', input.pin),
  (schedule) => jsonSuccess(schedule, scheduleChangedMessage('resume', schedule)),
);
