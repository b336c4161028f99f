import { ninSchema } from '../../../../lib/kyc-schemas.ts';
import { signedInPost } from '../../../../server/http/api.ts';
import { jsonSuccess } from '../../../../server/http/respond.ts';

export const POST = signedInPost(
  ninSchema,
  (app, user, input) => app.kyc.verifyNin(user.id, input),
  (kyc, _input, app) => jsonSuccess(kyc, app.kyc.newLimitsSentence(kyc.kyc.tier)),
);
