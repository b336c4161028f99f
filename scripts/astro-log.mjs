// Astro's own log lines (render errors, router and adapter messages) in the built server: the
// app's JSON line shape, `{ time, level, event: "astro", label, msg }`, filtered by LOG_LEVEL.
// Under the astro CLI itself (dev, build, check) Astro's readable console output stays.
// Wired in astro.config.mjs as `logger: { entrypoint: './scripts/astro-log.mjs' }`.
import nodeLogDestination from 'astro/logger/node';

const ansi = new RegExp(`${String.fromCharCode(27)}\\[[0-9;]*m`, 'g');
const order = { debug: 10, info: 20, warn: 30, error: 40, silent: 99 };

export const inAstroCli = (argv = process.argv) => /(^|[\\/])astro(\.m?js)?$/.test(argv[1] ?? '');

/** One Astro log event as the app's JSON line, or null when LOG_LEVEL keeps it out. */
export function astroJsonLine(event, minimum = process.env.LOG_LEVEL ?? 'info', now = new Date()) {
  if ((order[event.level] ?? 0) < (order[minimum] ?? order.info)) return null;
  const label = event.label && event.label !== 'SKIP_FORMAT' ? event.label : undefined;
  return JSON.stringify({ time: now.toISOString(), level: event.level, event: 'astro', ...(label ? { label } : {}), msg: String(event.message).replace(ansi, '').trimEnd() });
}

export default function bankLogDestination(config = {}) {
  if (inAstroCli()) return nodeLogDestination(config);
  return {
    write(event) {
      const line = astroJsonLine(event);
      if (line) (event.level === 'error' || event.level === 'warn' ? process.stderr : process.stdout).write(line + '\n');
    },
  };
}
