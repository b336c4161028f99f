import type { App } from '../app.ts';
import type { UserJson } from '../core/users/present-user.ts';
import type { TransactionJson } from '../../lib/transaction.ts';
import { readFormValues } from './forms.ts';

/**
 * What the receipt pages (/transfer/success and each purchase's success page) share: a
 * receipt's own address, and the "Check status" form post, which asks the other bank or the
 * biller again about a pending transaction and comes back to the receipt with ?checked=1.
 */

/** A receipt page's address for one reference; `checked` after a status check. */
export function receiptPath(page: string, reference: string, checked = false): string {
  return `${page}?reference=${encodeURIComponent(reference)}${checked ? '&checked=1' : ''}`;
}

/** The "Check status" post: re-queries a pending transaction of the caller's, then 303 back to its receipt. */
export async function checkStatusPost(app: App, user: UserJson, request: Request, page: string): Promise<Response> {
  const values = await readFormValues(request);
  const reference = values.reference ?? '';
  const found = await app.transactions.findOwn(user.accounts, reference);
  if (found?.transaction.status === 'pending') await app.payments.checkStatus(user.id, found.account.account_number, reference);
  return new Response(null, { status: 303, headers: { location: receiptPath(page, reference, Boolean(found)) } });
}

/** What the receipt says after a status check: still pending (and who was asked), or that it is the latest. */
export function checkedNotice(transaction: TransactionJson | null | undefined, checked: boolean, asked: string, money = 'the money'): string | null {
  if (!transaction || !checked) return null;
  return transaction.status === 'pending'
    ? `We asked ${asked} again: it has not confirmed yet. We keep checking, and if it fails ${money} comes back to you.`
    : 'The status below is the latest.';
}
