import { freezeSchema } from '../../../../lib/safety-schemas.ts';
import { signedInPost } from '../../../../server/http/api.ts';
import { jsonSuccess } from '../../../../server/http/respond.ts';

/** POST /v1/account/freeze: with the password; every debit refused from now on (423 ACCOUNT_FROZEN), every other session ended. */
export const POST = signedInPost(
  freezeSchema,
  (app, user, input, { session }) => app.freeze.freeze(user.id, session.id, input),
  (frozen) => jsonSuccess({ frozen: true, signed_out_sessions: frozen.signedOutSessions }, frozen.message),
);
