import type { Transaction } from 'kysely';
import type { Db } from '../../db/connection.ts';
import type { Config } from '../../config.ts';
import type { Database, UserRow } from '../../db/schema.ts';
import type { SmsSender } from '../../integrations/sms/ports.ts';
import type { CustomerServiceDeps } from '../service-deps.ts';
import type { CodePolicy, OneTimeCodes } from '../codes/one-time-codes.ts';
import { fail, succeed, type Result } from '../result.ts';
import { sha256Hex } from '../digest.ts';
import { sendLogged } from '../notifications.ts';
import { layout, sayerFor } from '../email-layout.ts';
import { profileLocale } from '../../../i18n/locales.ts';
import { formatLagosDateTime } from '../../../lib/lagos-time.ts';
import { describeBrowser } from '../customer-limits/limits-service.ts';
import { said } from '../../../i18n/said.ts';

/** The new-device code: 10 minutes, single use, dead after 5 wrong tries, 1 a minute and 5 an hour per customer. */
export const newDeviceCodePolicy: CodePolicy = { ttlMs: 10 * 60_000, maxAttempts: 5, minIntervalMs: 60_000, maxPerHour: 5 };
const codeMinutes = newDeviceCodePolicy.ttlMs / 60_000;

/** How a device is named in the database: a SHA-256 of its id, never the id itself (decision 005). */
export const deviceHashOf = (deviceId: string): string => sha256Hex(deviceId);

type Executor = Db | Transaction<Database>;

/** What binding did: how many other sessions ended, and whether a new selfie is now asked before money moves. */
export type Bound = { signedOutSessions: number; livenessRequired: boolean };

/**
 * Everything that happens, in the confirming transaction, when a device becomes a customer's one
 * bound device: it replaces the bound one, and every other session of the customer ends (the
 * confirming session, `keepSessionId`, is kept; null at the account's opening, when the only
 * session is the opening device's own and none ends). A customer at Tier 2 or above (both a BVN
 * and a NIN on file) who moves from a bound device to a new one gives a new liveness selfie, as
 * the CBN's March 2026 circular asks at reactivation: their pass is cleared here, so money waits
 * for the new one (canMoveMoney). A first binding (a customer who had none: the demo customers,
 * or one never seen on a browser before the rule came) replaces nothing and keeps the pass.
 * Another step that binding must take goes here, and only here.
 */
export async function deviceBound(trx: Executor, userId: string, at: Date, binding: { deviceHash: string; keepSessionId: string | null }): Promise<Bound> {
  const atIso = at.toISOString();
  const replaced = await trx.selectFrom('bound_devices').select('device_hash').where('user_id', '=', userId).executeTakeFirst();
  await trx
    .insertInto('bound_devices')
    .values({ user_id: userId, device_hash: binding.deviceHash, bound_at: atIso })
    .onConflict((conflict) => conflict.column('user_id').doUpdateSet({ device_hash: binding.deviceHash, bound_at: atIso }))
    .execute();
  // At the account's opening (no session to keep named) the one session is the opening device's own, and no selfie is on file yet.
  if (binding.keepSessionId === null) return { signedOutSessions: 0, livenessRequired: false };
  const ended = await trx.updateTable('sessions').set({ revoked_at: atIso, revoke_reason: 'new_device' }).where('user_id', '=', userId).where('revoked_at', 'is', null).where('id', '!=', binding.keepSessionId).executeTakeFirst();
  if (!replaced || replaced.device_hash === binding.deviceHash) return { signedOutSessions: Number(ended.numUpdatedRows), livenessRequired: false };
  const cleared = await trx
    .updateTable('users')
    .set({ liveness_passed_at: null })
    .where('id', '=', userId)
    .where('bvn_verified_at', 'is not', null)
    .where('nin_verified_at', 'is not', null)
    .where('liveness_passed_at', 'is not', null)
    .executeTakeFirst();
  return { signedOutSessions: Number(ended.numUpdatedRows), livenessRequired: Number(cleared.numUpdatedRows) > 0 };
}

/**
 * One bound device per customer (docs/decisions/026-one-bound-device.md). A password sign-in from
 * any other device gets a restricted session (a device_confirmations row) that can only confirm
 * the code sent by email and SMS; the right code binds the device (deviceBound), opens the
 * new-browser cap window at that moment, and tells the customer by email and SMS.
 */
