import { describe, expect, it } from 'vitest';
import { parseConfig } from './config.ts';
import { configIssues as issues } from './testing/config-issues.ts';

describe('admission settings (src/server/node/lifecycle.ts admissionGate)', () => {
  it('defaults to 32 at once, a queue of 512, a wait of one second and starts for 2 ms of a turn on SQLite', () => {
    expect(parseConfig({}).admission).toEqual({ concurrency: 32, queueLength: 512, maxWaitMs: 1000, sliceMs: 2 });
  });

  it('has no slice on PostgreSQL unless REQUEST_SLICE_MS sets one', () => {
    const postgres = { DATABASE_URL: 'postgres://bank@db.internal/bank', PIN_KEY: 'k'.repeat(44) };
    expect(parseConfig(postgres).admission.sliceMs).toBeNull();
    expect(parseConfig({ ...postgres, REQUEST_SLICE_MS: '3' }).admission.sliceMs).toBe(3);
  });

  it('takes other values, including no queue at all and one start a turn', () => {
    expect(parseConfig({ MAX_CONCURRENT_REQUESTS: '8', REQUEST_QUEUE_LENGTH: '0', REQUEST_QUEUE_WAIT_MS: '250', REQUEST_SLICE_MS: '0' }).admission).toEqual({ concurrency: 8, queueLength: 0, maxWaitMs: 250, sliceMs: 0 });
  });

  it.each([
    ['MAX_CONCURRENT_REQUESTS', '0', 'MAX_CONCURRENT_REQUESTS must be a whole number from 1 to 10000'],
    ['MAX_CONCURRENT_REQUESTS', 'many', 'MAX_CONCURRENT_REQUESTS must be a whole number from 1 to 10000'],
    ['REQUEST_QUEUE_LENGTH', '-1', 'REQUEST_QUEUE_LENGTH must be a whole number from 0 to 100000'],
    ['REQUEST_QUEUE_WAIT_MS', '1.5', 'REQUEST_QUEUE_WAIT_MS must be a whole number of milliseconds from 1 to 60000'],
    ['REQUEST_QUEUE_WAIT_MS', '60001', 'REQUEST_QUEUE_WAIT_MS must be a whole number of milliseconds from 1 to 60000'],
    ['REQUEST_SLICE_MS', '-1', 'REQUEST_SLICE_MS must be a whole number of milliseconds from 0 to 1000'],
    ['REQUEST_SLICE_MS', '2.5', 'REQUEST_SLICE_MS must be a whole number of milliseconds from 0 to 1000'],
    ['REQUEST_SLICE_MS', 'off', 'REQUEST_SLICE_MS must be a whole number of milliseconds from 0 to 1000'],
  ])('refuses %s=%s, naming it', (variable, value, reason) => {
    expect(issues({ [variable]: value })).toEqual([{ variable, reason }]);
  });
});
