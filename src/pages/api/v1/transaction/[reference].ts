import { endpoint, signedIn } from '../../../../server/http/api.ts';
import { jsonSuccess } from '../../../../server/http/respond.ts';
import { fail } from '../../../../server/core/result.ts';

/** One of the caller's transactions (for receipts). A pending one (interbank transfer or purchase) is re-queried first. */
export const GET = endpoint(async (context) => {
  const caller = signedIn(context);
  if (!caller.ok) return caller;
  const reference = context.params.reference ?? '';
  const { app } = context.locals;
  for (const account of caller.value.user.accounts) {
    const found = await app.transactions.byReference(account.account_number, reference);
    if (!found) continue;
    if (found.status !== 'pending') return jsonSuccess(found, 'Your transaction.');
    const checked = await app.bills.checkStatus(caller.value.user.id, account.account_number, reference);
    return jsonSuccess(checked.ok ? checked.value : found, 'Your transaction.');
  }
  return fail('NOT_FOUND', 'No such transaction on your account.');
});
