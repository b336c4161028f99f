import { nameEnquirySchema } from '../../../../lib/money-schemas.ts';
import { signedInPost } from '../../../../server/http/api.ts';
import { jsonSuccess } from '../../../../server/http/respond.ts';

export const POST = signedInPost(
  nameEnquirySchema,
  (app, user, input) => app.nameEnquiries.enquire(user.id, input),
  ({ account_number, account_name, bank_code, bank_name }) => jsonSuccess({ account_number, account_name, bank_code, bank_name }, `The account belongs to ${account_name}.`),
);
