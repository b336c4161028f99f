import path from 'node:path';
import type { Config } from '../config.ts';
import type { Db } from '../db/connection.ts';
import type { Logger } from '../log.ts';
import type { Clock } from '../core/clock.ts';
import type { InterbankSwitch } from './interbank/ports.ts';
import { createSandboxSwitch } from './interbank/sandbox-switch.ts';
import type { Biller } from './billers/ports.ts';
import { createSandboxBiller } from './billers/sandbox-biller.ts';
import type { IdentityService } from './identity/ports.ts';
import { createSandboxIdentity } from './identity/sandbox-identity.ts';
import type { Mailer } from './mail/ports.ts';
import { createOutboxMailer, createSmtpMailer } from './mail/mailers.ts';
import type { SmsSender } from './sms/ports.ts';
import { createOutboxSms } from './sms/outbox-sms.ts';
import { createTermiiSms } from './sms/termii-sms.ts';

/** Every outside party the bank talks to, each behind its port. A null switch means interbank transfers are off. */
export type Integrations = { interbank: InterbankSwitch | null; biller: Biller; identity: IdentityService; mailer: Mailer; sms: SmsSender };

type Context = { config: Config; db: Db; clock: Clock; log: Logger };

/**
 * The one place an integration is chosen from configuration: INTERBANK_PROVIDER (sandbox | disabled)
 * picks the switch, SMTP_URL picks SMTP over the outbox directory, SMS_PROVIDER the SMS gateway; the biller and the identity
 * check have one implementation today, the sandbox. Tests hand in their own through `chosen`.
 */
const providers = {
  interbank: {
    sandbox: ({ db, clock, config }: Context): InterbankSwitch | null => createSandboxSwitch({ db, clock, bank: config.bank }),
    disabled: (): InterbankSwitch | null => null,
  },
  biller: { sandbox: ({ db, clock }: Context): Biller => createSandboxBiller({ db, clock }) },
  identity: { sandbox: ({ db, clock }: Context): IdentityService => createSandboxIdentity({ db, clock }) },
  mailer: {
    smtp: ({ config, log }: Context): Mailer => createSmtpMailer(config.smtpUrl!, config.mailFrom, log),
    outbox: ({ config, log }: Context): Mailer => createOutboxMailer(config.outboxDir, config.mailFrom, log),
  },
  sms: {
    outbox: ({ config, log }: Context): SmsSender => createOutboxSms(path.join(config.outboxDir, 'sms'), log),
    termii: ({ config, log }: Context): SmsSender => {
      if (config.sms.provider !== 'termii') throw new Error('the Termii gateway needs SMS_PROVIDER=termii');
      return createTermiiSms(config.sms, log);
    },
  },
} as const;

export function createIntegrations(context: Context, chosen: { [Name in keyof Integrations]?: Integrations[Name] | undefined } = {}): Integrations {
  const { config } = context;
  return {
    interbank: chosen.interbank ?? providers.interbank[config.interbank.provider](context),
    biller: chosen.biller ?? providers.biller.sandbox(context),
    identity: chosen.identity ?? providers.identity.sandbox(context),
    mailer: chosen.mailer ?? providers.mailer[config.smtpUrl ? 'smtp' : 'outbox'](context),
    sms: chosen.sms ?? providers.sms[config.sms.provider](context),
  };
}
