import { format } from 'node:util';
import { jsonLine, streamFor, writeJsonLine, type LogLevel } from '../json-line.ts';

/**
 * The served process writes only JSON lines. The app's own log already does (log.ts); this turns
 * everything else that goes through console (Astro's and its Node adapter's messages, a library's
 * warning) into `{ time, level, event: "console", msg }` on the same streams, and a crash into one
 * `process.crashed` line.
 */
const ansi = new RegExp(`${String.fromCharCode(27)}\\[[0-9;]*m`, 'g');
const methods = { debug: 'debug', log: 'info', info: 'info', warn: 'warn', error: 'error' } as const satisfies Record<string, LogLevel>;

/** Text with its terminal colours removed. */
export const withoutColours = (text: string): string => text.replace(ansi, '');

/** One console call's text as a JSON line: a line that already is a JSON object goes out as it is. */
export function consoleLine(level: LogLevel, args: unknown[]): string {
  const text = withoutColours(format(...args));
  if (/^\{.*\}$/.test(text) && !text.includes('\n')) {
    try {
      JSON.parse(text);
      return text;
    } catch {
      // not JSON after all: wrapped below
    }
  }
  return jsonLine(level, 'console', { msg: text.trimEnd() });
}

export function installJsonConsole(): void {
  for (const [method, level] of Object.entries(methods)) {
    console[method as keyof typeof methods] = (...args: unknown[]) => streamFor(level).write(consoleLine(level, args) + '\n');
  }
}

let reportingCrashes = false;

/** A crash is a JSON line too (then exit 1, as Node would). */
export function reportCrashes(): void {
  if (reportingCrashes) return;
  reportingCrashes = true;
  process.on('uncaughtException', (error) => {
    const stack = error instanceof Error ? error.stack?.split('\n').slice(0, 8).join(' | ') : undefined;
    writeJsonLine('error', 'process.crashed', { error: error instanceof Error ? error.message : String(error), stack });
    process.exit(1);
  });
}
