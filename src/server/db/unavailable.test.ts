import { describe, expect, it } from 'vitest';
import { isDatabaseUnavailable } from './unavailable.ts';

const withCode = (message: string, fields: Record<string, unknown>) => Object.assign(new Error(message), fields);

describe('isDatabaseUnavailable', () => {
  it('knows the database being away from a bug', () => {
    expect(isDatabaseUnavailable(withCode('terminating connection due to administrator command', { code: '57P01' }))).toBe(true);
    expect(isDatabaseUnavailable(withCode('the database system is starting up', { code: '57P03' }))).toBe(true);
    expect(isDatabaseUnavailable(withCode('connection failure', { code: '08006' }))).toBe(true);
    expect(isDatabaseUnavailable(withCode('connect ECONNREFUSED 127.0.0.1:5432', { code: 'ECONNREFUSED' }))).toBe(true);
    expect(isDatabaseUnavailable(new Error('Connection terminated unexpectedly'))).toBe(true);
    expect(isDatabaseUnavailable(new Error('timeout exceeded when trying to connect'))).toBe(true);
    expect(isDatabaseUnavailable(new AggregateError([withCode('refused', { code: 'ECONNREFUSED' })]))).toBe(true);
    expect(isDatabaseUnavailable(new Error('query failed', { cause: withCode('x', { code: '57P01' }) }))).toBe(true);
    // SQLite: disk full (13), an extended I/O error (10 | 3 << 8), read-only (8).
    expect(isDatabaseUnavailable(withCode('database or disk is full', { code: 'ERR_SQLITE_ERROR', errcode: 13 }))).toBe(true);
    expect(isDatabaseUnavailable(withCode('disk I/O error', { code: 'ERR_SQLITE_ERROR', errcode: 10 | (3 << 8) }))).toBe(true);
    expect(isDatabaseUnavailable(withCode('attempt to write a readonly database', { code: 'ERR_SQLITE_ERROR', errcode: 8 }))).toBe(true);

    // A bug, a constraint, a syntax error, a thrown string: not the database being away.
    expect(isDatabaseUnavailable(new TypeError('cannot read properties of undefined'))).toBe(false);
    expect(isDatabaseUnavailable(withCode('duplicate key value violates unique constraint', { code: '23505' }))).toBe(false);
    expect(isDatabaseUnavailable(withCode('syntax error', { code: '42601' }))).toBe(false);
    expect(isDatabaseUnavailable(withCode('UNIQUE constraint failed', { code: 'ERR_SQLITE_ERROR', errcode: 19 | (8 << 8) }))).toBe(false);
    expect(isDatabaseUnavailable('Connection terminated')).toBe(false);
  });
});
