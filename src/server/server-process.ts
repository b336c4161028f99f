import { ConfigError, parseConfig, type Config } from './config.ts';
import { closeApp, getApp } from './app.ts';
import type { Logger } from './log.ts';
import { isTrustedProxy } from './http/forwarded.ts';
import { appVersion } from './version.ts';
import { createPageCache, type PageCache } from './http/page-cache.ts';
import { serverProcessKey } from './server-process-key.ts';

/**
 * The built server's start and stop, for the Node server (node/main.ts). The app lives inside
 * Astro's built middleware bundle, so this registers itself on globalThis when that bundle loads;
 * the Node server imports the bundle, starts the app (configuration parsed, database opened and
 * migrated, background jobs running) before it listens, and closes it last on SIGTERM.
 */
export type StartupProblem = { variable: string; reason: string };

export type ServerProcess = {
  /**
   * Parses the configuration, opens and migrates the database and starts the jobs; rejects on a
   * bad setting. `requestsUnderWay`: how many requests the server has started and not yet
   * answered (its admission gate's count); while there are any, the job worker gives way to
   * them (job-queue.ts GiveWay, a tenth of the time between its batches).
   */
  start(options?: { requestsUnderWay?: () => number }): Promise<{
    log: Logger;
    version: string;
    host: string;
    port: number;
    /** OPS_HOST:OPS_PORT, the back office's own listener; null: /ops is on HOST:PORT. */
    ops: Config['ops'];
    trustsPeer: (address: string | null) => boolean;
    admission: Config['admission'];
    /** The guest page cache the Node server answers through (null: GUEST_PAGE_CACHE=false). */
    pageCache: PageCache | null;
  }>;
  /**
   * How many server processes npm start runs (WORKERS, checked with every other setting by
   * config.ts: more than one needs PostgreSQL); rejects on a bad setting as `start` does. Opens
   * nothing, so a cluster's primary can ask before it forks.
   */
  workers(): number;
  /** Stops the background jobs (releasing what they hold) and closes the database. */
  close(): Promise<void>;
  /** What stopped the start, as variables and reasons that never carry a secret's value. */
  problems(error: unknown): StartupProblem[];
};

export { serverProcessKey };

/** The share of the time the job worker takes between its batches while requests are under way (job-queue.ts GiveWay). */
export const jobsShareUnderLoad = 0.1;

/** Settings whose values never appear in a message, whole or in part. */
const secretVariables = ['PIN_KEY', 'PIN_KEY_PREVIOUS', 'SANDBOX_KEY', 'SMTP_URL', 'DATABASE_URL', 'TERMII_API_KEY'] as const;
/** Variables an error from opening the bank may be about, the most specific first. */
const namedVariables = ['PIN_KEY_PREVIOUS', 'PIN_KEY', 'SANDBOX_KEY', 'SMTP_URL', 'DATABASE_URL', 'TERMII_API_KEY', 'DATA_DIR'];

/** Removes every secret setting's value (and any URL's password) from a message. */
export function redact(message: string, environment: Record<string, string | undefined>): string {
  let text = message.replace(/(\w+:\/\/[^:/@\s]*):[^@\s]*@/g, '$1:***@');
  for (const name of secretVariables) {
    const value = environment[name];
    if (!value || value.length < 4) continue;
    const parts = [value, ...value.split(','), ...(URL.canParse(value) ? [decodeURIComponent(new URL(value).password)] : [])];
    for (const part of parts.filter((piece) => piece.length >= 4).sort((a, b) => b.length - a.length)) text = text.split(part).join('***');
  }
  return text;
}

export function startupProblems(error: unknown, environment: Record<string, string | undefined>): StartupProblem[] {
  if (error instanceof ConfigError) return error.issues.map((issue) => ({ variable: issue.variable, reason: redact(issue.reason, environment) }));
  const message = redact(error instanceof Error ? error.message : String(error), environment);
  const named = namedVariables.find((name) => new RegExp(`\\b${name}\\b`).test(message));
  if (named) return [{ variable: named, reason: message }];
  const variable = environment.DATABASE_URL ? 'DATABASE_URL' : 'DATA_DIR';
  return [{ variable, reason: `the database could not be opened and migrated: ${message}` }];
}

export function registerServerProcess(): void {
  const serverProcess: ServerProcess = {
    async start(options = {}) {
      const config = parseConfig(process.env);
      const app = await getApp();
      const { requestsUnderWay } = options;
      if (requestsUnderWay) app.jobs.giveWay({ busy: () => requestsUnderWay() > 0, share: jobsShareUnderLoad });
      // TRUST_PROXY's proxies may hand in the X-Request-Id their own log carries.
      const trustsPeer = (address: string | null) => isTrustedProxy(address, config.trustProxy);
      // Made here, with the app's form tokens: every answer from it carries a token of its own.
      const pageCache = config.guestPageCache ? createPageCache({ publicOrigin: config.publicOrigin, trustProxy: config.trustProxy, formTokens: app.formTokens, log: app.log }) : null;
      return { log: app.log, version: appVersion, host: config.host, port: config.port, ops: config.ops, trustsPeer, admission: config.admission, pageCache };
    },
    workers: () => parseConfig(process.env).workers,
    close: closeApp,
    problems: (error) => startupProblems(error, process.env),
  };
  (globalThis as Record<symbol, unknown>)[serverProcessKey] = serverProcess;
}
