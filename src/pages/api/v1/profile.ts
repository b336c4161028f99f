import { customerOrPending, endpoint } from '../../../server/http/api.ts';
import { jsonSuccess } from '../../../server/http/respond.ts';
import { said } from '../../../i18n/said.ts';

/** The signed-in customer; for a registration waiting for its code, the pending User (flags all false, no account yet). */
export const GET = endpoint(async (context) => {
  const caller = customerOrPending(context);
  if (!caller.ok) return caller;
  return jsonSuccess(caller.value.kind === 'pending' ? caller.value.registration.user : caller.value.user, said('said.api.profile'));
});
