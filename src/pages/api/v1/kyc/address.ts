import { kycAddressSchema } from '../../../../lib/kyc-schemas.ts';
import { signedInPost } from '../../../../server/http/api.ts';
import { jsonSuccess } from '../../../../server/http/respond.ts';
import { said } from '../../../../i18n/said.ts';

export const POST = signedInPost(
  kycAddressSchema,
  (app, user, input) => app.kyc.verifyAddress(user.id, input),
  // Before both identities the address is on record but gives no tier yet: said so, not a new limit.
  (kyc, _input, app) => jsonSuccess(kyc, kyc.kyc.tier >= 3 ? app.kyc.newLimitsSentence(3) : said('said.kyc.addressCounts')),
);
