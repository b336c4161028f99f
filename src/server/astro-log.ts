// Astro's own log lines (render errors, router and adapter messages) in the built server: the
// app's JSON line shape (json-line.ts), `{ time, level, event: "astro", label, msg }`, filtered by
// LOG_LEVEL. Under the astro CLI itself (dev, build, check) Astro's readable console output stays.
// Wired in astro.config.mjs as `logger: { entrypoint: './src/server/astro-log.ts' }`: the CLI
// loads it with Node's type stripping, the build bundles it.
import nodeLogDestination from 'astro/logger/node';
import { jsonLine, passes, streamFor, type LogLevel } from './json-line.ts';

const ansi = new RegExp(`${String.fromCharCode(27)}\\[[0-9;]*m`, 'g');

/** Astro's levels are the app's; `level` is a string because Astro's own type is wider (it has `silent`). */
type AstroLogEvent = { level: string; label?: string | null; message: unknown; newLine?: boolean };

export const inAstroCli = (argv: readonly string[] = process.argv): boolean => /(^|[\\/])astro(\.m?js)?$/.test(argv[1] ?? '');

/** One Astro log event as the app's JSON line, or null when LOG_LEVEL keeps it out. */
export function astroJsonLine(event: AstroLogEvent, minimum: string = process.env.LOG_LEVEL ?? 'info', now: Date = new Date()): string | null {
  if (!passes(event.level, minimum)) return null;
  const label = event.label && event.label !== 'SKIP_FORMAT' ? event.label : undefined;
  return jsonLine(event.level as LogLevel, 'astro', { ...(label ? { label } : {}), msg: String(event.message).replace(ansi, '').trimEnd() }, now);
}

export default function bankLogDestination(config: Parameters<typeof nodeLogDestination>[0] = {}) {
  if (inAstroCli()) return nodeLogDestination(config);
  return {
    write(event: AstroLogEvent) {
      const line = astroJsonLine(event);
      if (line) streamFor(event.level as LogLevel).write(line + '\n');
    },
  };
}
