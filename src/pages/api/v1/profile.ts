import { endpoint, signedIn } from '../../../server/http/api.ts';
import { jsonSuccess } from '../../../server/http/respond.ts';

export const GET = endpoint(async (context) => {
  const caller = signedIn(context);
  if (!caller.ok) return caller;
  return jsonSuccess(caller.value.user, 'Your profile.');
});
