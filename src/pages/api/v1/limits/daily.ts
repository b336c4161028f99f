import { dailyLimitSchema } from '../../../../lib/limits-schemas.ts';
import { signedInPost } from '../../../../server/http/api.ts';
import { jsonSuccess } from '../../../../server/http/respond.ts';

/** The own daily limit in kobo: lower at once; higher (password and pin) after the delay. */
export const POST = signedInPost(
  dailyLimitSchema,
  (app, user, input) => app.limits.setDailyLimit(user.id, input),
  (changed) => jsonSuccess(changed.limits, changed.message),
);
