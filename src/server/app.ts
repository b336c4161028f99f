import { createBvnFingerprints, ninPurpose } from './core/kyc/bvn-fingerprint.ts';
import type { Config } from './config.ts';
import { parseConfig } from './config.ts';
import { connect, migrateToLatest, type Db } from './db/connection.ts';
import { createLogger, type Logger } from './log.ts';
import { systemClock, type Clock } from './core/clock.ts';
import type { Mailer } from './integrations/mail/ports.ts';
import type { SmsSender } from './integrations/sms/ports.ts';
import { createIntegrations } from './integrations/registry.ts';
import { createHealthCheck } from './db/health.ts';
import { startBackgroundJobs } from './jobs/background.ts';
import { createJobQueue } from './jobs/job-queue.ts';
import { createEscalation } from './core/payments/escalation.ts';
import { createAlerts } from './core/alerts/alert-service.ts';
import { createUserRepository } from './core/users/user-repository.ts';
import { createSessionService } from './core/auth/session-service.ts';
import { createOneTimeCodes } from './core/codes/one-time-codes.ts';
import { createLoginThrottle, type LoginThrottlePolicy } from './core/auth/login-throttle.ts';
import { createAuthService } from './core/auth/auth-service.ts';
import { createOnboardingService } from './core/onboarding/onboarding-service.ts';
import { seedDemo } from './demo/seed-demo.ts';
import { seedDemoHistory } from './demo/seed-history.ts';
import { createTransactionRepository } from './core/transactions/transaction-repository.ts';
import { createPinGuard } from './core/money/pin-guard.ts';
import { createIdempotency } from './core/money/idempotency.ts';
import { createTransferService } from './core/transfers/transfer-service.ts';
import { createInboundService } from './core/transfers/inbound-service.ts';
import { createRefusedCreditAlerts } from './core/alerts/refused-credit-alerts.ts';
import { createBeneficiaryService } from './core/beneficiaries/beneficiary-service.ts';
import { createRequestCounters } from './core/throttle/request-counters.ts';
import { createNameEnquiries } from './core/transfers/name-enquiries.ts';
import { createRegistrations } from './core/auth/registration-service.ts';
import { createStatementService } from './core/statements/statement-service.ts';
import type { InterbankSwitch } from './integrations/interbank/ports.ts';
import type { Biller } from './integrations/billers/ports.ts';
import { createBillService } from './core/bills/bill-service.ts';
import { createMoneyGate } from './core/money/money-gate.ts';
import { createPayments } from './core/payments/payments.ts';
import { createInterbankRail } from './core/transfers/interbank-rail.ts';
import { createBillerRail } from './core/bills/biller-rail.ts';
import { moneyWords } from './http/money-words.ts';
import { createPasswordReset } from './core/auth/password-reset.ts';
import { createSettingsService } from './core/settings/settings-service.ts';
import type { IdentityService } from './integrations/identity/ports.ts';
import { createKycService } from './core/kyc/kyc-service.ts';
import { loadKeyRing } from './core/auth/secret-keys.ts';
import { prepareKeyedSecrets } from './core/auth/keyed-secrets.ts';
import { createLimitGuard } from './core/customer-limits/limit-guard.ts';
import { createLimitsService } from './core/customer-limits/limits-service.ts';
import { createDashboardReads } from './core/transactions/dashboard-reads.ts';
import { createDeviceCookies } from './core/customer-limits/device-cookies.ts';
import { createFormTokens } from './core/auth/form-tokens.ts';
import { createAccountFreeze } from './core/safety/account-freeze.ts';
import { createFraudMonitoring } from './core/fraud/fraud-service.ts';
import { createHolds } from './core/fraud/holds.ts';
import { createDeviceBinding } from './core/devices/device-binding.ts';
import { createSecurityCodes } from './core/safety/security-codes.ts';
import { createCaseService } from './core/cases/case-service.ts';
import { createCaseDesk } from './core/cases/case-desk.ts';
import { createIdentityReviews } from './core/cases/identity-reviews.ts';
import { createCustomerDataExport } from './core/data-export/customer-data.ts';
import { createScheduledTransfers } from './core/scheduled-transfers/scheduled-transfer-service.ts';
import { createPaymentRequests } from './core/payment-requests/payment-request-service.ts';
import { createLanguages } from './core/users/languages.ts';
import { createAuditLog } from './core/staff/audit-log.ts';
import { createStaffService } from './core/staff/staff-service.ts';
import { createProposals } from './core/staff/proposals.ts';
import { createSettlementQueue } from './core/staff/settlement-queue.ts';
import { createCustomerDesk } from './core/staff/customer-desk.ts';
import { createTotpSeal } from './core/staff/totp.ts';

