import { z } from 'zod';
import type { Db } from '../../db/connection.ts';
import { freezeAddress } from './freeze-address.ts';
import type { Config } from '../../config.ts';
import type { Logger } from '../../log.ts';
import { mailsAtOnce, type Mailer } from '../../integrations/mail/ports.ts';
import type { SmsSender } from '../../integrations/sms/ports.ts';
import type { JobQueue } from '../../jobs/job-queue.ts';
import type { Clock } from '../clock.ts';
import { fail, succeed, type Result } from '../result.ts';
import { formatNaira } from '../../../lib/money.ts';
import { formatLagosDateTime } from '../../../lib/lagos-time.ts';
import { transactionCategories, type TransactionCategory } from '../../../lib/transaction.ts';
import { categoryName } from '../../../lib/receipt.ts';
import { t } from '../../../i18n/translate.ts';
import { securityChangeEmail, sendLogged } from '../notifications.ts';
import { transactionAlertEmail, transactionAlertSms, type TransactionAlert } from '../money-notifications.ts';
import { defaultLocale, isLocale, profileLocale } from '../../../i18n/locales.ts';
import { alertKey, smsAlertJob, smsAlertKey, transactionAlertJob } from './alert-jobs.ts';
import { said, type Said } from '../../../i18n/said.ts';

/** What GET and POST /v1/alerts/settings answer. */
export type AlertSettings = {
  /** Always true: every movement is emailed (CBN disclosure rules); it cannot be turned off. */
  email: true;
  /** On unless the customer turned it off and accepted the indemnity (CBN: SMS alerts are mandatory). */
  sms: boolean;
  /** Where SMS alerts go: the phone number on the account (+2348031234567). */
  sms_to: string;
  /** While SMS is off: when the customer accepted the indemnity and turned it off; null while on. */
  sms_off_accepted_at: string | null;
};

/** What turning SMS alerts on or off takes: off only with `accept_indemnity: true`. */
export type SmsChoice = { sms: boolean; accept_indemnity?: boolean | undefined };

/** The sentence the API answers with (and the settings page shows after a change). */
export function alertSettingsMessage(settings: Pick<AlertSettings, 'sms' | 'sms_to'>): Said {
  return settings.sms ? said('said.alerts.smsOn', { phone: settings.sms_to }) : said('said.alerts.smsOff');
}

/** Turning SMS off without ticking the indemnity: refused on the field, nothing changed. */
export const indemnityRequiredMessage = said('said.alerts.indemnityRequired');

/** No row, or a row that says 1: SMS alerts go (no row has meant "on" since SMS alerts became mandatory). */
const smsOn = (smsEnabled: number | string | null | undefined) => smsEnabled === null || smsEnabled === undefined || Number(smsEnabled) === 1;

/** Alerts of a claimed batch sent side by side, as many as the SMTP pool has connections. */
const alertsAtOnce = mailsAtOnce;

const payloadSchema = z.object({ transactionId: z.string().min(1).max(64) });

/** 0123456789 → 012****789: the customer recognises their account; a shoulder-surfer learns little. */
export function maskAccount(accountNumber: string): string {
  return accountNumber.length === 10 ? `${accountNumber.slice(0, 3)}****${accountNumber.slice(7)}` : accountNumber;
}

/**
 * Transaction alerts (docs/decisions/007-transaction-alerts.md). Every transaction row queues its alert in the money's own
 * database transaction (recordTransaction → alert-jobs.ts); the worker's job here builds the
 * alert from the stored row as it is when it runs (so a pending debit already settled reads
 * "Successful") and emails it, always. Unless the customer turned SMS off (with the indemnity),
 * it first queues the SMS as a job of its own, keyed by the row: a failing mailer then never resends a text and a
 * failing SMS gateway never resends an email. A pending debit that later settles sends no second
 * alert (the balance did not move again); one that fails is given back by a reversal credit,
 * a transaction row of its own, alerted like any other.
 */
