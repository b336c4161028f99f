import { instantPaymentsSchema } from '../../../../lib/limits-schemas.ts';
import { signedInPost } from '../../../../server/http/api.ts';
import { jsonSuccess } from '../../../../server/http/respond.ts';

/** Instant transfers to other banks: off at once; on again with password and pin. */
export const POST = signedInPost(
  instantPaymentsSchema,
  (app, user, input) => app.limits.setInstantPayments(user.id, input),
  (changed) => jsonSuccess(changed.limits, changed.message),
);
