import { historyQuerySchema } from '../../../../../lib/money-schemas.ts';
import { endpoint, parseValues } from '../../../../../server/http/api.ts';
import { callerAccount } from '../../../../../server/http/money-api.ts';
import { jsonSuccess } from '../../../../../server/http/respond.ts';
import { said } from '../../../../../i18n/said.ts';

export const GET = endpoint(async (context) => {
  const caller = callerAccount(context, 'accountNumber');
  if (!caller.ok) return caller;
  const { account } = caller.value;
  const query = parseValues(Object.fromEntries(context.url.searchParams), historyQuerySchema);
  if (!query.ok) return query;
  const { page, per_page, ...filters } = query.value;
  const history = await context.locals.app.transactions.history(account, { page, perPage: per_page, ...filters });
  return jsonSuccess(history, said('said.api.page', { page: history.current_page, pages: history.last_page }));
});
