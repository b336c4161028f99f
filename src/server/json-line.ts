/**
 * The one shape of a log line: `{ time, level, event, ...fields }` as one JSON object on one
 * line. The app's logger (log.ts), the Node server's own lines (node/), the console of the served
 * process and Astro's messages (astro-log.ts) are all written through here, so a line reader sees
 * one format whoever wrote it. Runs in Node directly (type stripping) and inside the built bundle.
 */
export type LogLevel = 'debug' | 'info' | 'warn' | 'error';

const order: Record<LogLevel | 'silent', number> = { debug: 10, info: 20, warn: 30, error: 40, silent: 99 };

/** Whether a line of `level` is written under LOG_LEVEL `minimum` (an unknown minimum counts as info, an unknown level as below debug). */
export function passes(level: string, minimum: string): boolean {
  return (order[level as LogLevel] ?? 0) >= (order[minimum as LogLevel | 'silent'] ?? order.info);
}

export function jsonLine(level: LogLevel, event: string, fields: Record<string, unknown> = {}, now: Date = new Date()): string {
  return JSON.stringify({ time: now.toISOString(), level, event, ...fields });
}

/** The stream a line of this level goes to when it is not the app's logger's (which keeps every level on stdout). */
export function streamFor(level: LogLevel): NodeJS.WriteStream {
  return level === 'error' || level === 'warn' ? process.stderr : process.stdout;
}

/** Writes one line, to stderr for warnings and errors, stdout otherwise, unless a stream is named. */
export function writeJsonLine(level: LogLevel, event: string, fields: Record<string, unknown> = {}, stream: NodeJS.WritableStream = streamFor(level)): void {
  stream.write(jsonLine(level, event, fields) + '\n');
}
