import path from 'node:path';
import { z } from 'zod';
import { decodeKey, minimumKeyBytes, SecretKey, type KeySettings } from './core/auth/secret-keys.ts';
import { nairaToKobo, type Kobo } from '../lib/money.ts';
import { parseTrustProxy, type TrustProxy } from './net/trust-proxy.ts';
import { parsePublicOrigin } from './net/public-origin.ts';

/** A server key in base64 (at least 32 bytes); the message names the variable, never the value. */
function parseServerKey(name: string, text: string, ctx: z.RefinementCtx): SecretKey | typeof z.NEVER {
  const bytes = decodeKey(text);
  if (!bytes || bytes.length < minimumKeyBytes) {
    ctx.addIssue({ code: 'custom', message: `${name} must be base64 of at least ${minimumKeyBytes} random bytes (openssl rand -base64 32)` });
    return z.NEVER;
  }
  return new SecretKey(bytes);
}

/**
 * A naira amount setting ("50000", "12.50") read as a decimal string straight into kobo: no
 * float ever holds it, more than 2 decimals is refused, and the message names the variable.
 */
function nairaSetting(name: string, fallback: string, limits: { positive?: boolean; maxKobo?: number } = {}) {
  return z
    .string()
    .default(fallback)
    .transform((text, ctx) => {
      const amount = nairaToKobo(text.trim());
      if (amount === null) {
        ctx.addIssue({ code: 'custom', message: `${name} must be an amount in naira with at most 2 decimals, like 50000 or 12.50` });
        return z.NEVER;
      }
      if (limits.positive && amount <= 0) {
        ctx.addIssue({ code: 'custom', message: `${name} must be more than 0` });
        return z.NEVER;
      }
      if (limits.maxKobo !== undefined && amount > limits.maxKobo) {
        ctx.addIssue({ code: 'custom', message: `${name} must be at most ${limits.maxKobo / 100}` });
        return z.NEVER;
      }
      return amount;
    });
}

/**
 * A whole number from `min` to `max` (of `unit`, when it has one): every number setting says the
 * same sentence for every way it can be wrong (not a number, a fraction, too small, too large).
 */
function wholeNumber(name: string, min: number, max: number, unit?: string) {
  const message = `${name} must be a whole number${unit ? ` of ${unit}` : ''} from ${min} to ${max}`;
  return z.coerce.number({ error: message }).int(message).min(min, message).max(max, message);
}

/**
 * Every setting the server reads from its environment, parsed once. A bad value stops the
 * server at start with a message naming the variable, never halfway through a request.
 */
