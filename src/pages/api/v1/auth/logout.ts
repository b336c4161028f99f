import { customerOrPending, endpoint } from '../../../../server/http/api.ts';
import { jsonSuccess } from '../../../../server/http/respond.ts';
import { clearSessionCookie } from '../../../../server/http/session-cookie.ts';
import { publicUrlOf } from '../../../../server/http/client.ts';
import { said } from '../../../../i18n/said.ts';

export const POST = endpoint(async (context) => {
  const caller = customerOrPending(context);
  if (!caller.ok) return caller;
  const { app } = context.locals;
  if (caller.value.kind === 'pending') await app.registrations.signOut(caller.value.registration);
  else await app.auth.logout(caller.value.session.id);
  clearSessionCookie(context.cookies, publicUrlOf(context));
  return jsonSuccess(null, said('said.api.signedOut'));
});
