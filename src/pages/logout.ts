import type { APIRoute } from 'astro';
import { clearSessionCookie } from '../server/http/session-cookie.ts';
import { publicUrlOf } from '../server/http/client.ts';
import { readFormValues } from '../server/http/forms.ts';

/**
 * The sign-out form's target: revokes the session on the server, then back to /login. The
 * idle-timeout warning posts reason=idle when nobody answered it, so /login says why.
 */
export const POST: APIRoute = async (context) => {
  const { session, registration, app } = context.locals;
  const idle = (await readFormValues(context.request)).reason === 'idle' || context.locals.sessionEnded === 'idle';
  if (session) await app.auth.logout(session.id, idle ? 'idle' : 'logout');
  // A registration waiting for its code signs out the same way (its token is the session).
  if (registration) await app.registrations.signOut(registration, idle ? 'idle' : 'logout');
  clearSessionCookie(context.cookies, publicUrlOf(context));
  const answer = context.redirect(idle ? '/login?reason=idle' : '/login?reason=signed-out', 303);
  // The customer's name, email and account number kept in local storage for the islands go with
  // the session (browsers that do not know the header are cleared by the sign-in page's script).
  answer.headers.set('clear-site-data', '"storage"');
  return answer;
};

export const GET: APIRoute = async (context) => context.redirect(context.locals.session ? '/dashboard' : context.locals.registration ? '/account/verify' : '/login', 302);
