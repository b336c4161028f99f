import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { randomBytes } from 'node:crypto';
import { parseConfig } from '../config.ts';
import { composeApp } from '../app.ts';
import type { Clock } from '../core/clock.ts';
import type { LoginThrottlePolicy } from '../core/auth/login-throttle.ts';
import type { Mailer, MailMessage } from '../integrations/mail/ports.ts';
import type { SmsMessage, SmsSender } from '../integrations/sms/ports.ts';
import type { Biller } from '../integrations/billers/ports.ts';
import { connect } from '../db/connection.ts';
import { scratchPostgres } from './scratch-database.ts';

/**
 * Service tests run against real engines, never mocks: SQLite always, PostgreSQL when
 * TEST_DATABASE_URL is set. Each test app gets its own fresh database.
 */
export const engines: ('sqlite' | 'postgres')[] = ['sqlite', ...(process.env.TEST_DATABASE_URL ? (['postgres'] as const) : [])];

/**
 * Now, unless now is in the last 10 minutes of a Lagos day (Lagos is UTC+1 all year): then a
 * quarter of an hour later, so a test that counts "today" and moves its clock a minute or two
 * does not see the day change under it when the suite happens to run at 23:50-00:00 Lagos time.
 */
function clearOfLagosMidnight(now: number): number {
  const dayMs = 24 * 3600_000;
  const untilLagosMidnight = dayMs - ((now + 3600_000) % dayMs);
  return untilLagosMidnight <= 10 * 60_000 ? now + 15 * 60_000 : now;
}

export class ManualClock implements Clock {
  private current: number;
  constructor(start = clearOfLagosMidnight(Date.now())) {
    this.current = start;
  }
  now(): Date {
    return new Date(this.current);
  }
  advance(ms: number): void {
    this.current += ms;
  }
}

export class MemoryMailer implements Mailer {
  readonly sent: MailMessage[] = [];
  async send(message: MailMessage): Promise<void> {
    this.sent.push(message);
  }
  /** The newest 6-digit code mailed to this address. */
  lastCode(to: string): string {
    const mail = [...this.sent].reverse().find((message) => message.to === to);
    const code = mail?.text.match(/\b(\d{6})\b/)?.[1];
    if (!code) throw new Error(`no code mailed to ${to}`);
    return code;
  }
}

/** The SMS gateway of a test: what would have been texted, in order. */
export class MemorySms implements SmsSender {
  readonly sent: SmsMessage[] = [];
  async send(message: SmsMessage): Promise<void> {
    this.sent.push(message);
  }
}

export async function createTestApp(engine: 'sqlite' | 'postgres', options: { loginThrottlePolicy?: LoginThrottlePolicy; env?: Record<string, string>; biller?: (deps: { db: import('../db/connection.ts').Db; clock: Clock }) => Biller; onQuery?: (sql: string) => void; onWrite?: (statements: string[]) => void } = {}) {
  const clock = new ManualClock();
  const mailer = new MemoryMailer();
  const sms = new MemorySms();
  let cleanup: () => Promise<void>;
  // The new-browser cap is off unless a test turns it on: most tests open an account and move more than it allows at once (docs/decisions/005-new-browser-cap-and-own-limits.md).
  // Device binding likewise: most tests sign in from a fresh client, which would then confirm a code first (decision 026; device-binding-api.test.ts turns it on).
  const environment: Record<string, string> = { LOG_LEVEL: 'silent', SEED_DEMO: 'false', NEW_DEVICE_CAP_NAIRA: '0', DEVICE_BINDING: 'off', ...options.env };
  if (engine === 'sqlite') {
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'bank-test-'));
    environment.DATA_DIR = dir;
    cleanup = async () => fs.rmSync(dir, { recursive: true, force: true });
  } else {
    const scratch = await scratchPostgres();
    environment.DATABASE_URL = scratch.url;
    // PostgreSQL requires PIN_KEY (SQLite tests use the key file made in their DATA_DIR): a fresh one per test app.
    environment.PIN_KEY ??= randomBytes(32).toString('base64');
    cleanup = scratch.drop;
  }
  const config = parseConfig(environment);
  // A test may put its own aggregator in front (one that drops requests, say); it gets the database and clock.
  // Or counts the statements the services run (onQuery), or their writes to PostgreSQL (onWrite).
  const counting = { ...(options.onQuery ? { onQuery: options.onQuery } : {}), ...(options.onWrite ? { onWrite: options.onWrite } : {}) };
  const db = options.biller || options.onQuery || options.onWrite ? connect(config.database, undefined, counting) : undefined;
  // Tests reach beneath the services (the database, the PIN guard…) to arrange and to check: the
  // test app is the services and the internals together; pages only ever get the services.
  const composed = await composeApp(config, {
    clock,
    mailer,
    sms,
    ...(options.loginThrottlePolicy ? { loginThrottlePolicy: options.loginThrottlePolicy } : {}),
    ...(db ? { db } : {}),
    ...(db && options.biller ? { biller: options.biller({ db, clock }) } : {}),
  });
  const app = { ...composed.app, ...composed.internals };
  return {
    app,
    clock,
    mailer,
    sms,
    async close() {
      await app.db.destroy();
      await cleanup();
    },
  };
}
export type TestApp = Awaited<ReturnType<typeof createTestApp>>;
