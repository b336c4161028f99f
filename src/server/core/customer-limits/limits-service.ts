import type { Config } from '../../config.ts';
import type { Db } from '../../db/connection.ts';
import { compiled, type Param } from '../../db/compiled.ts';
import type { UserRow } from '../../db/schema.ts';
import { fail, succeed, type Result } from '../result.ts';
import type { CustomerServiceDeps } from '../service-deps.ts';
import type { SecurityCodes } from '../safety/security-codes.ts';
import { tierLimits } from '../tiers/tier-limits.ts';
import { sha256Hex } from '../digest.ts';
import { instantPaymentsEmail, newSignInEmail, ownLimitEmail, sendLogged } from '../notifications.ts';
import { lagosDate, toLagosIso } from '../../../lib/lagos-time.ts';
import { profileLocale } from '../../../i18n/locales.ts';
import { kobo, type Kobo } from '../../../lib/money.ts';
import type { DailyLimitInput, InstantPaymentsInput } from '../../../lib/limits-schemas.ts';
import { accountLimitsOf, capsAt, customerLimitsSelection, loadAccountLimits, type AccountLimitsRow } from './limit-guard.ts';
import { dailyLimitChange, ownLimitAt, pendingRaiseAt, windowAfterNewBrowser, type CapWindow, type LimitCheck, type OwnLimitState } from './rules.ts';
import type { DeviceCookies } from './device-cookies.ts';
import { amountValue, instantValue, said, type Said } from '../../../i18n/said.ts';

/** GET /v1/limits: every figure in kobo, every time ISO 8601 in Lagos. */
export type LimitsJson = {
  tier: number;
  /** The tier's daily limit. */
  tier_daily_limit: Kobo;
  /** The limit the customer set, in force now; null: none (the tier's applies). */
  own_daily_limit: Kobo | null;
  /** What applies today: the lower of the two. */
  daily_limit: Kobo;
  used_today: Kobo;
  /** A raise of the own limit waiting its delay. */
  pending_raise: { daily_limit: Kobo; applies_at: string } | null;
  /** The new-browser cap on money out while its window is open; null when none is open (or the cap is off). */
  new_browser_cap: { limit: Kobo; used: Kobo; left: Kobo; until: string; reason: 'new_account' | 'new_browser' } | null;
  /** The same window's cap on money in, counted on its own: what arrived and the room left to receive; null with new_browser_cap. */
  new_browser_cap_in: { limit: Kobo; used: Kobo; left: Kobo; until: string; reason: 'new_account' | 'new_browser' } | null;
  instant_payments: boolean;
};

/**
 * What overview needs, in one statement (it was four one after another, the user, the
 * account, its limits and today's tally; every dashboard render and GET /v1/limits pays it): the
 * user's tier, the first customer account's limits row and today's debits on it. No account
 * yet: one row with the account's columns null.
 */
export function overviewSelect<P extends { userId: string; day: string }>(db: Db, param: Param<P>) {
  return db
    .selectFrom('users')
    .leftJoin('accounts', (join) =>
      join.on('accounts.account_number', '=', (eb) =>
        eb.selectFrom('accounts as first').select('first.account_number').whereRef('first.user_id', '=', 'users.id').where('first.kind', '=', 'customer').orderBy('first.created_at').limit(1),
      ),
    )
    .leftJoin('customer_limits', 'customer_limits.user_id', 'accounts.user_id')
    .select((eb) => [
      'users.tier',
      'accounts.account_number',
      'accounts.user_id as user_id',
      'accounts.created_at as opened_at',
      ...customerLimitsSelection,
      eb.selectFrom('daily_debits').select('amount_kobo').whereRef('daily_debits.account_number', '=', 'accounts.account_number').where('daily_debits.value_date', '=', param('day')).as('debited_today'),
    ])
    .where('users.id', '=', param('userId'));
}
const overviewQuery = compiled((db: Db, param: Param<{ userId: string; day: string }>) => overviewSelect(db, param));
/** What overviewSelect answers, one row. */
export type OverviewRow = Awaited<ReturnType<typeof overviewQuery>>['rows'][number];

export const wrongLimitPasswordMessage = said('said.limits.wrongPassword');

/**
 * The customer's own safety settings: the own daily limit, the instant-payments
 * switch, and which browsers they have signed in from. A change that makes the account safer
 * (a lower limit, instant payments off) applies at once with the session alone; one that makes it
 * less safe needs the password and the PIN again (a thief holding an unlocked phone has neither),
 * and a raise of the limit waits OWN_LIMIT_RAISE_DELAY_HOURS besides. Every change is emailed.
 *
 * The password is checked as one of the email's sign-in tries (login-throttle.ts, taken before the
 * check), the PIN as one of the PIN's tries (pin-guard.ts): a stolen session cannot guess either.
 */
