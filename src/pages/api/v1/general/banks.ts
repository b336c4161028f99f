import { bankList } from '../../../../server/core/reference/banks.ts';
import { endpoint } from '../../../../server/http/api.ts';
import { jsonSuccess } from '../../../../server/http/respond.ts';

export const GET = endpoint(async (context) =>
  jsonSuccess(bankList(context.locals.app.config.bank), 'Banks.', 200, { 'cache-control': 'public, max-age=3600' }),
);
