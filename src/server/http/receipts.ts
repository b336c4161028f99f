import type { App } from '../app.ts';
import type { UserJson } from '../core/users/present-user.ts';
import type { TransactionJson } from '../../lib/transaction.ts';
import { detailText } from '../../lib/receipt.ts';
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

/**
 * The "Check status" post: re-queries a pending transaction of the caller's, then 303 back to its
 * receipt. With `intent=cancel`, the customer cancels their transfer held for a security check
 * (decision 032: no PIN, as the money only comes back to them), and comes back with ?cancelled=1
 * (or 0: it was decided first).
 */
export async function checkStatusPost(app: App, user: UserJson, request: Request, page: string): Promise<Response> {
  const values = await readFormValues(request);
  const reference = values.reference ?? '';
  if (values.intent === 'cancel') {
    const cancelled = await app.holds.cancel(user.id, reference);
    return new Response(null, { status: 303, headers: { location: `${receiptPath(page, reference)}&cancelled=${cancelled ? 1 : 0}` } });
  }
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

/** What a receipt page hands its one call: Astro's request, locals and response. */
export type ReceiptPageContext = { locals: App.Locals; request: Request; url: URL; response: { status?: number } };

export type ReceiptPageOptions = {
  /** The page's own address, where "Check status" posts and comes back. */
  path: string;
  /** Whom "Check status" asks, from the transaction's details ("the other bank", its provider). */
  asked: (details: Record<string, unknown>) => string;
  /** Whose money comes back if it fails ("the money" unless said). */
  money?: string;
  /** A page for one category only: another category's receipt is sent (302) to /transfer/success. */
  category?: string;
};

export type OpenReceiptPage = {
  user: UserJson;
  found: { transaction: TransactionJson; account: UserJson['accounts'][number] } | null;
  transaction: TransactionJson | null;
  details: Record<string, unknown>;
  /** Whom "Check status" asks, as the page may say it. */
  asked: string;
  notice: string | null;
  /** The page's own address, where "Check status" posts. */
  path: string;
};

/** Whom to ask: the provider the details name, or `fallback`. */
export const providerOr = (fallback: string) => (details: Record<string, unknown>) => detailText(details, 'provider') ?? fallback;

/**
 * A receipt page's frontmatter in one call: the "Check status" post answered (a Response to
 * return), the caller's own transaction found by ?reference= (404 when not), a receipt of another
 * category sent on, and the notice after a status check.
 */
export async function openReceiptPage(astro: ReceiptPageContext, options: ReceiptPageOptions): Promise<Response | OpenReceiptPage> {
  const { app } = astro.locals;
  const user = astro.locals.user!;
  if (astro.request.method === 'POST') return checkStatusPost(app, user, astro.request, options.path);

  const reference = astro.url.searchParams.get('reference') ?? '';
  const found = await app.transactions.findOwn(user.accounts, reference);
  // Other receipts (a transfer, the reversal credit of a failed purchase) have their own page.
  if (found && options.category && found.transaction.category !== options.category) {
    return new Response(null, { status: 302, headers: { location: receiptPath('/transfer/success', reference) } });
  }
  if (!found) astro.response.status = 404;
  const transaction = found?.transaction ?? null;
  const details = transaction?.details ?? {};
  const asked = options.asked(details);
  const notice = checkedNotice(transaction, astro.url.searchParams.get('checked') === '1', asked, options.money);
  return { user, found, transaction, details, asked, notice, path: options.path };
}