export function createAlerts(deps: { db: Db; config: Pick<Config, 'bank' | 'publicOrigin' | 'host' | 'port'>; clock: Clock; log: Logger; mailer: Mailer; sms: SmsSender; jobs: Pick<JobQueue, 'register' | 'enqueue'> }) {
  const { db, config, clock, log, mailer, sms, jobs } = deps;
  const freezeAt = freezeAddress(config).bare;

  /** What an alert is built from: the transaction row, its customer's name, addresses and language, and the SMS switch. */
  function movements() {
    return db
      .selectFrom('transactions')
      .innerJoin('users', 'users.id', 'transactions.user_id')
      .leftJoin('alert_settings', 'alert_settings.user_id', 'transactions.user_id')
      .selectAll('transactions')
      .select(['users.email', 'users.first_name', 'users.phone_number', 'users.language', 'alert_settings.sms_enabled']);
  }
  type Movement = NonNullable<Awaited<ReturnType<ReturnType<typeof movements>['executeTakeFirst']>>>;
  /** A claimed batch's rows by transaction id: its alerts read them in one statement. */
  type Movements = Map<string, Movement>;

  async function loadMovements(payloads: unknown[]): Promise<Movements> {
    const ids = new Set<string>();
    for (const payload of payloads) {
      const parsed = payloadSchema.safeParse(payload);
      if (parsed.success) ids.add(parsed.data.transactionId);
    }
    if (ids.size === 0) return new Map();
    const rows = await movements().where('transactions.id', 'in', [...ids]).execute();
    return new Map(rows.map((row) => [row.id, row]));
  }

  /** Alerts are written in the language on the customer's profile. */
  const languageOf = (row: Movement) => (isLocale(row.language) ? row.language : defaultLocale);

  function alertOf(row: Movement): TransactionAlert {
    const fee = Number(row.fee);
    const counterparty = row.counterparty_name ? [row.counterparty_name, row.counterparty_account, row.counterparty_bank_name].filter(Boolean).join(', ') : null;
    return {
      type: row.type,
      account: maskAccount(row.account_number),
      // The category in the alert's language ("Transfer", "Tura kuɗi"…); an unknown one as stored.
      category: (transactionCategories as readonly string[]).includes(row.category) ? categoryName(row.category as TransactionCategory, (key, params) => t(languageOf(row), key, params)) : row.category,
      amount: formatNaira(Number(row.amount)),
      charges: fee > 0 ? formatNaira(fee) : null,
      counterparty,
      narration: row.narration,
      reference: row.reference,
      time: formatLagosDateTime(row.created_at, languageOf(row)),
      balanceAfter: formatNaira(Number(row.balance_after)),
      // A transfer held for a security check is stored pending; its alert says held (decision 032).
      status: row.status === 'pending' && (JSON.parse(row.details) as { held?: unknown }).held === true ? 'held' : row.status,
    };
  }

  /**
   * The row, from the batch's read when it holds it, else read alone; or null (logged): it was
   * written in the job's own transaction, so this is a bug, not a retry.
   */
  async function load(payload: unknown, kind: string, batch: Movements | undefined): Promise<Movement | null> {
    const { transactionId } = payloadSchema.parse(payload);
    const row = batch?.get(transactionId) ?? (await movements().where('transactions.id', '=', transactionId).executeTakeFirst());
    if (!row) log.error('alert.transaction_missing', { kind, transaction: transactionId });
    return row ?? null;
  }

  jobs.register<Movements>(
    transactionAlertJob,
    async (payload, run) => {
      const row = await load(payload, transactionAlertJob, run.batch);
      if (!row) return;
      if (smsOn(row.sms_enabled)) await jobs.enqueue(db, { kind: smsAlertJob, payload: { transactionId: row.id }, uniqueKey: smsAlertKey(row.id) });
      await mailer.send(transactionAlertEmail({ bankName: config.bank.name, to: row.email, firstName: row.first_name, alert: alertOf(row), language: languageOf(row) }));
    },
    // A batch's alerts go out side by side, over the SMTP pool's connections: one at a
    // time, each waited for the mail server's answer before the next was sent.
    { loadBatch: loadMovements, concurrency: alertsAtOnce },
  );

  jobs.register<Movements>(
    smsAlertJob,
    async (payload, run) => {
      const row = await load(payload, smsAlertJob, run.batch);
      if (!row) return;
      await sms.send({ to: row.phone_number, text: transactionAlertSms({ bankName: config.bank.name, alert: alertOf(row), freezeAt, language: languageOf(row) }) });
    },
    { loadBatch: loadMovements, concurrency: alertsAtOnce },
  );

  async function settings(userId: string): Promise<AlertSettings> {
    const row = await db
      .selectFrom('users')
      .leftJoin('alert_settings', 'alert_settings.user_id', 'users.id')
      .select(['users.phone_number', 'alert_settings.sms_enabled', 'alert_settings.sms_off_accepted_at'])
      .where('users.id', '=', userId)
      .executeTakeFirst();
    if (!row) throw new Error(`signed-in user ${userId} has no row`);
    const sms = smsOn(row.sms_enabled);
    return { email: true, sms, sms_to: row.phone_number, sms_off_accepted_at: sms ? null : (row.sms_off_accepted_at ?? null) };
  }

  return {
    settings,

    /**
     * Turns SMS alerts on or off. Off needs the indemnity accepted (`accept_indemnity: true`),
     * and keeps when and from which device (`deviceHash`, as known_devices keeps it; null when
     * the request named none); on clears both. Each is one guarded statement that changes the
     * row only when it differs, so of two requests at once only one is a change, and only a
     * change is confirmed by email (turning SMS off quietly is what someone hiding their
     * movements would want).
     */
    async setSms(userId: string, choice: SmsChoice, deviceHash: string | null = null): Promise<Result<AlertSettings & { changed: boolean }>> {
      if (!choice.sms && choice.accept_indemnity !== true) return fail('VALIDATION_FAILED', indemnityRequiredMessage, { errors: { accept_indemnity: [indemnityRequiredMessage] } });
      const now = clock.now().toISOString();
      let changed: boolean;
      if (choice.sms) {
        // No row is on already: only a row that says off is a change.
        const written = await db
          .updateTable('alert_settings')
          .set({ sms_enabled: 1, sms_off_accepted_at: null, sms_off_device_hash: null, updated_at: now })
          .where('user_id', '=', userId)
          .where('sms_enabled', '=', 0)
          .executeTakeFirst();
        changed = Number(written.numUpdatedRows) > 0;
      } else {
        const off = { sms_enabled: 0, sms_off_accepted_at: now, sms_off_device_hash: deviceHash, updated_at: now };
        const written = await db
          .insertInto('alert_settings')
          .values({ user_id: userId, ...off })
          .onConflict((conflict) => conflict.column('user_id').doUpdateSet(off).where('alert_settings.sms_enabled', '=', 1))
          .returning('user_id')
          .executeTakeFirst();
        changed = written !== undefined;
      }
      if (changed) {
        const user = await db.selectFrom('users').select(['email', 'first_name', 'language']).where('id', '=', userId).executeTakeFirstOrThrow();
        log.info('alerts.sms_changed', { user: userId, sms: choice.sms });
        await sendLogged(mailer, log, securityChangeEmail({ bankName: config.bank.name, to: user.email, firstName: user.first_name, change: choice.sms ? 'sms_alerts_on' : 'sms_alerts_off', at: now, language: profileLocale(user.language) }), 'sms_alerts_changed');
      }
      return succeed({ ...(await settings(userId)), changed });
    },

    /**
     * Marks the alerts still queued for these customers' rows as done without sending them: only
     * for the demo seed, whose six months of history are written on days in the past (an alert
     * "now" for a movement of May is noise, not news). Returns how many were dropped.
     */
    async dropQueuedFor(userIds: string[]): Promise<number> {
      if (userIds.length === 0) return 0;
      const rows = await db.selectFrom('transactions').select('id').where('user_id', 'in', userIds).execute();
      let dropped = 0;
      for (let start = 0; start < rows.length; start += 500) {
        const keys = rows.slice(start, start + 500).map((row) => alertKey(row.id));
        const done = await db
          .updateTable('jobs')
          .set({ status: 'done', finished_at: clock.now().toISOString() })
          .where('kind', '=', transactionAlertJob)
          .where('status', '=', 'pending')
          .where('locked_by', 'is', null)
          .where('unique_key', 'in', keys)
          .executeTakeFirst();
        dropped += Number(done.numUpdatedRows);
      }
      return dropped;
    },
  };
}
export type Alerts = ReturnType<typeof createAlerts>;
