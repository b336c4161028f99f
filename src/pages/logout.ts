import type { APIRoute } from 'astro';
import { clearSessionCookie } from '../server/http/session-cookie.ts';
import { clearRegistrationCookie } from '../server/http/registration-cookie.ts';
import { readFormValues } from '../server/http/forms.ts';

/**
 * The sign-out form's target: revokes the session on the server, then back to /login. The
 * idle-timeout warning posts reason=idle when nobody answered it, so /login says why.
 */
export const POST: APIRoute = async (context) => {
  const { session, app } = context.locals;
  const idle = (await readFormValues(context.request)).reason === 'idle' || context.locals.sessionEnded === 'idle';
  if (session) await app.auth.logout(session.id, idle ? 'idle' : 'logout');
  clearSessionCookie(context.cookies, context.url);
  // Also the way out of a registration waiting for its code ("Start again" on /account/verify).
  clearRegistrationCookie(context.cookies, context.url);
  return context.redirect(idle ? '/login?reason=idle' : '/login?reason=signed-out', 303);
};

export const GET: APIRoute = async (context) => context.redirect(context.locals.session ? '/dashboard' : '/login', 302);
