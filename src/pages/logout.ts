import type { APIRoute } from 'astro';
import { clearSessionCookie } from '../server/http/session-cookie.ts';

/** The sign-out form's target: revokes the session on the server, then back to /login. */
export const POST: APIRoute = async (context) => {
  const { session, app } = context.locals;
  if (session) await app.auth.logout(session.id);
  clearSessionCookie(context.cookies, context.url);
  return context.redirect('/login?reason=signed-out', 303);
};

export const GET: APIRoute = async (context) => context.redirect(context.locals.session ? '/dashboard' : '/login', 302);