export function createDeviceBinding(deps: CustomerServiceDeps & {
  db: Db;
  config: Pick<Config, 'bank'>;
  codes: OneTimeCodes;
  sms: SmsSender;
  limits: { openNewBrowserWindow(userId: string, at: Date): Promise<void> };
}) {
  const { db, config, clock, log, mailer, users, codes, sms, limits } = deps;

  async function userOf(userId: string): Promise<UserRow> {
    const user = await users.findById(userId);
    if (!user) throw new Error(`user ${userId} has no row`);
    return user;
  }

  async function sendSms(user: UserRow, text: string, purpose: string): Promise<void> {
    await sms.send({ to: user.phone_number, text }).catch((error: unknown) => log.error('device.sms_failed', { user: user.id, purpose, error: error instanceof Error ? error.message : String(error) }));
  }

  /** Issues the code and sends it by email and SMS; a throttled request says when to ask again. */
  async function issueAndSend(userId: string, origin: string): Promise<Result<{ expiresAt: Date }>> {
    const issued = await codes.issue(userId, 'new_device', newDeviceCodePolicy);
    if (!issued.ok) return issued;
    const user = await userOf(userId);
    const language = profileLocale(user.language);
    const say = sayerFor(language);
    const vars = { bank: config.bank.name, code: issued.value.code, minutes: codeMinutes, freezeUrl: `${origin}/freeze` };
    const lines = [say('email.hello', { name: user.first_name }), say('email.deviceCode.body', vars), say('email.deviceCode.ignore', vars)];
    await sendLogged(mailer, log, { to: user.email, subject: say('email.deviceCode.subject', vars), text: lines.join('\n\n') + '\n', html: layout(config.bank.name, [lines[0]!, say('email.deviceCode.html'), lines[2]!], issued.value.code) }, 'new_device_code');
    await sendSms(user, say('email.deviceCode.sms', vars), 'new_device_code');
    log.info('device.code_sent', { user: userId });
    return succeed({ expiresAt: issued.value.expiresAt });
  }

  return {
    /** Whether this device id is the customer's bound one. */
    async isBound(userId: string, deviceId: string): Promise<boolean> {
      const row = await db.selectFrom('bound_devices').select('device_hash').where('user_id', '=', userId).executeTakeFirst();
      return row?.device_hash === deviceHashOf(deviceId);
    },

    /** The device that opened the account (its session verified the email code) is the first bound one. */
    async bindAtOpening(userId: string, deviceId: string, executor: Executor = db): Promise<void> {
      await deviceBound(executor, userId, clock.now(), { deviceHash: deviceHashOf(deviceId), keepSessionId: null });
    },

    /** A sign-in from a device that is not the bound one: the session is restricted until the code is confirmed. */
    async restrict(sessionId: string, userId: string, deviceId: string, origin: string): Promise<void> {
      await db.insertInto('device_confirmations').values({ session_id: sessionId, user_id: userId, device_hash: deviceHashOf(deviceId), created_at: clock.now().toISOString() }).execute();
      const sent = await issueAndSend(userId, origin);
      if (!sent.ok) log.warn('device.code_throttled', { user: userId, code: sent.code });
    },

    /** Whether a session waits for its device to be confirmed (one indexed read). */
    async pending(sessionId: string): Promise<boolean> {
      return (await db.selectFrom('device_confirmations').select('session_id').where('session_id', '=', sessionId).executeTakeFirst()) !== undefined;
    },

    /** A new code for a restricted session (the code policy's cooldown applies). */
    async resend(sessionId: string, origin: string): Promise<Result<{ expiresAt: Date }>> {
      const row = await db.selectFrom('device_confirmations').select('user_id').where('session_id', '=', sessionId).executeTakeFirst();
      if (!row) return fail('DEVICE_ALREADY_CONFIRMED', said('said.device.alreadyConfirmed'));
      return issueAndSend(row.user_id, origin);
    },

    /**
     * The right code binds this session's device: in one transaction the code is spent, the
     * session's restriction lifted (of two racing confirms, one does it) and deviceBound runs.
     * Then the cap window opens and the customer is told.
     */
    async confirm(sessionId: string, code: string, meta: { origin: string; userAgent: string | null }): Promise<Result<Bound>> {
      const row = await db.selectFrom('device_confirmations').selectAll().where('session_id', '=', sessionId).executeTakeFirst();
      if (!row) return fail('DEVICE_ALREADY_CONFIRMED', said('said.device.alreadyConfirmed'));
      const now = clock.now();
      const outcome = await db.transaction().execute(async (trx) => {
        const used = await codes.verify(row.user_id, 'new_device', code, newDeviceCodePolicy, { field: 'code', executor: trx });
        if (!used.ok) return used;
        const lifted = await trx.deleteFrom('device_confirmations').where('session_id', '=', sessionId).executeTakeFirst();
        if (Number(lifted.numDeletedRows) === 0) return fail('DEVICE_ALREADY_CONFIRMED', said('said.device.alreadyConfirmed'));
        return succeed(await deviceBound(trx, row.user_id, now, { deviceHash: row.device_hash, keepSessionId: sessionId }));
      });
      if (!outcome.ok) {
        log.warn('device.code_refused', { user: row.user_id, code: outcome.code });
        return outcome;
      }
      await limits.openNewBrowserWindow(row.user_id, now);
      const user = await userOf(row.user_id);
      const language = profileLocale(user.language);
      const say = sayerFor(language);
      const vars = { bank: config.bank.name, at: formatLagosDateTime(now.toISOString(), language), browser: describeBrowser(meta.userAgent), freezeUrl: `${meta.origin}/freeze` };
      const lines = [say('email.hello', { name: user.first_name }), say('email.deviceBound.body', vars), ...(outcome.value.livenessRequired ? [say('email.deviceBound.selfie', { kycUrl: `${meta.origin}/kyc-verification` })] : []), say('email.deviceBound.notYou', vars)];
      await sendLogged(mailer, log, { to: user.email, subject: say('email.deviceBound.subject', vars), text: lines.join('\n\n') + '\n', html: layout(config.bank.name, lines) }, 'new_device_bound');
      await sendSms(user, say('email.deviceBound.sms', vars), 'new_device_bound');
      log.info('device.bound', { user: row.user_id, signed_out: outcome.value.signedOutSessions, liveness_required: outcome.value.livenessRequired });
      return succeed(outcome.value);
    },
  };
}
export type DeviceBinding = ReturnType<typeof createDeviceBinding>;
