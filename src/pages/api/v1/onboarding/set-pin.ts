import { pinSchema } from '../../../../lib/schemas.ts';
import { signedInPost } from '../../../../server/http/api.ts';
import { jsonSuccess } from '../../../../server/http/respond.ts';

export const POST = signedInPost(
  pinSchema,
  (app, user, input) => app.onboarding.setPin(user.id, input),
  (user) => jsonSuccess({ user }, 'Your transaction PIN is set.'),
);
