import { bankList } from '../../../../server/core/reference/banks.ts';
import { endpoint } from '../../../../server/http/api.ts';
import { jsonSuccess } from '../../../../server/http/respond.ts';
import { said } from '../../../../i18n/said.ts';

export const GET = endpoint(async (context) =>
  jsonSuccess(bankList(context.locals.app.config.bank), said('said.api.banks'), 200, { 'cache-control': 'public, max-age=3600' }),
);