/**
 * The composition root: configuration, database and integrations in; services out. Pages and
 * endpoints reach the bank only through the App this returns: services, the configuration, the
 * clock and the log, never the database. Timers run only in the server process (getApp).
 */
export type App = Awaited<ReturnType<typeof createApp>>;
/** What tests, the demo seed and benchmarks may reach besides the services (see composeApp). */
export type AppInternals = Awaited<ReturnType<typeof composeApp>>['internals'];

export type AppOverrides = {
  clock?: Clock;
  mailer?: Mailer;
  sms?: SmsSender;
  log?: Logger;
  loginThrottlePolicy?: LoginThrottlePolicy;
  db?: Db;
  interbank?: InterbankSwitch;
  biller?: Biller;
  identity?: IdentityService;
};

/** The services of the bank, for pages, endpoints and scripts. */
export async function createApp(config: Config, overrides: AppOverrides = {}) {
  const { app, internals, applied } = await composeApp(config, overrides);
  // The embedded database gets demo data on its very first start; PostgreSQL never automatically.
  // (An embedded database from before the ledger existed gets the demo history when it arrives.)
  const firstStart = applied.includes('2026-11-21T1200_initial') || applied.includes('2026-11-21T1500_ledger');
  if (firstStart && config.database.kind === 'sqlite' && config.seedDemo && !overrides.db) {
    const bank = { ...app, ...internals };
    await seedDemo(bank);
    await seedDemoHistory(bank);
  }
  return app;
}

/**
 * The services and, apart, the pieces beneath them (the database, the PIN guard, idempotency
 * records, one-time codes…) for tests, the demo seed and benchmarks. `internals.withClock` composes
 * the same bank on another clock (the demo seed writes each movement on its day in the past).
 */
export async function composeApp(config: Config, overrides: AppOverrides = {}) {
  const opened = await openBank(config, overrides);
  const composed = composeServices(opened, overrides.clock ?? systemClock, overrides);
  const withClock = (clock: Clock) => composeServices(opened, clock, overrides).app;
  return { app: composed.app, internals: { ...composed.internals, withClock }, applied: opened.applied };
}

async function openBank(config: Config, overrides: AppOverrides) {
  const log = overrides.log ?? createLogger(config.logLevel);
  // The PIN/BVN key first: a missing or unsafe key stops the start before the database is touched.
  const keyRing = loadKeyRing(config.secrets, config.database);
  const db = overrides.db ?? connect(config.database, log);
  const applied = await migrateToLatest(db);
  if (applied.length > 0) log.info('db.migrated', { engine: config.database.kind, applied });
  const { pinHasher, bvnFingerprints } = await prepareKeyedSecrets(db, keyRing, log);
  // The device cookie's signing key: its own subkey of the same master key; older keys still verify.
  const deviceKeys = [keyRing.current, ...keyRing.previous].map((key) => key.derive('device-cookie'));
  // The pages' form tokens: a subkey of their own, older keys still verify open forms.
  const formTokenKeys = [keyRing.current, ...keyRing.previous].map((key) => key.derive('form-token'));
  // A NIN's fingerprints: the BVN's construction under a subkey of their own.
  const ninFingerprints = createBvnFingerprints(keyRing, ninPurpose);
  // Staff TOTP secrets, sealed under a subkey of their own (core/staff/totp.ts).
  const totpSeal = createTotpSeal(keyRing);
  return { config, log, db, applied, pinHasher, bvnFingerprints, ninFingerprints, deviceKeys, formTokenKeys, totpSeal };
}

