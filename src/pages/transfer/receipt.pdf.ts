import type { APIRoute } from 'astro';
import { receiptPdf } from '../../server/core/documents/receipt.ts';

/**
 * GET /transfer/receipt.pdf?reference=…: the receipt as a one-page PDF, for one of the
 * caller's own transactions (another customer's reference is simply not found).
 */
export const GET: APIRoute = async (context) => {
  const { app, user } = context.locals;
  if (!user) return context.redirect('/login', 302);
  const reference = context.url.searchParams.get('reference') ?? '';
  const notFound = () => new Response('No such transaction on your account.', { status: 404, headers: { 'content-type': 'text/plain; charset=utf-8', 'cache-control': 'no-store' } });
  const found = await app.transactions.findOwn(user.accounts, reference);
  if (!found) return notFound();
  const { transaction, account } = found;
  // The receipt is in the customer's language, as the page that links to it.
  const pdf = receiptPdf({ bankName: app.config.bank.name, transaction, accountNumber: account.account_number, accountName: account.account_name, locale: context.locals.locale });
  // The reference is the bank's own, but the file name is kept to safe characters all the same.
  const fileName = `receipt-${transaction.reference.replace(/[^A-Za-z0-9_-]/g, '')}.pdf`;
  return new Response(new Uint8Array(pdf), {
    status: 200,
    headers: {
      'content-type': 'application/pdf',
      'content-disposition': `attachment; filename="${fileName}"`,
      'content-length': String(pdf.byteLength),
      'cache-control': 'private, no-store',
    },
  });
};
