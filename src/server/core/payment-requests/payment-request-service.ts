import { randomInt } from 'node:crypto';
import { z } from 'zod';
import type { Db } from '../../db/connection.ts';
import type { Config } from '../../config.ts';
import type { Logger } from '../../log.ts';
import type { Mailer } from '../../integrations/mail/ports.ts';
import type { JobQueue } from '../../jobs/job-queue.ts';
import type { Selectable } from 'kysely';
import type { PaymentRequestsTable } from '../../db/schema.ts';
import type { Clock } from '../clock.ts';
import { newId } from '../ids.ts';
import { fail, succeed, type Result } from '../result.ts';
import type { RequestCounters } from '../throttle/request-counters.ts';
import { lagosDay, minute } from '../throttle/request-counters.ts';
import { paymentRequestPaidEmail } from '../money-notifications.ts';
import { requestPaidJob } from './request-payments.ts';
import { formatNaira, kobo, type Kobo } from '../../../lib/money.ts';
import { defaultLocale, profileLocale, type Locale } from '../../../i18n/locales.ts';
import { t } from '../../../i18n/translate.ts';
import { formatLagosDateTime } from '../../../lib/lagos-time.ts';
import {
  requestAlphabet,
  requestCodeLength,
  requestCodePattern,
  requestIdPattern,
  requestReferenceLength,
  type PaymentRequestCreateInput,
  type PaymentRequestJson,
  type PaymentRequestStatus,
  type PublicPaymentRequestJson,
} from '../../../lib/payment-request-schemas.ts';
import { said, waitValue } from '../../../i18n/said.ts';

type RequestRow = Selectable<PaymentRequestsTable>;

/** How often one network address may open payment links (the page and GET /v1/requests/public/{code}). */
export const publicViewPolicy = { max: 60, windowMs: 10 * minute };
/** Requests one customer may create in a Lagos day. */
export const createPolicy = { max: 50 };
/** The newest requests listed. */
export const listLimit = 100;

/** `length` characters of the unambiguous alphabet, each drawn from the CSPRNG without bias. */
function randomCode(length: number): string {
  let code = '';
  for (let index = 0; index < length; index++) code += requestAlphabet[randomInt(requestAlphabet.length)];
  return code;
}

/** What the owner's list and the public page call a request now. */
export function statusOf(row: Pick<RequestRow, 'status' | 'paid_kobo' | 'expires_at'>, now: Date): PaymentRequestStatus {
  if (row.status === 'cancelled') return 'cancelled';
  if (row.status === 'paid') return 'paid';
  if (row.expires_at <= now.toISOString()) return 'expired';
  return Number(row.paid_kobo) > 0 ? 'partly_paid' : 'open';
}

/**
 * The message to share (WhatsApp and the like): plain lines, the link alone on its own line so it
 * stays tappable. In the catalogue's words: English for the API's share_text, the
 * customer's language on /requests/new.
 */
export function shareText(args: { name: string; amountKobo: Kobo | null; note: string; link: string; accountNumber: string; bankName: string; reference: string }, locale: Locale = defaultLocale): string {
  const ask =
    args.amountKobo === null
      ? t(locale, args.note ? 'requests.share.anyFor' : 'requests.share.any', { name: args.name, note: args.note })
      : t(locale, args.note ? 'requests.share.amountFor' : 'requests.share.amount', { name: args.name, amount: formatNaira(args.amountKobo), note: args.note });
  return [
    ask,
    t(locale, 'requests.share.here', { link: args.link }),
    t(locale, 'requests.share.bank', { bank: args.bankName, account: args.accountNumber, name: args.name, reference: args.reference }),
  ].join('\n');
}

const jobPayloadSchema = z.object({ transactionId: z.string().min(1).max(64) });

/**
 * Payment requests (docs/decisions/015-payment-requests.md): a customer asks for money with a link anyone can open without
 * signing in, and a reference the payer puts in the narration. Credits carrying the reference are
 * counted in the money's own transaction (request-payments.ts); this service creates, lists and
 * cancels requests, answers the public link (throttled per network address, showing only the
 * name as a name enquiry gives it and the request), and sends the requester's email.
 */
