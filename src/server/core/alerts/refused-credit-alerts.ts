import { z } from 'zod';
import type { Db } from '../../db/connection.ts';
import { freezeAddress } from './freeze-address.ts';
import type { Config } from '../../config.ts';
import type { Logger } from '../../log.ts';
import type { Mailer } from '../../integrations/mail/ports.ts';
import type { SmsSender } from '../../integrations/sms/ports.ts';
import type { JobQueue } from '../../jobs/job-queue.ts';
import { formatNaira, kobo } from '../../../lib/money.ts';
import { formatLagosDateTime } from '../../../lib/lagos-time.ts';
import { defaultLocale, isLocale } from '../../../i18n/locales.ts';
import type { RefusedCredit } from '../customer-limits/credit-cap.ts';
import { maskAccount } from './alert-service.ts';
import { refusedCreditEmail, refusedCreditSms } from './refused-credit-messages.ts';

/** The email of a credit refused over the cap on money in (it queues the SMS). */
export const refusedCreditJob = 'alert.credit_refused';
export const refusedCreditSmsJob = 'alert.credit_refused_sms';

const payloadSchema = z.object({
  userId: z.string().min(1).max(64),
  accountNumber: z.string().min(1).max(32),
  amountKobo: z.number().int().nonnegative(),
  limitKobo: z.number().int().nonnegative(),
  leftKobo: z.number().int().nonnegative(),
  from: z.string().max(200),
  fromBank: z.string().max(200).nullable(),
  until: z.string().min(1).max(40),
  reason: z.enum(['new_account', 'new_browser']),
});
export type RefusedCreditPayload = z.infer<typeof payloadSchema>;

/**
 * The customer is told, by email and by SMS, that a payment to them was refused by the cap on
 * money in (docs/decisions/025-no-money-without-identity-and-the-cap-both-ways.md): who tried to
 * pay how much, why, and until when. Both go whatever the SMS-alerts switch says, as a safety
 * notice (the sign-in from a new device is texted the same way): the refused money never became a
 * transaction row, so the transaction alerts know nothing of it.
 *
 * Queued after the refusing transaction rolled back (it wrote nothing, so nothing of it can carry
 * the job), as a job of the durable queue: the request never waits for a mail server. The job's
 * key is the refusal's: one payer's same payment tried again and again in the window (a retry, a
 * button pressed twice, a bot) is one message; each other payer or amount is one each. The SMS is
 * a job of its own, so a failing mailer never resends a text.
 */
export function createRefusedCreditAlerts(deps: { db: Db; config: Pick<Config, 'bank' | 'publicOrigin' | 'host' | 'port'>; log: Logger; mailer: Mailer; sms: SmsSender; jobs: Pick<JobQueue, 'register' | 'enqueue'> }) {
  const { db, config, log, mailer, sms, jobs } = deps;
  const freezeUrl = freezeAddress(config).url;

  async function customerOf(userId: string) {
    const row = await db.selectFrom('users').select(['email', 'first_name', 'phone_number', 'language']).where('id', '=', userId).executeTakeFirst();
    if (!row) log.error('alert.credit_refused_no_customer', { user: userId });
    return row ? { ...row, language: isLocale(row.language) ? row.language : defaultLocale } : null;
  }

  function wording(payload: RefusedCreditPayload, language: Parameters<typeof formatLagosDateTime>[1]) {
    return {
      amount: formatNaira(payload.amountKobo),
      limit: formatNaira(payload.limitKobo),
      left: formatNaira(payload.leftKobo),
      from: payload.fromBank ? `${payload.from}, ${payload.fromBank}` : payload.from,
      until: formatLagosDateTime(payload.until, language),
      account: maskAccount(payload.accountNumber),
      reason: payload.reason,
    };
  }

  jobs.register(refusedCreditJob, async (raw) => {
    const payload = payloadSchema.parse(raw);
    const customer = await customerOf(payload.userId);
    if (!customer) return;
    await jobs.enqueue(db, { kind: refusedCreditSmsJob, payload, uniqueKey: `${refusedCreditSmsJob}:${keyOf(payload)}` });
    await mailer.send(refusedCreditEmail({ bankName: config.bank.name, to: customer.email, firstName: customer.first_name, freezeUrl, words: wording(payload, customer.language), language: customer.language }));
  });

  jobs.register(refusedCreditSmsJob, async (raw) => {
    const payload = payloadSchema.parse(raw);
    const customer = await customerOf(payload.userId);
    if (!customer) return;
    await sms.send({ to: customer.phone_number, text: refusedCreditSms({ bankName: config.bank.name, words: wording(payload, customer.language), language: customer.language }) });
  });

  /** One refusal: this account, this payer, this amount, this window. */
  function keyOf(payload: RefusedCreditPayload): string {
    return `${payload.accountNumber}:${payload.from}:${payload.fromBank ?? ''}:${payload.amountKobo}:${payload.until}`;
  }

  return {
    /**
     * Queues the alert of a refused credit (call it after the refusing transaction ended). A
     * failure to queue is logged, never the payer's answer: the refusal stands either way.
     */
    async queue(refused: RefusedCredit): Promise<void> {
      const payload: RefusedCreditPayload = {
        userId: refused.userId,
        accountNumber: refused.accountNumber,
        amountKobo: kobo(refused.amountKobo),
        limitKobo: refused.limitKobo,
        leftKobo: refused.leftKobo,
        from: refused.from.slice(0, 200),
        fromBank: refused.fromBank?.slice(0, 200) ?? null,
        until: refused.until,
        reason: refused.reason,
      };
      try {
        await jobs.enqueue(db, { kind: refusedCreditJob, payload, uniqueKey: `${refusedCreditJob}:${keyOf(payload)}` });
      } catch (error) {
        log.error('alert.credit_refused_not_queued', { account: refused.accountNumber, error: error instanceof Error ? error.message : String(error) });
      }
    },
  };
}
export type RefusedCreditAlerts = ReturnType<typeof createRefusedCreditAlerts>;
