import path from 'node:path';
import { z } from 'zod';

/**
 * Every setting the server reads from its environment, parsed once. A bad value stops the
 * server at start with a message naming the variable, never halfway through a request.
 */
const environmentSchema = z.object({
  NODE_ENV: z.enum(['development', 'production', 'test']).default('production'),
  HOST: z.string().default('localhost'),
  PORT: z.coerce.number().int().min(1).max(65535).default(4321),
  DATA_DIR: z.string().default('./data'),
  DATABASE_URL: z
    .string()
    .regex(/^postgres(ql)?:\/\//, 'DATABASE_URL must be a postgres:// URL')
    .optional(),
  SMTP_URL: z.string().regex(/^smtps?:\/\//, 'SMTP_URL must be an smtp:// or smtps:// URL').optional(),
  MAIL_FROM: z.string().default('Harmattan Bank <no-reply@harmattan.bank.example>'),
  BANK_NAME: z.string().min(2).default('Harmattan Bank'),
  BANK_CBN_CODE: z.string().regex(/^\d{3}$/, 'BANK_CBN_CODE must be 3 digits').default('990'),
  BANK_NIP_CODE: z.string().regex(/^\d{6}$/, 'BANK_NIP_CODE must be 6 digits').default('090999'),
  SESSION_IDLE_MINUTES: z.coerce.number().int().min(1).max(24 * 60).default(15),
  SESSION_ABSOLUTE_HOURS: z.coerce.number().int().min(1).max(72).default(12),
  /** Demo data is seeded on the first start of the embedded database unless this is "false". */
  SEED_DEMO: z
    .enum(['true', 'false'])
    .default('true')
    .transform((value) => value === 'true'),
  LOG_LEVEL: z.enum(['debug', 'info', 'warn', 'error', 'silent']).default('info'),
});

export type Config = {
  nodeEnv: 'development' | 'production' | 'test';
  host: string;
  port: number;
  dataDir: string;
  database: { kind: 'sqlite'; file: string } | { kind: 'postgres'; url: string };
  smtpUrl: string | undefined;
  mailFrom: string;
  outboxDir: string;
  bank: { name: string; cbnCode: string; nipCode: string };
  session: { idleMs: number; absoluteMs: number };
  seedDemo: boolean;
  logLevel: 'debug' | 'info' | 'warn' | 'error' | 'silent';
};

export function parseConfig(environment: Record<string, string | undefined>): Config {
  const result = environmentSchema.safeParse(environment);
  if (!result.success) {
    const lines = result.error.issues.map((issue) => `${issue.path.join('.')}: ${issue.message}`);
    throw new Error(`Invalid configuration:\n${lines.join('\n')}`);
  }
  const env = result.data;
  const dataDir = path.resolve(env.DATA_DIR);
  return {
    nodeEnv: env.NODE_ENV,
    host: env.HOST,
    port: env.PORT,
    dataDir,
    database: env.DATABASE_URL
      ? { kind: 'postgres', url: env.DATABASE_URL }
      : { kind: 'sqlite', file: path.join(dataDir, 'bank.sqlite') },
    smtpUrl: env.SMTP_URL,
    mailFrom: env.MAIL_FROM,
    outboxDir: path.join(dataDir, 'outbox'),
    bank: { name: env.BANK_NAME, cbnCode: env.BANK_CBN_CODE, nipCode: env.BANK_NIP_CODE },
    session: {
      idleMs: env.SESSION_IDLE_MINUTES * 60_000,
      absoluteMs: env.SESSION_ABSOLUTE_HOURS * 3_600_000,
    },
    seedDemo: env.SEED_DEMO,
    logLevel: env.LOG_LEVEL,
  };
}
