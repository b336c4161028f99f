import { pinSchema } from '../../../../lib/schemas.ts';
import { signedInPost } from '../../../../server/http/api.ts';
import { jsonSuccess } from '../../../../server/http/respond.ts';
import { said } from '../../../../i18n/said.ts';

export const POST = signedInPost(
  pinSchema,
  (app, user, input) => app.onboarding.setPin(user.id, input),
  (user) => jsonSuccess({ user }, said('said.api.pinSet')),
);
