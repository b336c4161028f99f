import { internalAccounts } from '../ledger/ledger.ts';
import { sendLogged } from '../notifications.ts';
import type { Logger } from '../../log.ts';
import type { MoneyWords } from '../payments/words.ts';
import type { PaymentRail, Verdict } from '../payments/rail.ts';
import type { UserRepository } from '../users/user-repository.ts';
import type { Mailer } from '../../integrations/mail/ports.ts';
import { kobo } from '../../../lib/money.ts';
import type { Biller, Delivery, QueryAnswer } from '../../integrations/billers/ports.ts';

/** How long a purchase waits for the aggregator before it is left pending for a re-query. */
export const billerTimeoutMs = 30_000;

/** The aggregator's answer as the payment machine's verdict: pending is unknown, never failed. */
function verdictFor(answer: QueryAnswer): Verdict<Delivery> {
  if (answer.status === 'delivered') return { outcome: 'succeeded', delivered: answer };
  if (answer.status === 'failed') return { outcome: 'failed', reason: answer.reason };
  if (answer.status === 'not_received') return { outcome: 'not_received' };
  return { outcome: 'unknown' };
}

/**
 * Bill purchases on the payment machine. "Never received" is believed only once a payment that
 * timed out on our side can no longer be on its way to the aggregator (twice its timeout); a
 * delivered electricity token is written into the purchase's details and mailed to the customer.
 */
export function createBillerRail(deps: { biller: Biller; words: MoneyWords; users: UserRepository; mailer: Mailer; log: Logger; bankName: string }): PaymentRail<'bill_purchases', Delivery> {
  const { biller, words, users, mailer, log, bankName } = deps;
  return {
    table: 'bill_purchases',
    logPrefix: 'bills',
    timeoutMs: billerTimeoutMs,
    firstRequeryMs: 60_000,
    notReceivedGraceMs: 2 * billerTimeoutMs,
    keepsResponseCode: false,
    unanswered: { outcome: 'unknown' },
    send: async (request) => verdictFor(await biller.pay(request)),
    status: async (row) => verdictFor(await biller.query(row.request_id)),
    settlement: (row, delivered) => ({
      kind: `bill.${row.service}.settle`,
      description: `${row.service} ${row.request_id} delivered (${delivered.providerReference})`,
      account: internalAccounts.billerSettlement,
      details: {
        provider_reference: delivered.providerReference,
        ...(delivered.token ? { token: delivered.token } : {}),
        ...(delivered.units !== undefined ? { units: `${delivered.units.toFixed(1)} kWh` } : {}),
        ...(delivered.receiptNumber ? { receipt_number: delivered.receiptNumber } : {}),
      },
    }),
    reversal: (row, details, reason) => {
      const item = typeof details.item === 'string' ? details.item : row.service;
      return { narration: `Reversal: ${item} failed (${reason})`, description: `${row.service} ${row.request_id} failed: ${reason}` };
    },
    message: (transaction) => words.purchaseOutcome(transaction),
    async afterSettle(row, transaction, verdict) {
      if (verdict.outcome !== 'succeeded' || !verdict.delivered.token) return;
      const profile = await users.loadProfile(row.user_id);
      if (!profile || typeof transaction.details.token !== 'string') return;
      const email = words.tokenEmail({
        firstName: profile.user.first_name,
        token: transaction.details.token,
        meterNumber: String(transaction.details.meter_number ?? ''),
        provider: String(transaction.details.provider ?? ''),
        units: String(transaction.details.units ?? ''),
        amountKobo: kobo(transaction.amount),
        reference: transaction.reference,
        createdAt: transaction.created_at,
        bankName,
      });
      const escape = (text: string) => text.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;');
      // The token is on the receipt and in the history too; a lost email is logged, never fatal.
      const message = { to: profile.user.email, subject: email.subject, text: email.lines.join('\n'), html: `<p>${email.lines.map(escape).join('<br>')}</p>` };
      await sendLogged(mailer, log, message, 'electricity_token');
    },
  };
}
