import { nameEnquirySchema } from '../../../../lib/money-schemas.ts';
import { signedInPost } from '../../../../server/http/api.ts';
import { jsonSuccess } from '../../../../server/http/respond.ts';
import { said } from '../../../../i18n/said.ts';

export const POST = signedInPost(
  nameEnquirySchema,
  (app, user, input) => app.nameEnquiries.enquire(user.id, input),
  ({ account_number, account_name, bank_code, bank_name }) => jsonSuccess({ account_number, account_name, bank_code, bank_name }, said('said.api.accountBelongs', { name: account_name })),
);