export function createPaymentRequests(deps: { db: Db; config: Config; clock: Clock; log: Logger; mailer: Mailer; counters: RequestCounters; jobs: Pick<JobQueue, 'register'> }) {
  const { db, config, clock, log, mailer, counters, jobs } = deps;
  const bankName = config.bank.name;

  async function accountNameOf(accountNumber: string): Promise<string> {
    const account = await db.selectFrom('accounts').select('account_name').where('account_number', '=', accountNumber).executeTakeFirstOrThrow();
    return account.account_name;
  }

  function present(row: RequestRow, accountName: string, origin: string): PaymentRequestJson {
    const amount = row.amount_kobo === null ? null : kobo(Number(row.amount_kobo));
    const link = `${origin}/pay/${row.code}`;
    return {
      id: row.id,
      code: row.code,
      reference: row.reference,
      account_number: row.account_number,
      account_name: accountName,
      amount,
      amount_paid: kobo(Number(row.paid_kobo)),
      note: row.note,
      status: statusOf(row, clock.now()),
      link,
      share_text: shareText({ name: accountName, amountKobo: amount, note: row.note, link, accountNumber: row.account_number, bankName, reference: row.reference }),
      expires_at: row.expires_at,
      created_at: row.created_at,
      paid_at: row.paid_at,
      cancelled_at: row.cancelled_at,
    };
  }

  async function ownRow(userId: string, id: string): Promise<RequestRow | null> {
    if (!requestIdPattern.test(id)) return null;
    return (await db.selectFrom('payment_requests').selectAll().where('id', '=', id).where('user_id', '=', userId).executeTakeFirst()) ?? null;
  }

  jobs.register(requestPaidJob, async (payload) => {
    const { transactionId } = jobPayloadSchema.parse(payload);
    const row = await db
      .selectFrom('payment_request_payments')
      .innerJoin('payment_requests', 'payment_requests.id', 'payment_request_payments.request_id')
      .innerJoin('users', 'users.id', 'payment_requests.user_id')
      .select([
        'payment_request_payments.amount_kobo as paid_now',
        'payment_request_payments.paid_after_kobo',
        'payment_request_payments.payer_name',
        'payment_request_payments.created_at as paid_at',
        'payment_requests.reference',
        'payment_requests.note',
        'payment_requests.amount_kobo',
        'users.email',
        'users.first_name',
        'users.language',
      ])
      .where('payment_request_payments.transaction_id', '=', transactionId)
      .executeTakeFirst();
    // Counted in the job's own transaction; gone only if the request's payment was taken back (a cancel in between).
    if (!row) {
      log.info('payment_request.paid_missing', { transaction: transactionId });
      return;
    }
    const requested = row.amount_kobo === null ? null : Number(row.amount_kobo);
    const paidAfter = Number(row.paid_after_kobo);
    // In the language on the requester's profile, as the alerts are.
    const language = profileLocale(row.language);
    await mailer.send(
      paymentRequestPaidEmail({
        bankName,
        to: row.email,
        firstName: row.first_name,
        reference: row.reference,
        note: row.note,
        amount: formatNaira(Number(row.paid_now)),
        payer: row.payer_name,
        paidSoFar: formatNaira(paidAfter),
        requested: requested === null ? null : formatNaira(requested),
        fully: requested === null || paidAfter >= requested,
        at: formatLagosDateTime(row.paid_at, language),
        language,
      }),
    );
  });

  return {
    /** A new request on one of the customer's accounts (the endpoint checked it is theirs; checked again here). */
    async create(userId: string, accountNumber: string, input: PaymentRequestCreateInput, origin: string): Promise<Result<PaymentRequestJson>> {
      const account = await db.selectFrom('accounts').select(['account_name']).where('account_number', '=', accountNumber).where('user_id', '=', userId).where('kind', '=', 'customer').executeTakeFirst();
      if (!account) return fail('FORBIDDEN', said('said.errors.notYours'));
      const taken = await counters.take('payment_request', userId, [{ name: 'day', max: createPolicy.max, ...lagosDay }]);
      if (taken.waitSeconds > 0) {
        return fail('RATE_LIMITED', said('said.errors.requestsToday', { count: createPolicy.max, wait: waitValue(taken.waitSeconds) }), { retryAfterSeconds: taken.waitSeconds });
      }
      const now = clock.now();
      const nowIso = now.toISOString();
      const expiresAt = new Date(now.getTime() + input.expires_in_days * 24 * 60 * minute).toISOString();
      // A clash of random codes is very unlikely; a unique index catches one and we draw again.
      for (let attempt = 0; attempt < 5; attempt++) {
        const row: RequestRow = {
          id: newId('prq'),
          code: randomCode(requestCodeLength),
          reference: `RQ-${randomCode(requestReferenceLength)}`,
          user_id: userId,
          account_number: accountNumber,
          amount_kobo: input.amount ?? null,
          paid_kobo: 0,
          note: input.note,
          status: 'open',
          expires_at: expiresAt,
          created_at: nowIso,
          updated_at: nowIso,
          paid_at: null,
          cancelled_at: null,
        };
        const inserted = await db.insertInto('payment_requests').values(row).onConflict((conflict) => conflict.doNothing()).returning('id').executeTakeFirst();
        if (inserted) {
          log.info('payment_request.created', { user: userId, request: row.id });
          return succeed(present(row, account.account_name, origin));
        }
      }
      throw new Error('five payment request codes in a row were already taken');
    },

    /** The account's requests, newest first (at most {@link listLimit}). */
    async list(userId: string, accountNumber: string, origin: string): Promise<PaymentRequestJson[]> {
      const rows = await db.selectFrom('payment_requests').selectAll().where('user_id', '=', userId).where('account_number', '=', accountNumber).orderBy('created_at', 'desc').orderBy('id', 'desc').limit(listLimit).execute();
      if (rows.length === 0) return [];
      const name = await accountNameOf(accountNumber);
      return rows.map((row) => present(row, name, origin));
    },

    /** One of the customer's requests; another customer's, or none, is null. */
    async find(userId: string, id: string, origin: string): Promise<PaymentRequestJson | null> {
      const row = await ownRow(userId, id);
      return row ? present(row, await accountNameOf(row.account_number), origin) : null;
    },

    /**
     * Cancels an open (or partly paid) request: its link then answers as an unknown one. Another
     * customer's request is NOT_FOUND, exactly as a missing one; a paid or cancelled one is refused.
     */
    async cancel(userId: string, id: string, origin: string): Promise<Result<PaymentRequestJson>> {
      const row = await ownRow(userId, id);
      if (!row) return fail('NOT_FOUND', said('said.requests.noSuch'));
      const nowIso = clock.now().toISOString();
      const cancelled = await db
        .updateTable('payment_requests')
        .set({ status: 'cancelled', cancelled_at: nowIso, updated_at: nowIso })
        .where('id', '=', row.id)
        .where('status', '=', 'open')
        .returningAll()
        .executeTakeFirst();
      if (!cancelled) {
        const now = await ownRow(userId, id);
        return fail('VALIDATION_FAILED', now?.status === 'paid' ? said('said.requests.alreadyPaid') : said('said.requests.alreadyCancelled'));
      }
      log.info('payment_request.cancelled', { user: userId, request: row.id });
      return succeed(present(cancelled, await accountNameOf(row.account_number), origin));
    },

    /**
     * The public link, signed out: throttled per network address before anything is looked up.
     * An unknown code and a cancelled request answer the same NOT_FOUND. What it shows: the name
     * on the account (as a name enquiry would), its number and this bank (to pay from any bank),
     * the reference, the amount (and what is left of it), the note and until when it works.
     */
    async open(code: string, ip: string | null): Promise<Result<{ request: PublicPaymentRequestJson; accountNumber: string; bankName: string; reference: string; note: string; amountLeft: Kobo | null; expiresAt: string }>> {
      const wait = await counters.takeRolling('payment_link_ip', ip ?? 'unknown', publicViewPolicy);
      if (wait > 0) {
        log.warn('payment_request.link_limited', { ip });
        return fail('RATE_LIMITED', said('said.errors.linksNetwork', { wait: waitValue(wait) }), { retryAfterSeconds: wait });
      }
      const normalised = code.toUpperCase();
      const notFound = fail('NOT_FOUND', said('said.requests.linkInvalid'));
      if (!requestCodePattern.test(normalised)) return notFound;
      const row = await db.selectFrom('payment_requests').selectAll().where('code', '=', normalised).executeTakeFirst();
      if (!row) return notFound;
      const status = statusOf(row, clock.now());
      if (status === 'cancelled') return notFound;
      const amount = row.amount_kobo === null ? null : kobo(Number(row.amount_kobo));
      return succeed({
        request: { account_name: await accountNameOf(row.account_number), amount, status },
        accountNumber: row.account_number,
        bankName,
        reference: row.reference,
        note: row.note,
        amountLeft: amount === null ? null : kobo(Math.max(0, amount - Number(row.paid_kobo))),
        expiresAt: row.expires_at,
      });
    },
  };
}
export type PaymentRequests = ReturnType<typeof createPaymentRequests>;
