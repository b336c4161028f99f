import { unfreezeSchema } from '../../../../lib/safety-schemas.ts';
import { signedInPost } from '../../../../server/http/api.ts';
import { jsonSuccess } from '../../../../server/http/respond.ts';

/** POST /v1/account/unfreeze: password, PIN and security answer. */
export const POST = signedInPost(
  unfreezeSchema,
  (app, user, input) => app.freeze.unfreeze(user.id, input),
  (done) => jsonSuccess({ frozen: false }, done.message),
);