export function createLimitsService(deps: CustomerServiceDeps & {
  db: Db;
  config: Pick<Config, 'bank' | 'money' | 'customerLimits'>;
  security: Pick<SecurityCodes, 'prove'>;
  devices: DeviceCookies;
}) {
  const { db, config, clock, log, mailer, users, security, devices } = deps;
  const rules = config.customerLimits;

  async function userRow(userId: string): Promise<UserRow> {
    const user = await users.findById(userId);
    if (!user) throw new Error(`signed-in user ${userId} has no row`);
    return user;
  }

  async function accountOf(userId: string): Promise<{ accountNumber: string; limits: AccountLimitsRow } | null> {
    const account = await db.selectFrom('accounts').select('account_number').where('user_id', '=', userId).where('kind', '=', 'customer').orderBy('created_at').executeTakeFirst();
    if (!account) return null;
    const limits = await loadAccountLimits(db, account.account_number);
    return limits ? { accountNumber: account.account_number, limits } : null;
  }

  /** Writes the customer's row, creating it with the defaults on the first change. */
  async function saveLimits(userId: string, changes: Partial<{ own_daily_limit_kobo: Kobo | null; raise_to_kobo: Kobo | null; raise_applies_at: string | null; instant_payments_enabled: number; new_browser_window_started_at: string; new_browser_window_until: string }>): Promise<void> {
    const updated_at = clock.now().toISOString();
    await db
      .insertInto('customer_limits')
      .values({ user_id: userId, updated_at, ...changes })
      .onConflict((conflict) => conflict.column('user_id').doUpdateSet({ ...changes, updated_at }))
      .execute();
  }

  async function overview(userId: string): Promise<LimitsJson> {
    const now = clock.now();
    return overviewFrom(userId, (await overviewQuery(db, { userId, day: lagosDate(now) })).rows[0], now);
  }

  /** The overview from overviewSelect's row, read at `now` (the dashboard reads it with its other reads: core/transactions/dashboard-reads.ts). */
  async function overviewFrom(userId: string, row: OverviewRow | undefined, now: Date): Promise<LimitsJson> {
    if (!row) throw new Error(`signed-in user ${userId} has no row`);
    const tierKobo = tierLimits(config.money, row.tier).dailyDebitKobo;
    const limits = row.account_number === null || row.opened_at === null ? undefined : accountLimitsOf({ ...row, opened_at: row.opened_at });
    const found = row.account_number !== null && limits ? { accountNumber: row.account_number, limits } : null;
    const own: OwnLimitState = found?.limits.own ?? { ownDailyLimitKobo: null, raiseToKobo: null, raiseAppliesAt: null };
    const ownKobo = ownLimitAt(own, now);
    const raise = pendingRaiseAt(own, now);
    // The caps' one sum (money out and money in) runs only while their window is open (capsAt answers null at once otherwise).
    const usedToday = kobo(found ? Number(row.debited_today ?? 0) : 0);
    const caps = found ? await capsAt(db, rules, found.accountNumber, found.limits, now) : null;
    const capJson = (check: LimitCheck, window: CapWindow) => ({ limit: check.limitKobo, used: check.usedKobo, left: check.leftKobo, until: toLagosIso(window.until), reason: window.reason });
    return {
      tier: row.tier,
      tier_daily_limit: tierKobo,
      own_daily_limit: ownKobo,
      daily_limit: ownKobo === null ? tierKobo : kobo(Math.min(ownKobo, tierKobo)),
      used_today: usedToday,
      pending_raise: raise ? { daily_limit: raise.limitKobo, applies_at: toLagosIso(raise.appliesAt) } : null,
      new_browser_cap: caps ? capJson(caps.out, caps.window) : null,
      new_browser_cap_in: caps ? capJson(caps.in, caps.window) : null,
      instant_payments: found?.limits.instantPaymentsEnabled ?? true,
    };
  }

  /** Remembers this browser for the customer; true when it was not known before (this call added it). */
  async function rememberDevice(userId: string, deviceId: string, nowIso: string): Promise<boolean> {
    const device_hash = sha256Hex(deviceId);
    const added = await db
      .insertInto('known_devices')
      .values({ user_id: userId, device_hash, first_seen_at: nowIso, last_seen_at: nowIso })
      .onConflict((conflict) => conflict.columns(['user_id', 'device_hash']).doNothing())
      .returning('device_hash')
      .executeTakeFirst();
    if (!added) await db.updateTable('known_devices').set({ last_seen_at: nowIso }).where('user_id', '=', userId).where('device_hash', '=', device_hash).execute();
    return added !== undefined;
  }

  /** The device id in the browser's cookie when the server signed it, or a new cookie for a browser without one (or with a forged one). */
  function deviceOf(cookieValue: string | undefined | null): { deviceId: string; cookie: string } {
    const deviceId = devices.read(cookieValue);
    if (deviceId) return { deviceId, cookie: cookieValue! };
    const issued = devices.issue();
    return { deviceId: issued.deviceId, cookie: issued.value };
  }

  return {
    overview,
    overviewFrom,

    /**
     * POST /v1/limits/daily. At or below the limit in force: applies now (and drops a waiting raise).
     * Above it (at most the tier's): needs the password and the PIN, and applies after the delay.
     */
    async setDailyLimit(userId: string, input: DailyLimitInput): Promise<Result<{ limits: LimitsJson; message: Said; change: 'lowered' | 'raise' }>> {
      const user = await userRow(userId);
      const found = await accountOf(userId);
      if (!found) return fail('ONBOARDING_INCOMPLETE', said('error.ONBOARDING_INCOMPLETE'));
      const now = clock.now();
      const tierKobo = tierLimits(config.money, user.tier).dailyDebitKobo;
      const requested = kobo(input.limit);
      const change = dailyLimitChange(found.limits.own, requested, tierKobo, now, rules.ownLimitRaiseDelayMs);
      if (change.kind === 'over_tier') {
        const message = said('said.limits.tierMax', { limit: amountValue(tierKobo) });
        return fail('VALIDATION_FAILED', message, { errors: { limit: [message] } });
      }
      if (change.kind === 'raise') {
        const proven = await security.prove(userId, 'daily_limit', input.code, input.pin);
        if (!proven.ok) return proven;
      }
      await saveLimits(userId, { own_daily_limit_kobo: change.next.ownDailyLimitKobo, raise_to_kobo: change.next.raiseToKobo, raise_applies_at: change.next.raiseAppliesAt });
      // The email and the answer carry the figures as data; each is worded in its reader's language.
      const at = now.toISOString();
      let message: Said;
      if (change.kind === 'lower') {
        message = said('settings.limits.lowered', { limit: amountValue(requested) });
        log.info('limits.own_lowered', { user: userId, limit_kobo: requested });
        await sendLogged(mailer, log, ownLimitEmail({ bankName: config.bank.name, to: user.email, firstName: user.first_name, limit: requested, at, appliesAt: null, language: profileLocale(user.language) }), 'own_limit_lowered');
      } else {
        message = said('said.api.dailyRaise', { limit: amountValue(requested), at: instantValue(toLagosIso(change.appliesAt)) });
        log.info('limits.own_raise_requested', { user: userId, limit_kobo: requested, applies_at: change.appliesAt });
        await sendLogged(mailer, log, ownLimitEmail({ bankName: config.bank.name, to: user.email, firstName: user.first_name, limit: requested, at, appliesAt: change.appliesAt, language: profileLocale(user.language) }), 'own_limit_raise');
      }
      return succeed({ limits: await overview(userId), message, change: change.kind === 'lower' ? 'lowered' : 'raise' });
    },

    /** POST /v1/limits/instant-payments. Off at once; back on with the password and the PIN. */
    async setInstantPayments(userId: string, input: InstantPaymentsInput): Promise<Result<{ limits: LimitsJson; message: Said }>> {
      const user = await userRow(userId);
      const found = await accountOf(userId);
      if (!found) return fail('ONBOARDING_INCOMPLETE', said('error.ONBOARDING_INCOMPLETE'));
      if (input.enabled === found.limits.instantPaymentsEnabled) {
        return succeed({ limits: await overview(userId), message: said(input.enabled ? 'said.limits.alreadyOn' : 'said.limits.alreadyOff') });
      }
      // Either way (the CBN's circular): a switched-off rail is a fraudster's pretext as well as a safeguard.
      const proven = await security.prove(userId, 'instant_payments', input.code, input.pin);
      if (!proven.ok) return proven;
      await saveLimits(userId, { instant_payments_enabled: input.enabled ? 1 : 0 });
      log.info(input.enabled ? 'limits.instant_payments_on' : 'limits.instant_payments_off', { user: userId });
      await sendLogged(mailer, log, instantPaymentsEmail({ bankName: config.bank.name, to: user.email, firstName: user.first_name, enabled: input.enabled, at: clock.now().toISOString(), language: profileLocale(user.language) }), input.enabled ? 'instant_payments_on' : 'instant_payments_off');
      return succeed({
        limits: await overview(userId),
        message: said(input.enabled ? 'said.limits.instantOn' : 'said.limits.instantOff'),
      });
    },

    /**
     * A sign-in, with the browser's device cookie (or none). A browser this customer has used
     * before changes nothing. Any other (no cookie, a forged one, or one this customer never used)
     * is remembered from now on, opens the new-browser cap window (keeping one already open), and
     * the customer is told by email. Returns the cookie the browser should hold.
     */
    async recogniseSignIn(userId: string, sign: { deviceCookie: string | undefined | null; origin: string; ip: string | null; userAgent: string | null; openWindow?: boolean }): Promise<{ deviceCookie: string; newBrowser: boolean }> {
      const { deviceId, cookie } = deviceOf(sign.deviceCookie);
      const now = clock.now();
      const added = await rememberDevice(userId, deviceId, now.toISOString());
      if (!added) return { deviceCookie: cookie, newBrowser: false };
      const found = await accountOf(userId);
      // With device binding on the window opens when the new device is confirmed instead (openNewBrowserWindow).
      if (found && sign.openWindow !== false) {
        const window = windowAfterNewBrowser(found.limits, now, rules.newBrowserCapMs);
        await saveLimits(userId, { new_browser_window_started_at: window.startedAt, new_browser_window_until: window.until });
      }
      const user = await userRow(userId);
      log.info('limits.new_browser_sign_in', { user: userId, ip: sign.ip });
      const capped = rules.newBrowserCapKobo !== null && found
        ? { cap: rules.newBrowserCapKobo, hours: rules.newBrowserCapMs / 3_600_000 }
        : null;
      await sendLogged(
        mailer,
        log,
        newSignInEmail({ bankName: config.bank.name, to: user.email, firstName: user.first_name, at: now.toISOString(), browser: describeBrowser(sign.userAgent), ip: sign.ip, freezeUrl: `${sign.origin}/freeze`, capped, language: profileLocale(user.language) }),
        'new_sign_in',
      );
      return { deviceCookie: cookie, newBrowser: true };
    },

    /**
     * The new-browser cap window opens (keeping one already open) at `at`: when a new device is
     * confirmed (core/devices/device-binding.ts). How the cap counts is unchanged.
     */
    async openNewBrowserWindow(userId: string, at: Date): Promise<void> {
      const found = await accountOf(userId);
      if (!found) return;
      const window = windowAfterNewBrowser(found.limits, at, rules.newBrowserCapMs);
      await saveLimits(userId, { new_browser_window_started_at: window.startedAt, new_browser_window_until: window.until });
    },

    /** The device id a valid device cookie (or X-Device value) carries; null for a missing, malformed or forged one. */
    deviceIdOf(deviceCookie: string | undefined | null): string | null {
      return devices.read(deviceCookie);
    },

    /** The browser that opened the account is the customer's first known one: its later sign-ins are not new. */
    async recogniseAccountOpening(userId: string, deviceCookie: string | undefined | null): Promise<{ deviceCookie: string; deviceId: string }> {
      const { deviceId, cookie } = deviceOf(deviceCookie);
      await rememberDevice(userId, deviceId, clock.now().toISOString());
      return { deviceCookie: cookie, deviceId };
    },
  };
}
export type LimitsService = ReturnType<typeof createLimitsService>;

/** "Chrome on Android", from a User-Agent, for the new-sign-in email; never the raw header. */
export function describeBrowser(userAgent: string | null): string {
  if (!userAgent) return 'an unknown browser';
  const browser = /Edg\//.test(userAgent) ? 'Edge' : /OPR\/|Opera/.test(userAgent) ? 'Opera' : /Firefox\//.test(userAgent) ? 'Firefox' : /Chrom(e|ium)\//.test(userAgent) ? 'Chrome' : /Safari\//.test(userAgent) ? 'Safari' : 'a browser';
  const system = /Android/.test(userAgent) ? 'Android' : /iPhone|iPad|iOS/.test(userAgent) ? 'iOS' : /Windows/.test(userAgent) ? 'Windows' : /Mac OS X|Macintosh/.test(userAgent) ? 'macOS' : /Linux/.test(userAgent) ? 'Linux' : null;
  return system ? `${browser} on ${system}` : browser;
}
