import { beneficiaryCreateSchema } from '../../../../../lib/money-schemas.ts';
import { accountPost } from '../../../../../server/http/money-api.ts';
import { jsonSuccess } from '../../../../../server/http/respond.ts';
import { said } from '../../../../../i18n/said.ts';

export const POST = accountPost(
  'accountNumber',
  beneficiaryCreateSchema,
  (app, userId, account, input) => app.beneficiaries.create(userId, account, input),
  (saved) => jsonSuccess(saved, said('said.api.beneficiarySaved', { name: saved.account_name }), 201),
);
