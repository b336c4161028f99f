/**
 * Structured logging: one JSON object per line on stdout. Callers pass events and plain facts;
 * never a password, token, PIN, security answer or whole one-time code.
 */
export type LogLevel = 'debug' | 'info' | 'warn' | 'error';
export type Logger = {
  debug(event: string, fields?: Record<string, unknown>): void;
  info(event: string, fields?: Record<string, unknown>): void;
  warn(event: string, fields?: Record<string, unknown>): void;
  error(event: string, fields?: Record<string, unknown>): void;
};

const order: Record<LogLevel | 'silent', number> = { debug: 10, info: 20, warn: 30, error: 40, silent: 99 };

export function createLogger(minimum: LogLevel | 'silent', write: (line: string) => void = (line) => process.stdout.write(line + '\n')): Logger {
  const emit = (level: LogLevel) => (event: string, fields: Record<string, unknown> = {}) => {
    if (order[level] < order[minimum]) return;
    write(JSON.stringify({ time: new Date().toISOString(), level, event, ...fields }));
  };
  return { debug: emit('debug'), info: emit('info'), warn: emit('warn'), error: emit('error') };
}
