import { describe, expect, it } from 'vitest';
import { parseConfig } from './config.ts';
import { configIssues as issues } from './testing/config-issues.ts';

const postgres = { DATABASE_URL: 'postgres://bank@db.internal/bank', PIN_KEY: 'k'.repeat(44) };

describe('WORKERS', () => {
  it('is 1 by default, on either engine', () => {
    expect(parseConfig({}).workers).toBe(1);
  });

  it('takes several processes on PostgreSQL', () => {
    expect(parseConfig({ ...postgres, WORKERS: '4' }).workers).toBe(4);
  });

  it('refuses more than one process on the embedded SQLite database, naming WORKERS and why', () => {
    expect(issues({ WORKERS: '2' })).toEqual([{ variable: 'WORKERS', reason: expect.stringContaining('needs PostgreSQL (set DATABASE_URL)') }]);
    expect(parseConfig({ WORKERS: '1' }).workers).toBe(1);
  });

  it.each(['0', '-1', '1.5', 'two', '65'])('refuses WORKERS=%s', (value) => {
    expect(issues({ ...postgres, WORKERS: value })).toEqual([{ variable: 'WORKERS', reason: 'WORKERS must be a whole number from 1 to 64' }]);
  });
});
