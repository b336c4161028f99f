import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { parseConfig } from './config.ts';

describe('parseConfig', () => {
  it('defaults to the embedded database under ./data', () => {
    const config = parseConfig({});
    expect(config.database).toEqual({ kind: 'sqlite', file: path.resolve('data/bank.sqlite') });
    expect(config.port).toBe(4321);
    expect(config.bank.cbnCode).toBe('990');
    expect(config.session).toEqual({ idleMs: 15 * 60_000, absoluteMs: 12 * 3_600_000 });
  });

  it('switches to PostgreSQL with DATABASE_URL', () => {
    expect(parseConfig({ DATABASE_URL: 'postgres://u@h/db' }).database).toEqual({ kind: 'postgres', url: 'postgres://u@h/db' });
  });

  it('names every bad variable', () => {
    expect(() => parseConfig({ PORT: 'eighty', BANK_CBN_CODE: '12', DATABASE_URL: 'mysql://x' })).toThrow(
      /PORT[\s\S]*BANK_CBN_CODE must be 3 digits|BANK_CBN_CODE must be 3 digits[\s\S]*PORT/,
    );
    expect(() => parseConfig({ DATABASE_URL: 'mysql://x' })).toThrow('DATABASE_URL must be a postgres:// URL');
  });
});
