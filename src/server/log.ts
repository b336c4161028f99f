import { jsonLine, passes, type LogLevel } from './json-line.ts';

/**
 * Structured logging: one JSON object per line on stdout (json-line.ts). Callers pass events and
 * plain facts; never a password, token, PIN, security answer or whole one-time code.
 */
export type { LogLevel };
export type Logger = {
  debug(event: string, fields?: Record<string, unknown>): void;
  info(event: string, fields?: Record<string, unknown>): void;
  warn(event: string, fields?: Record<string, unknown>): void;
  error(event: string, fields?: Record<string, unknown>): void;
};

export function createLogger(minimum: LogLevel | 'silent', write: (line: string) => void = (line) => process.stdout.write(line + '\n')): Logger {
  const emit = (level: LogLevel) => (event: string, fields: Record<string, unknown> = {}) => {
    if (!passes(level, minimum)) return;
    write(jsonLine(level, event, fields));
  };
  return { debug: emit('debug'), info: emit('info'), warn: emit('warn'), error: emit('error') };
}