function composeServices(opened: Awaited<ReturnType<typeof openBank>>, clock: Clock, overrides: AppOverrides) {
  const { config, log, db, pinHasher, bvnFingerprints, ninFingerprints, deviceKeys, formTokenKeys, totpSeal } = opened;
  const { mailer, sms, interbank, biller, identity } = createIntegrations({ config, db, clock, log }, overrides);
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
  // One payment machine drives every payment that may stay pending, on a rail per provider.
  const limitGuard = createLimitGuard({ config, words: moneyWords });
  const gate = createMoneyGate({ db, config, clock, pins, words: moneyWords, limitGuard });
  // Codes by SMS and email, with the PIN, for the changes the CBN names (instant payments, a raised limit, unfreezing).
  const securityCodes = createSecurityCodes({ db, config, clock, log, mailer, users, codes, sms, pins });
  const limits = createLimitsService({ db, config, clock, log, mailer, users, security: securityCodes, devices: createDeviceCookies(deviceKeys) });
  const dashboard = createDashboardReads({ db, transactions, limits });
  const rails = {
    ...(interbank ? { interbank_transfers: createInterbankRail({ interbank, words: moneyWords }) } : {}),
    bill_purchases: createBillerRail({ biller, words: moneyWords, users, mailer, log, bankName: config.bank.name }),
  };
  const payments = createPayments({ db, clock, log, idempotency, transactions, gate, rails });
  // Durable background work (statements, escalation mails): written with the change, run by the server's worker.
  const jobs = createJobQueue({ db, clock, log });
  // A credit refused by the cap on money in is told to its customer, by email and SMS, through the jobs.
  const refusedCredits = createRefusedCreditAlerts({ db, config, log, mailer, sms, jobs });
  const transfers = createTransferService({ db, config, clock, log, idempotency, gate, payments, words: moneyWords, interbank, refusedCredits });
  const inbound = createInboundService({ db, config, clock, words: moneyWords, refusedCredits });
  const nameEnquiries = createNameEnquiries({ config, log, counters, transfers });
  const beneficiaries = createBeneficiaryService({ db, clock, nameEnquiries });
  const escalation = createEscalation({ db, config, clock, log, mailer, jobs });
  // Every transaction row queues its alert (email always, SMS when switched on); these jobs send them.
  const alerts = createAlerts({ db, config, clock, log, mailer, sms, jobs });
  const statements = createStatementService({ db, config, clock, log, mailer, transactions, jobs });
  const bills = createBillService({ clock, log, gate, payments, words: moneyWords, biller });

  const settings = createSettingsService({ db, config, clock, log, mailer, users, sessions, throttle, pins, pinHasher });
  // Customer safety: freezing the account, and cases about a transaction.
  const freeze = createAccountFreeze({ db, config, clock, log, mailer, users, sessions, codes, settings, security: securityCodes, sms, alerts });
  // One bound device per customer (decision 026): a sign-in from another one confirms a code first.
  const deviceBinding = createDeviceBinding({ db, config, clock, log, mailer, users, codes, sms, limits });
  const cases = createCaseService({ db, config, clock, log, mailer, users, transactions, freeze, jobs });
  const kyc = createKycService({ db, config, clock, log, mailer, users, identity, transactions, bvnFingerprints, ninFingerprints, cases, words: moneyWords });
  // Scheduled transfers: each run is a normal transfer through a gate that skips only
  // the PIN (given when the schedule was made or resumed); every other check of the money path applies.
  const runGate = createMoneyGate({ db, config, clock, pins: null, words: moneyWords, limitGuard });
  const runTransfers = createTransferService({ db, config, clock, log, idempotency, gate: runGate, payments, words: moneyWords, interbank, refusedCredits });
  const scheduledTransfers = createScheduledTransfers({ db, config, clock, log, mailer, pins, gate, nameEnquiries, runTransfers, jobs });
  // "Download my data": the customer's profile, accounts, beneficiaries and transactions.
  const staffAudit = createAuditLog({ db, clock });
  const dataExport = createCustomerDataExport({ config, clock, users, transactions, beneficiaries, staffAudit });
  // Payment requests: a link and a reference; credits carrying it are counted with the money.
  const paymentRequests = createPaymentRequests({ db, config, clock, log, mailer, counters, jobs });

  // The back office: staff with their own credentials, and the append-only audit log of what they do (made above, for the export).
  const staff = createStaffService({ db, clock, log, audit: staffAudit, seal: totpSeal, bankName: config.bank.name });
  // Four eyes on money and on lifting a freeze, and the settlement queue (decision 031).
  const proposals = createProposals({ db, clock, log, audit: staffAudit, payments, freeze });
  const settlementQueue = createSettlementQueue({ db, clock, audit: staffAudit, payments });
  // The fraud rules judge every movement after it committed (a job queued with it); the fraud queue acts on their flags.
  const fraud = createFraudMonitoring({ db, config, clock, log, jobs, freeze });
  // The support desk: exact search, the customer view, freeze at once (decision 029).
  const desk = createCustomerDesk({ db, clock, audit: staffAudit, freeze });
  // Cases on the CBN's clocks: support's queue and answers, the supervisors' SLA board and escalation.
  const caseDesk = createCaseDesk({ db, clock, log, mailer, bankName: config.bank.name, jobs, cases, transactions, audit: staffAudit });
  const identityReviews = createIdentityReviews({ db, clock, log, cases, audit: staffAudit });
  // A transfer to another bank that the outflow rules flag when asked for is held before it is sent (decision 032).
  const holds = createHolds({ db, config, clock, log, rules: fraud.rules, payments, proposals, freeze });
  payments.screenWith(holds.screen);

  const health = createHealthCheck(db);
  const languages = createLanguages({ db });
  const close = async () => {
    await jobs.stop();
    // The jobs, the last to send mail, have stopped: the SMTP connections can go.
    await mailer.close?.();
    await db.destroy();
  };

  const app = {
    config, log, clock, health, close,
    users, sessions, auth, registrations, passwordReset, onboarding, settings, kyc, freeze, cases,
    transactions, payments, transfers, nameEnquiries, inbound, beneficiaries, statements, bills,
    jobs, escalation, alerts, limits, securityCodes, deviceBinding, dashboard, dataExport, paymentRequests, scheduledTransfers, languages,
    staff, staffAudit, proposals, settlementQueue, fraud, holds, desk, caseDesk, identityReviews,
    formTokens: createFormTokens(formTokenKeys),
  };
  const internals = { db, mailer, codes, counters, pins, idempotency, pinHasher, bvnFingerprints, ninFingerprints };
  return { app, internals };
}

