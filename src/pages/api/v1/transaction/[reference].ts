import { endpoint, signedIn } from '../../../../server/http/api.ts';
import { jsonSuccess } from '../../../../server/http/respond.ts';
import { fail } from '../../../../server/core/result.ts';
import { said } from '../../../../i18n/said.ts';

/** One of the caller's transactions (for receipts). A pending one (interbank transfer or purchase) is re-queried first. */
export const GET = endpoint(async (context) => {
  const caller = signedIn(context);
  if (!caller.ok) return caller;
  const reference = context.params.reference ?? '';
  const { app } = context.locals;
  const found = await app.transactions.findOwn(caller.value.user.accounts, reference);
  if (!found) return fail('NOT_FOUND', said('said.case.noTransaction'));
  const { transaction, account } = found;
  if (transaction.status !== 'pending') return jsonSuccess(transaction, said('said.api.transaction'));
  const checked = await app.payments.checkStatus(caller.value.user.id, account.account_number, reference);
  return jsonSuccess(checked.ok ? checked.value : transaction, said('said.api.transaction'));
});
