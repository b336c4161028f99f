import type { Db } from '../../db/connection.ts';
import { freezeAddress } from '../alerts/freeze-address.ts';
import type { Config } from '../../config.ts';
import type { CodePolicy, OneTimeCodes } from '../codes/one-time-codes.ts';
import type { CustomerServiceDeps } from '../service-deps.ts';
import type { SmsSender } from '../../integrations/sms/ports.ts';
import type { PinGuard } from '../money/pin-guard.ts';
import { fail, succeed, type Result } from '../result.ts';
import { securityCodeEmail, sendLogged } from '../notifications.ts';
import { profileLocale } from '../../../i18n/locales.ts';
import { sayerFor } from '../email-layout.ts';
import type { MessageKey } from '../../../i18n/messages/en.ts';
import { said, type Said } from '../../../i18n/said.ts';
import type { SecurityCodePurpose } from '../../../lib/security-schemas.ts';

/**
 * The code for a change the CBN names (instant payments, raising the own limit, unfreezing):
 * 10 minutes, single use, 3 wrong tries, one a minute, 5 an hour, 10 a day per customer and purpose.
 */
export const securityCodePolicy: CodePolicy = { ttlMs: 10 * 60_000, maxAttempts: 3, minIntervalMs: 60_000, maxPerHour: 5, maxPerDay: 10 };
const codeMinutes = securityCodePolicy.ttlMs / 60_000;

const storedPurpose = { instant_payments: 'security_instant_payments', daily_limit: 'security_daily_limit', unfreeze: 'security_unfreeze' } as const;

/**
 * Security codes (docs/decisions/027-codes-for-safety-changes-and-sms-by-default.md): something the customer
 * has (the registered phone, and the email) with something they know (the PIN), instead of two
 * things they know. Each purpose has its own codes, so a code asked for one change is refused for another.
 */
export function createSecurityCodes(deps: CustomerServiceDeps & {
  db: Db;
  config: Pick<Config, 'bank' | 'publicOrigin' | 'host' | 'port'>;
  codes: OneTimeCodes;
  sms: SmsSender;
  pins: Pick<PinGuard, 'confirm'>;
}) {
  const { config, log, mailer, users, codes, sms, pins } = deps;
  const freezeAt = freezeAddress(config).bare;

  return {
    policy: securityCodePolicy,

    /** POST /v1/security/code: a new code (the old one of that purpose dies), by SMS and by email. */
    async request(userId: string, purpose: SecurityCodePurpose): Promise<Result<{ expiresAt: Date; message: Said }>> {
      const user = await users.findById(userId);
      if (!user) throw new Error(`signed-in user ${userId} has no row`);
      const issued = await codes.issue(userId, storedPurpose[purpose], securityCodePolicy);
      if (!issued.ok) return issued;
      const { code, expiresAt } = issued.value;
      const language = profileLocale(user.language);
      // Plain GSM letters that fit one part, in the customer's language, like the new-device code's SMS (decision 023).
      const say = sayerFor(language);
      const text = say('email.securityCode.sms', { bank: config.bank.name, code, what: say(smsWhat[purpose]), minutes: codeMinutes, freeze: freezeAt });
      await sms.send({ to: user.phone_number, text }).catch((error: unknown) => log.error('security_code.sms_failed', { user: userId, error: error instanceof Error ? error.message : String(error) }));
      await sendLogged(mailer, log, securityCodeEmail({ bankName: config.bank.name, to: user.email, firstName: user.first_name, code, minutes: codeMinutes, purpose, freezeAt, language }), `security_code_${purpose}`);
      log.info('security_code.sent', { user: userId, purpose });
      return succeed({ expiresAt, message: said('said.security.codeSent', { minutes: codeMinutes }) });
    },

    /**
     * The code, then the PIN. The code is only checked first (a wrong or expired one spends no PIN
     * try); after the right PIN it is used up, so of a burst carrying the same code one succeeds.
     */
    async prove(userId: string, purpose: SecurityCodePurpose, code: string | undefined, pin: string | undefined): Promise<Result<void>> {
      if (!code || !pin) {
        const errors: Record<string, Said[]> = {};
        if (!code) errors.code = [said('said.security.enterCode')];
        if (!pin) errors.pin = [said('said.pin.enter')];
        return fail('VALIDATION_FAILED', said('said.security.confirm'), { errors });
      }
      const checked = await codes.check(userId, storedPurpose[purpose], code, securityCodePolicy, { field: 'code' });
      if (!checked.ok) return checked.errors?.code ? checked : { ...checked, errors: { code: [checked.message] } };
      const confirmed = await pins.confirm(userId, pin);
      if (!confirmed.ok) return confirmed.code === 'INVALID_PIN' ? { ...confirmed, errors: { pin: [confirmed.message] } } : confirmed;
      const used = await codes.verify(userId, storedPurpose[purpose], code, securityCodePolicy, { field: 'code' });
      if (!used.ok) return used.errors?.code ? used : { ...used, errors: { code: [used.message] } };
      return succeed(undefined);
    },
  };
}
export type SecurityCodes = ReturnType<typeof createSecurityCodes>;

const smsWhat: Record<SecurityCodePurpose, MessageKey> = {
  instant_payments: 'email.securityCode.sms.instant_payments',
  daily_limit: 'email.securityCode.sms.daily_limit',
  unfreeze: 'email.securityCode.sms.unfreeze',
};

