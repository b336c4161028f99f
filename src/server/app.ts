import type { Config } from './config.ts';
import { parseConfig } from './config.ts';
import { connect, migrateToLatest, type Db } from './db/connection.ts';
import { createLogger, type Logger } from './log.ts';
import { systemClock, type Clock } from './core/clock.ts';
import type { Mailer } from './integrations/mail/ports.ts';
import { createOutboxMailer, createSmtpMailer } from './integrations/mail/mailers.ts';
import { createUserRepository } from './core/users/user-repository.ts';
import { createSessionService } from './core/auth/session-service.ts';
import { createOneTimeCodes } from './core/codes/one-time-codes.ts';
import { createLoginThrottle, type LoginThrottlePolicy } from './core/auth/login-throttle.ts';
import { createAuthService } from './core/auth/auth-service.ts';
import { createOnboardingService } from './core/onboarding/onboarding-service.ts';
import { seedDemo } from './core/demo/seed-demo.ts';
import { seedDemoHistory } from './core/demo/seed-history.ts';
import { createTransactionRepository } from './core/transactions/transaction-repository.ts';
import { createPinGuard } from './core/money/pin-guard.ts';
import { createIdempotency } from './core/money/idempotency.ts';
import { createTransferService } from './core/transfers/transfer-service.ts';
import { createInboundService } from './core/transfers/inbound-service.ts';
import { createBeneficiaryService } from './core/beneficiaries/beneficiary-service.ts';
import { createRequestCounters } from './core/throttle/request-counters.ts';
import { createNameEnquiries } from './core/transfers/name-enquiries.ts';
import { createRegistrations } from './core/auth/registration-service.ts';
import { createStatementService } from './core/statements/statement-service.ts';
import type { InterbankSwitch } from './integrations/interbank/ports.ts';
import { createSandboxSwitch } from './integrations/interbank/sandbox-switch.ts';
import type { Biller } from './integrations/billers/ports.ts';
import { createSandboxBiller } from './integrations/billers/sandbox-biller.ts';
import { createBillService } from './core/bills/bill-service.ts';
import { createPasswordReset } from './core/auth/password-reset.ts';
import { createSettingsService } from './core/settings/settings-service.ts';
import type { IdentityService } from './integrations/identity/ports.ts';
import { createSandboxIdentity } from './integrations/identity/sandbox-identity.ts';
import { createKycService } from './core/kyc/kyc-service.ts';
import { loadKeyRing } from './core/auth/secret-keys.ts';
import { prepareKeyedSecrets } from './core/auth/keyed-secrets.ts';

/**
 * The composition root: configuration, database and integrations in; services out. Pages and
 * endpoints reach the bank only through the object this returns.
 */
export type App = Awaited<ReturnType<typeof createApp>>;

