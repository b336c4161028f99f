import { beneficiaryCreateSchema } from '../../../../../lib/money-schemas.ts';
import { accountPost } from '../../../../../server/http/money-api.ts';
import { jsonSuccess } from '../../../../../server/http/respond.ts';

export const POST = accountPost(
  'accountNumber',
  beneficiaryCreateSchema,
  (app, userId, account, input) => app.beneficiaries.create(userId, account, input),
  (saved) => jsonSuccess(saved, `${saved.account_name} is saved as a beneficiary.`, 201),
);
