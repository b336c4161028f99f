import { endpoint, signedIn } from '../../../../server/http/api.ts';
import { jsonSuccess } from '../../../../server/http/respond.ts';
import { clearSessionCookie } from '../../../../server/http/session-cookie.ts';

export const POST = endpoint(async (context) => {
  const caller = signedIn(context);
  if (!caller.ok) return caller;
  await context.locals.app.auth.logout(caller.value.session.id);
  clearSessionCookie(context.cookies, context.url);
  return jsonSuccess(null, 'Signed out.');
});
