import { changePasswordSchema } from '../../../../../lib/settings-schemas.ts';
import { signedInPost } from '../../../../../server/http/api.ts';
import { jsonSuccess } from '../../../../../server/http/respond.ts';

/** POST /v1/profile/password/update (and its alias /change): the calling session stays signed in, every other one ends. */
export const POST = signedInPost(
  changePasswordSchema,
  (app, user, input, { session }) => app.settings.changePassword(user.id, session.id, input),
  (changed) => jsonSuccess({ signed_out_sessions: changed.signedOutSessions }, changed.message),
);
