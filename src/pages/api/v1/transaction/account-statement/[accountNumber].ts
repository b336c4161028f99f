import { statementSchema } from '../../../../../lib/money-schemas.ts';
import { accountPost } from '../../../../../server/http/money-api.ts';
import { jsonSuccess } from '../../../../../server/http/respond.ts';

export const POST = accountPost(
  'accountNumber',
  statementSchema,
  (app, userId, account, input) => app.statements.request(userId, account, input),
  (requested) => jsonSuccess({ id: requested.id }, `Your statement is on its way to ${requested.email}.`, 202),
);
