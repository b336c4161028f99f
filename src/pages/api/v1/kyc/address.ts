import { kycAddressSchema } from '../../../../lib/kyc-schemas.ts';
import { signedInPost } from '../../../../server/http/api.ts';
import { jsonSuccess } from '../../../../server/http/respond.ts';

export const POST = signedInPost(
  kycAddressSchema,
  (app, user, input) => app.kyc.verifyAddress(user.id, input),
  (kyc, _input, app) => jsonSuccess(kyc, app.kyc.newLimitsSentence(3)),
);
