import { registerSchema } from '../../../../lib/schemas.ts';
import { requestMeta, endpoint, parseInput } from '../../../../server/http/api.ts';
import { jsonSuccess } from '../../../../server/http/respond.ts';
import { setSessionCookie } from '../../../../server/http/session-cookie.ts';

export const POST = endpoint(async (context) => {
  const input = await parseInput(context.request, registerSchema);
  if (!input.ok) return input;
  const { app } = context.locals;
  const result = await app.auth.register(input.value, requestMeta(context));
  if (!result.ok) return result;
  setSessionCookie(context.cookies, context.url, result.value.token, app.config.session.absoluteMs / 1000);
  const message = `Welcome! We have sent a 6-digit code to ${result.value.user.email}.`;
  return jsonSuccess({ user: result.value.user, token: result.value.token, message }, message, 201);
});