export async function createApp(
  config: Config,
  overrides: {
    clock?: Clock;
    mailer?: Mailer;
    log?: Logger;
    loginThrottlePolicy?: LoginThrottlePolicy;
    db?: Db;
    interbank?: InterbankSwitch;
    biller?: Biller;
    identity?: IdentityService;
    /** Start timers (the interbank re-query). Only the server process does; tests and CLIs do not. */
    background?: boolean;
  } = {},
) {
  const log = overrides.log ?? createLogger(config.logLevel);
  const clock = overrides.clock ?? systemClock;
  // The PIN/BVN key first: a missing or unsafe key stops the start before the database is touched.
  const keyRing = loadKeyRing(config.secrets, config.database);
  const db = overrides.db ?? connect(config.database, log);
  const applied = await migrateToLatest(db);
  if (applied.length > 0) log.info('db.migrated', { engine: config.database.kind, applied });
  const { pinHasher, bvnFingerprints } = await prepareKeyedSecrets(db, keyRing, log);

  const mailer =
    overrides.mailer ??
    (config.smtpUrl ? createSmtpMailer(config.smtpUrl, config.mailFrom, log) : createOutboxMailer(config.outboxDir, config.mailFrom, log));
  const users = createUserRepository(db);
  const sessions = createSessionService({ db, clock, log, idleMs: config.session.idleMs, absoluteMs: config.session.absoluteMs });
  const codes = createOneTimeCodes({ db, clock });
  const throttle = createLoginThrottle({ db, clock, ...(overrides.loginThrottlePolicy ? { policy: overrides.loginThrottlePolicy } : {}) });
  const auth = createAuthService({ config, clock, log, mailer, users, sessions, throttle });
  const counters = createRequestCounters({ db, clock });
  const registrations = createRegistrations({ db, config, clock, log, mailer, users, sessions, counters });
  const resetIpPolicy = { maxPerIp: config.passwordReset.requestsPerIp, windowMs: 15 * 60_000 };
  const passwordReset = createPasswordReset({ db, config, clock, log, mailer, users, sessions, codes, throttle, ipPolicy: resetIpPolicy });
  const onboarding = createOnboardingService({ db, clock, log, users, sessions, codes, pinHasher, sendVerificationCode: auth.sendVerificationCode });

  const transactions = createTransactionRepository(db);
  const pins = createPinGuard({ db, clock, rules: config.money.pin, pinHasher });
  const idempotency = createIdempotency({ db });
  const interbank = overrides.interbank ?? (config.interbank.provider === 'sandbox' ? createSandboxSwitch({ db, clock, bank: config.bank }) : null);
  const transfers = createTransferService({ db, config, clock, log, users, transactions, pins, idempotency, interbank });
  const inbound = createInboundService({ db, config, clock });
  const nameEnquiries = createNameEnquiries({ config, log, counters, transfers });
  const beneficiaries = createBeneficiaryService({ db, clock, nameEnquiries });
  const statements = createStatementService({ db, config, clock, log, mailer, transactions });
  const biller = overrides.biller ?? createSandboxBiller({ db, clock });
  const bills = createBillService({ db, config, clock, log, mailer, users, transactions, pins, idempotency, biller, transfers });

  const settings = createSettingsService({ db, config, clock, log, mailer, users, sessions, throttle, pins, pinHasher });
  const identity = overrides.identity ?? createSandboxIdentity({ db, clock });
  const kyc = createKycService({ db, config, clock, log, mailer, users, identity, transactions, bvnFingerprints });

  const app = {
    config, db, log, clock, mailer, users, sessions, codes, auth, registrations, passwordReset, onboarding, settings, kyc,
    transactions, pins, idempotency, transfers, nameEnquiries, counters, inbound, beneficiaries, statements, bills, pinHasher, bvnFingerprints,
  };

  if (overrides.background && config.interbank.requeryIntervalMs > 0) {
    // Pending interbank transfers and bill purchases are re-queried on one timer, one run at a time.
    let running = false;
    const requeryPending = async () => {
      if (interbank) {
        const result = await transfers.requery();
        if (result.checked > 0) log.info('nip.requery', result);
      }
      const result = await bills.requery();
      if (result.checked > 0) log.info('bills.requery', result);
    };
    const timer = setInterval(() => {
      if (running) return;
      running = true;
      requeryPending()
        .catch((error: unknown) => log.error('requery_failed', { error: error instanceof Error ? error.message : String(error) }))
        .finally(() => (running = false));
    }, config.interbank.requeryIntervalMs);
    timer.unref();
    // Warm the bill catalogue so the first purchase page does not wait for the aggregator.
    bills.catalogue().catch((error: unknown) => log.warn('bills.catalogue_failed', { error: error instanceof Error ? error.message : String(error) }));
  }

  // The embedded database gets demo data on its very first start; PostgreSQL never automatically.
  // (An embedded database from before the ledger existed gets the demo history when it arrives.)
  const firstStart = applied.includes('2026-11-21T1200_initial') || applied.includes('2026-11-21T1500_ledger');
  if (firstStart && config.database.kind === 'sqlite' && config.seedDemo && !overrides.db) {
    await seedDemo(app);
    await seedDemoHistory(app);
  }
  return app;
}

let shared: ReturnType<typeof createApp> | undefined;

/** The one app of this server process, created on first use from the environment. */
export function getApp(): ReturnType<typeof createApp> {
  shared ??= createApp(parseConfig(process.env), { background: true }).catch((error: unknown) => {
    shared = undefined;
    throw error;
  });
  return shared;
}
