import { statementSchema } from '../../../../../lib/money-schemas.ts';
import { accountPost } from '../../../../../server/http/money-api.ts';
import { jsonSuccess } from '../../../../../server/http/respond.ts';
import { said } from '../../../../../i18n/said.ts';

export const POST = accountPost(
  'accountNumber',
  statementSchema,
  (app, userId, account, input) => app.statements.request(userId, account, input),
  (requested) => jsonSuccess({ id: requested.id }, said('said.api.statementSent', { email: requested.email }), 202),
);
