import { changePinSchema } from '../../../../../lib/settings-schemas.ts';
import { signedInPost } from '../../../../../server/http/api.ts';
import { jsonSuccess } from '../../../../../server/http/respond.ts';
import { said } from '../../../../../i18n/said.ts';

/** With current_pin, or with password and security_answer (which also lifts a PIN lock). */
export const POST = signedInPost(
  changePinSchema,
  (app, user, input) => app.settings.changePin(user.id, input),
  (changed, input) => jsonSuccess(changed, said(input.current_pin !== undefined ? 'said.api.pinChanged' : 'said.api.pinReset')),
);
