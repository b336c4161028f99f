import { securityQuestionSchema } from '../../../../lib/schemas.ts';
import { requestMeta, signedInPost } from '../../../../server/http/api.ts';
import { jsonSuccess } from '../../../../server/http/respond.ts';
import { setSessionCookie } from '../../../../server/http/session-cookie.ts';
import { publicUrlOf } from '../../../../server/http/client.ts';
import { said } from '../../../../i18n/said.ts';

export const POST = signedInPost(
  securityQuestionSchema,
  (app, user, input, { session, context }) => app.onboarding.setSecurityQuestion(user.id, session.id, input, requestMeta(context)),
  (done, _input, app, { session, context }) => {
    // The session is replaced: a browser gets the new cookie, a Bearer client the new token.
    if (session.via === 'cookie') setSessionCookie(context.cookies, publicUrlOf(context), done.token, app.config.session.absoluteMs / 1000);
    return jsonSuccess({ user: done.user, token: done.token }, said('said.api.allSet'));
  },
);
