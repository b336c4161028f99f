// The served app writes only JSON lines. The app's own log already does (src/server/log.ts);
// this turns everything else that goes through console (Astro's and its Node adapter's messages,
// a library's warning) into `{ time, level, event: "console", msg }` on the same stream.
import { format } from 'node:util';

const ansi = new RegExp(`${String.fromCharCode(27)}\\[[0-9;]*m`, 'g');
const levels = { debug: 'debug', log: 'info', info: 'info', warn: 'warn', error: 'error' };

/** One console call's text as a JSON line: a line that already is a JSON object goes out as it is. */
export function jsonLine(level, args) {
  const text = format(...args).replace(ansi, '');
  if (/^\{.*\}$/.test(text) && !text.includes('\n')) {
    try {
      JSON.parse(text);
      return text;
    } catch {
      // not JSON after all: wrapped below
    }
  }
  return JSON.stringify({ time: new Date().toISOString(), level, event: 'console', msg: text.trimEnd() });
}

export function installJsonConsole() {
  for (const [method, level] of Object.entries(levels)) {
    const stream = level === 'error' || level === 'warn' ? process.stderr : process.stdout;
    console[method] = (...args) => stream.write(jsonLine(level, args) + '\n');
  }
}