const environmentSchema = z.object({
  NODE_ENV: z.enum(['development', 'production', 'test']).default('production'),
  HOST: z.string().default('localhost'),
  PORT: wholeNumber('PORT', 1, 65535).default(4321),
  /** The back office's own listener (decision 029): set OPS_PORT and /ops is served there only, never on HOST:PORT. */
  OPS_HOST: z.string().min(1, 'OPS_HOST must be a host name or address').max(253, 'OPS_HOST must be at most 253 characters').regex(/^[^\s/]+$/, 'OPS_HOST must be a host name or address, without a scheme or path').optional(),
  OPS_PORT: wholeNumber('OPS_PORT', 1, 65535).optional(),
  DATA_DIR: z.string().default('./data'),
  DATABASE_URL: z
    .string()
    .regex(/^postgres(ql)?:\/\//, 'DATABASE_URL must be a postgres:// URL')
    .optional(),
  SMTP_URL: z.string().regex(/^smtps?:\/\//, 'SMTP_URL must be an smtp:// or smtps:// URL').optional(),
  /** Where SMS go: "outbox" writes them under DATA_DIR/outbox/sms (the sandbox); "termii" sends them through Termii's messaging API. */
  SMS_PROVIDER: z.enum(['outbox', 'termii'], { error: 'SMS_PROVIDER must be outbox or termii' }).default('outbox'),
  TERMII_API_KEY: z.string().min(8, 'TERMII_API_KEY must be at least 8 characters').max(512).optional(),
  /** The alphanumeric sender ID registered with Termii (3 to 11 letters and digits). */
  TERMII_SENDER_ID: z.string().regex(/^[A-Za-z0-9]{3,11}$/, 'TERMII_SENDER_ID must be 3 to 11 letters and digits').optional(),
  TERMII_BASE_URL: z.url({ protocol: /^https?$/, error: 'TERMII_BASE_URL must be an http:// or https:// URL' }).default('https://api.ng.termii.com'),
  /** How long one SMS may wait for Termii's answer before the job tries again later. */
  TERMII_TIMEOUT_MS: wholeNumber('TERMII_TIMEOUT_MS', 100, 60_000, 'milliseconds').default(10_000),
  MAIL_FROM: z.string().default('Harmattan Bank <no-reply@harmattan.bank.example>'),
  BANK_NAME: z.string().min(2).default('Harmattan Bank'),
  BANK_CBN_CODE: z.string().regex(/^\d{3}$/, 'BANK_CBN_CODE must be 3 digits').default('990'),
  BANK_NIP_CODE: z.string().regex(/^\d{6}$/, 'BANK_NIP_CODE must be 6 digits').default('090999'),
  SESSION_IDLE_MINUTES: wholeNumber('SESSION_IDLE_MINUTES', 1, 24 * 60, 'minutes').default(15),
  SESSION_ABSOLUTE_HOURS: wholeNumber('SESSION_ABSOLUTE_HOURS', 1, 72, 'hours').default(12),
  /** Forgot-password requests one network address may make in 15 minutes (then 429). */
  PASSWORD_RESET_REQUESTS_PER_IP: wholeNumber('PASSWORD_RESET_REQUESTS_PER_IP', 1, 10_000).default(10),
  /** Registrations one network address may start in an hour (then 429). */
  REGISTRATIONS_PER_IP: wholeNumber('REGISTRATIONS_PER_IP', 1, 100_000).default(10),
  /** Name enquiries (the recipient's name before a transfer or a new beneficiary) one customer may make per minute and per Lagos day. */
  NAME_ENQUIRIES_PER_MINUTE: wholeNumber('NAME_ENQUIRIES_PER_MINUTE', 1, 10_000).default(30),
  NAME_ENQUIRIES_PER_DAY: wholeNumber('NAME_ENQUIRIES_PER_DAY', 1, 1_000_000).default(300),
  /** Bearer key for the sandbox's money-in endpoint from anywhere but a loopback client of a loopback server. */
  SANDBOX_KEY: z.string().min(32, 'SANDBOX_KEY must be at least 32 characters').max(512).optional(),
  /** Demo data is seeded on the first start of the embedded database unless this is "false". */
  SEED_DEMO: z
    .enum(['true', 'false'])
    .default('true')
    .transform((value) => value === 'true'),
  LOG_LEVEL: z.enum(['debug', 'info', 'warn', 'error', 'silent']).default('info'),
  /** The origin customers use (https://bank.example) when a proxy terminates TLS in front of the app. */
  PUBLIC_ORIGIN: z
    .string()
    .optional()
    .transform((text, ctx) => {
      const parsed = parsePublicOrigin(text);
      if ('error' in parsed) {
        ctx.addIssue({ code: 'custom', message: `PUBLIC_ORIGIN ${parsed.error}` });
        return z.NEVER;
      }
      return parsed.origin;
    }),
  /** `true` (the TCP peer is the proxy) or a comma list of proxy addresses/CIDRs whose X-Forwarded-For/-Proto are believed. */
  TRUST_PROXY: z
    .string()
    .optional()
    .transform((text, ctx): TrustProxy => {
      const parsed = parseTrustProxy(text);
      if ('error' in parsed) {
        ctx.addIssue({ code: 'custom', message: `TRUST_PROXY must be true or a comma list of IP addresses/CIDRs: ${parsed.error}` });
        return z.NEVER;
      }
      return parsed;
    }),
  /** Naira bands "up to:fee" for transfers to other banks; "*" is everything above. CBN Guide to Charges. */
  TRANSFER_FEE_BANDS: z
    .string()
    .regex(/^(\d+(\.\d{1,2})?:\d+(\.\d{1,2})?,)*\*:\d+(\.\d{1,2})?$/, 'TRANSFER_FEE_BANDS looks like 5000:10,50000:25,*:50 (naira)')
    .default('5000:10,50000:25,*:50'),
  STAMP_DUTY_ENABLED: z
    .enum(['true', 'false'])
    .default('true')
    .transform((value) => value === 'true'),
  STAMP_DUTY_NAIRA: nairaSetting('STAMP_DUTY_NAIRA', '50', { maxKobo: 100_000_00 }),
  STAMP_DUTY_THRESHOLD_NAIRA: nairaSetting('STAMP_DUTY_THRESHOLD_NAIRA', '10000'),
  TIER1_DAILY_LIMIT_NAIRA: nairaSetting('TIER1_DAILY_LIMIT_NAIRA', '50000', { positive: true }),
  TIER1_MAX_BALANCE_NAIRA: nairaSetting('TIER1_MAX_BALANCE_NAIRA', '300000'),
  TIER2_DAILY_LIMIT_NAIRA: nairaSetting('TIER2_DAILY_LIMIT_NAIRA', '200000', { positive: true }),
  TIER2_MAX_BALANCE_NAIRA: nairaSetting('TIER2_MAX_BALANCE_NAIRA', '500000'),
  TIER3_DAILY_LIMIT_NAIRA: nairaSetting('TIER3_DAILY_LIMIT_NAIRA', '5000000', { positive: true }),
  /** 0 means no maximum balance. */
  TIER3_MAX_BALANCE_NAIRA: nairaSetting('TIER3_MAX_BALANCE_NAIRA', '0'),
  /** What may leave an account in total in its first hours and after a sign-in from a new browser; 0 turns the cap off (docs/decisions/005-new-browser-cap-and-own-limits.md). */
  NEW_DEVICE_CAP_NAIRA: nairaSetting('NEW_DEVICE_CAP_NAIRA', '20000'),
  NEW_DEVICE_CAP_HOURS: wholeNumber('NEW_DEVICE_CAP_HOURS', 1, 720, 'hours').default(24),
  /** How long a raise of the customer's own daily limit waits before it applies (a lowering applies at once). */
  OWN_LIMIT_RAISE_DELAY_HOURS: wholeNumber('OWN_LIMIT_RAISE_DELAY_HOURS', 1, 720, 'hours').default(24),
  PIN_MAX_ATTEMPTS: wholeNumber('PIN_MAX_ATTEMPTS', 1, 20).default(5),
  PIN_LOCK_MINUTES: wholeNumber('PIN_LOCK_MINUTES', 1, 24 * 60, 'minutes').default(30),
  /** Keys the PIN and BVN hashes. Required with DATABASE_URL; without it the embedded database makes DATA_DIR/pin.key. */
  PIN_KEY: z
    .string()
    .transform((text, ctx) => parseServerKey('PIN_KEY', text, ctx))
    .optional(),
  /** Former PIN_KEYs, comma-separated: they still verify the PINs they made, which move to PIN_KEY on their next correct entry. */
  PIN_KEY_PREVIOUS: z
    .string()
    .transform((text, ctx) => text.split(',').map((part) => parseServerKey('PIN_KEY_PREVIOUS', part, ctx)) as SecretKey[])
    .optional(),
  /** "sandbox" is the simulated NIBSS switch; "disabled" turns off transfers to other banks and every sandbox endpoint. */
  INTERBANK_PROVIDER: z.enum(['sandbox', 'disabled']).default('sandbox'),
  /** How often the server re-queries pending interbank transfers; 0 turns the timer off (on-demand queries still work). */
  REQUERY_INTERVAL_SECONDS: wholeNumber('REQUERY_INTERVAL_SECONDS', 0, 3600, 'seconds').default(30),
  /** A fraud hold above this many naira is released by two members (four eyes, decision 032). */
  OPS_APPROVAL_NAIRA: wholeNumber('OPS_APPROVAL_NAIRA', 0, 100_000_000, 'naira').default(50_000),
  /** Server processes `npm start` runs on the one port (node:cluster); more than 1 needs DATABASE_URL (PostgreSQL). */
  /** Requests served at once by one server process; more wait their turn in a first-come, first-served queue (src/server/node/lifecycle.ts admissionGate). */
  MAX_CONCURRENT_REQUESTS: wholeNumber('MAX_CONCURRENT_REQUESTS', 1, 10_000).default(32),
  /** Requests that may wait for a turn; one more is answered 503 with Retry-After at once. */
  REQUEST_QUEUE_LENGTH: wholeNumber('REQUEST_QUEUE_LENGTH', 0, 100_000).default(512),
  /** How long a request may wait for a turn before it is answered 503 with Retry-After (milliseconds). */
  REQUEST_QUEUE_WAIT_MS: wholeNumber('REQUEST_QUEUE_WAIT_MS', 1, 60_000, 'milliseconds').default(1000),
  /** How much of one turn of the event loop requests may start in before the server reads its sockets again; later arrivals queue in arrival order (src/server/node/lifecycle.ts admissionGate). Unset: 2 on SQLite, none on PostgreSQL. */
  REQUEST_SLICE_MS: wholeNumber('REQUEST_SLICE_MS', 0, 1000, 'milliseconds').optional(),
  /** Guest pages (/login and the other public pages) rendered once per language as a template and then filled in with each guest's form token from memory (src/server/http/page-cache.ts); "false" renders every request. */
  GUEST_PAGE_CACHE: z.enum(['true', 'false'], { error: 'GUEST_PAGE_CACHE must be true or false' }).default('true').transform((value) => value === 'true'),
  WORKERS: wholeNumber('WORKERS', 1, 64).default(1),
  /** One bound device per customer (docs/decisions/026-one-bound-device.md): "on" restricts a sign-in from another device until its code is confirmed; "off" (the test servers and the benchmark, as NEW_DEVICE_CAP_NAIRA=0 is) signs in without it. */
  DEVICE_BINDING: z.enum(['on', 'off'], { error: 'DEVICE_BINDING must be on or off' }).default('on').transform((value) => value === 'on'),
});

/** Every variable the server reads (.env.example lists each; its test checks). */
export const settingNames: readonly string[] = Object.keys(environmentSchema.shape);

function parseFeeBands(text: string): { upTo: Kobo | null; fee: Kobo }[] {
  return text.split(',').map((band) => {
    const [limit, fee] = band.split(':') as [string, string];
    return { upTo: limit === '*' ? null : nairaToKobo(limit)!, fee: nairaToKobo(fee)! };
  });
}
/** A maximum balance of 0 means none. */
const orNone = (amount: Kobo): Kobo | null => (amount > 0 ? amount : null);

export type Config = {
  nodeEnv: 'development' | 'production' | 'test';
  host: string;
  port: number;
  /** OPS_HOST:OPS_PORT, the back office's own listener; null: /ops is served on HOST:PORT with the rest. */
  ops: { host: string; port: number } | null;
  dataDir: string;
  database: { kind: 'sqlite'; file: string } | { kind: 'postgres'; url: string };
  smtpUrl: string | undefined;
  /** SMS_PROVIDER and, for Termii, its account (integrations/sms). */
  sms: { provider: 'outbox' } | { provider: 'termii'; baseUrl: string; apiKey: string; senderId: string; timeoutMs: number };
  mailFrom: string;
  outboxDir: string;
  bank: { name: string; cbnCode: string; nipCode: string };
  session: { idleMs: number; absoluteMs: number };
  passwordReset: { requestsPerIp: number };
  registration: { requestsPerIp: number };
  nameEnquiry: { perMinute: number; perDay: number };
  seedDemo: boolean;
  /** The PIN/BVN key settings; core/auth/secret-keys.ts turns them into the key ring at start. */
  secrets: KeySettings;
  money: MoneyRules;
  /** The customer's own safety limits (core/customer-limits). */
  customerLimits: CustomerLimitRules;
  interbank: { provider: 'sandbox' | 'disabled'; requeryIntervalMs: number };
  /** The back office: OPS_APPROVAL_NAIRA in kobo (a fraud hold above it needs a second member to release it). */
  fourEyes: { approvalKobo: number };
  /** WORKERS: server processes on the one port (src/server/node/start.ts); 1 on SQLite. */
  workers: number;
  /** Admission of requests in each server process (src/server/node/lifecycle.ts admissionGate). */
  admission: {
    concurrency: number;
    queueLength: number;
    maxWaitMs: number;
    /**
     * Milliseconds of a turn of the event loop in which requests start (null: every request read
     * starts at once). SQLite's 2 by default: there a render runs to its end without yielding, and
     * starting fewer a turn served /dashboard at 16 connections with a lower p99 and more req/s.
     * On PostgreSQL every render waits for its queries, and a slice made API transfers no faster
     * (slower in 3 of 4 pairs of runs), so there is none unless REQUEST_SLICE_MS says so.
     */
    sliceMs: number | null;
  };
  /** GUEST_PAGE_CACHE: the Node server keeps the guest pages as templates (src/server/http/page-cache.ts). */
  guestPageCache: boolean;
  /** DEVICE_BINDING: a sign-in from a device that is not the customer's bound one is restricted until it confirms a code. */
  deviceBinding: boolean;
  /** The sandbox endpoints' key (undefined: loopback only). */
  sandboxKey: string | undefined;
  /** PUBLIC_ORIGIN, or null: the request's own origin. */
  publicOrigin: string | null;
  /** TRUST_PROXY: whose X-Forwarded-For/-Proto the app believes (src/server/http/forwarded.ts). */
  trustProxy: TrustProxy;
  logLevel: 'debug' | 'info' | 'warn' | 'error' | 'silent';
};

export type TierLimits = { dailyDebitKobo: Kobo; maxBalanceKobo: Kobo | null };
/**
 * The new-browser cap (null: off) on what leaves an account in total during its window, the
 * window's length, and how long a raise of the customer's own daily limit waits.
 */
export type CustomerLimitRules = { newBrowserCapKobo: Kobo | null; newBrowserCapMs: number; ownLimitRaiseDelayMs: number };
/** Money rules, all in kobo. */
export type MoneyRules = {
  transferFeeBands: { upTo: Kobo | null; fee: Kobo }[];
  stampDuty: { enabled: boolean; amount: Kobo; threshold: Kobo };
  tiers: Record<1 | 2 | 3, TierLimits>;
  pin: { maxAttempts: number; lockMs: number };
};

/** A bad setting: each issue names the variable and why, never its value. */
export class ConfigError extends Error {
  // A plain field, not a parameter property: the scripts run this file under Node's type stripping.
  readonly issues: { variable: string; reason: string }[];
  constructor(issues: { variable: string; reason: string }[]) {
    super(`Invalid configuration:\n${issues.map((issue) => `${issue.variable}: ${issue.reason}`).join('\n')}`);
    this.name = 'ConfigError';
    this.issues = issues;
  }
}

export function parseConfig(environment: Record<string, string | undefined>): Config {
  const result = environmentSchema.safeParse(environment);
  if (!result.success) {
    throw new ConfigError(result.error.issues.map((issue) => ({ variable: issue.path.join('.'), reason: issue.message })));
  }
  const env = result.data;
  if (env.WORKERS > 1 && !env.DATABASE_URL) {
    // node:sqlite waits for a locked database synchronously, stalling every request of the
    // waiting process: several processes on one SQLite file would serialise and time out.
    throw new ConfigError([{ variable: 'WORKERS', reason: 'WORKERS above 1 needs PostgreSQL (set DATABASE_URL): the embedded SQLite database serves one process' }]);
  }
  if (env.SMS_PROVIDER === 'termii') {
    const missing = (['TERMII_API_KEY', 'TERMII_SENDER_ID'] as const).filter((name) => env[name] === undefined);
    if (missing.length > 0) throw new ConfigError(missing.map((variable) => ({ variable, reason: `${variable} is needed when SMS_PROVIDER is termii` })));
  }
  if (env.OPS_HOST !== undefined && env.OPS_PORT === undefined) {
    throw new ConfigError([{ variable: 'OPS_PORT', reason: 'OPS_PORT is needed when OPS_HOST is set (the back office listens on OPS_HOST:OPS_PORT)' }]);
  }
  if (env.OPS_PORT !== undefined && env.OPS_PORT === env.PORT) {
    throw new ConfigError([{ variable: 'OPS_PORT', reason: 'OPS_PORT must differ from PORT: the back office has a listener of its own' }]);
  }
  const dataDir = path.resolve(env.DATA_DIR);
  return {
    nodeEnv: env.NODE_ENV,
    host: env.HOST,
    port: env.PORT,
    // Off the public interface unless told otherwise: loopback when only the port is given.
    ops: env.OPS_PORT === undefined ? null : { host: env.OPS_HOST ?? 'localhost', port: env.OPS_PORT },
    dataDir,
    database: env.DATABASE_URL
      ? { kind: 'postgres', url: env.DATABASE_URL }
      : { kind: 'sqlite', file: path.join(dataDir, 'bank.sqlite') },
    smtpUrl: env.SMTP_URL,
    sms:
      env.SMS_PROVIDER === 'termii'
        ? { provider: 'termii', baseUrl: env.TERMII_BASE_URL, apiKey: env.TERMII_API_KEY!, senderId: env.TERMII_SENDER_ID!, timeoutMs: env.TERMII_TIMEOUT_MS }
        : { provider: 'outbox' },
    mailFrom: env.MAIL_FROM,
    outboxDir: path.join(dataDir, 'outbox'),
    bank: { name: env.BANK_NAME, cbnCode: env.BANK_CBN_CODE, nipCode: env.BANK_NIP_CODE },
    session: {
      idleMs: env.SESSION_IDLE_MINUTES * 60_000,
      absoluteMs: env.SESSION_ABSOLUTE_HOURS * 3_600_000,
    },
    passwordReset: { requestsPerIp: env.PASSWORD_RESET_REQUESTS_PER_IP },
    registration: { requestsPerIp: env.REGISTRATIONS_PER_IP },
    nameEnquiry: { perMinute: env.NAME_ENQUIRIES_PER_MINUTE, perDay: env.NAME_ENQUIRIES_PER_DAY },
    seedDemo: env.SEED_DEMO,
    secrets: { pinKey: env.PIN_KEY ?? null, previousPinKeys: env.PIN_KEY_PREVIOUS ?? [], keyFile: path.join(dataDir, 'pin.key') },
    money: {
      transferFeeBands: parseFeeBands(env.TRANSFER_FEE_BANDS),
      stampDuty: { enabled: env.STAMP_DUTY_ENABLED, amount: env.STAMP_DUTY_NAIRA, threshold: env.STAMP_DUTY_THRESHOLD_NAIRA },
      tiers: {
        1: { dailyDebitKobo: env.TIER1_DAILY_LIMIT_NAIRA, maxBalanceKobo: orNone(env.TIER1_MAX_BALANCE_NAIRA) },
        2: { dailyDebitKobo: env.TIER2_DAILY_LIMIT_NAIRA, maxBalanceKobo: orNone(env.TIER2_MAX_BALANCE_NAIRA) },
        3: { dailyDebitKobo: env.TIER3_DAILY_LIMIT_NAIRA, maxBalanceKobo: orNone(env.TIER3_MAX_BALANCE_NAIRA) },
      },
      pin: { maxAttempts: env.PIN_MAX_ATTEMPTS, lockMs: env.PIN_LOCK_MINUTES * 60_000 },
    },
    customerLimits: {
      newBrowserCapKobo: orNone(env.NEW_DEVICE_CAP_NAIRA),
      newBrowserCapMs: env.NEW_DEVICE_CAP_HOURS * 3_600_000,
      ownLimitRaiseDelayMs: env.OWN_LIMIT_RAISE_DELAY_HOURS * 3_600_000,
    },
    interbank: { provider: env.INTERBANK_PROVIDER, requeryIntervalMs: env.REQUERY_INTERVAL_SECONDS * 1000 },
    fourEyes: { approvalKobo: env.OPS_APPROVAL_NAIRA * 100 },
    workers: env.WORKERS,
    admission: { concurrency: env.MAX_CONCURRENT_REQUESTS, queueLength: env.REQUEST_QUEUE_LENGTH, maxWaitMs: env.REQUEST_QUEUE_WAIT_MS, sliceMs: env.REQUEST_SLICE_MS ?? (env.DATABASE_URL ? null : 2) },
    guestPageCache: env.GUEST_PAGE_CACHE,
    deviceBinding: env.DEVICE_BINDING,
    sandboxKey: env.SANDBOX_KEY,
    publicOrigin: env.PUBLIC_ORIGIN,
    trustProxy: env.TRUST_PROXY,
    logLevel: env.LOG_LEVEL,
  };
}