let shared: ReturnType<typeof createApp> | undefined;
/** How often the server's worker looks for due jobs (a new statement also wakes it at once). */
const jobPollMs = 2_000;

/** The one app of this server process, created on first use from the environment; it alone runs the background jobs. */
export function getApp(): ReturnType<typeof createApp> {
  shared ??= startServerApp().catch((error: unknown) => {
    shared = undefined;
    throw error;
  });
  return shared;
}

async function startServerApp() {
  const config = parseConfig(process.env);
  const app = await createApp(config);
  // Only one process serves the embedded database: leases still held are a dead process's.
  if (config.database.kind === 'sqlite') await app.jobs.takeBackLeases();
  // The re-query sweep (with the 24-hour escalation and that of cases past their due time) runs once per interval across every process
  // sharing the database; the job worker claims durable jobs under a lease.
  const intervalMs = config.interbank.requeryIntervalMs;
  const sweep = async () => {
    await app.payments.requery();
    await app.escalation.run();
    await app.caseDesk.escalate();
    await app.jobs.prune();
  };
  const stopJobs = startBackgroundJobs({ ...app, payments: { requery: () => app.jobs.once('payments.requery', Math.floor(intervalMs * 0.9), sweep) } }, { requeryIntervalMs: intervalMs });
  // Scheduled transfers a stopped server missed run once now; then the sweep comes back at 08:00 Lagos daily.
  await app.scheduledTransfers.startSweeps();
  app.jobs.start({ pollMs: jobPollMs });
  const closeDatabase = app.close;
  // Stopping (SIGTERM, src/server/node/lifecycle.ts): the jobs first, waiting for a run under way, then the database.
  const close = async () => {
    await stopJobs();
    await closeDatabase();
  };
  return { ...app, close };
}

/** The server process's last step on SIGTERM: stop the background jobs and close the database (nothing if never started). */
export async function closeApp(): Promise<void> {
  const started = shared;
  shared = undefined;
  const app = await started?.catch(() => null);
  await app?.close();
}
