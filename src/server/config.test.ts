import path from 'node:path';
import { randomBytes } from 'node:crypto';
import { inspect } from 'node:util';
import { describe, expect, it } from 'vitest';
import { parseConfig } from './config.ts';
import { configIssues } from './testing/config-issues.ts';

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

describe('PIN_KEY and PIN_KEY_PREVIOUS', () => {
  const key = randomBytes(32).toString('base64');

  it('has no key by default: the embedded database keeps one in DATA_DIR/pin.key', () => {
    expect(parseConfig({}).secrets).toEqual({ pinKey: null, previousPinKeys: [], keyFile: path.resolve('data/pin.key') });
    expect(parseConfig({ DATA_DIR: '/srv/bank' }).secrets.keyFile).toBe('/srv/bank/pin.key');
  });

  it('takes base64 of at least 32 bytes, standard or URL-safe', () => {
    const current = parseConfig({ PIN_KEY: key }).secrets.pinKey;
    expect(current?.id).toMatch(/^[0-9a-f]{12}$/);
    expect(parseConfig({ PIN_KEY: Buffer.from(key, 'base64').toString('base64url') }).secrets.pinKey?.id).toBe(current?.id);
    expect(parseConfig({ PIN_KEY: randomBytes(64).toString('base64') }).secrets.pinKey).not.toBeNull();
  });

  it('refuses a short or malformed key, naming the variable and never echoing the value', () => {
    const short = randomBytes(31).toString('base64');
    for (const bad of [short, 'correct horse battery staple correct horse battery', `${key}!`, '', 'a'.repeat(43) + '=']) {
      let message = '';
      try {
        parseConfig({ PIN_KEY: bad });
      } catch (error) {
        message = (error as Error).message;
      }
      expect(message).toMatch(/PIN_KEY: PIN_KEY must be base64 of at least 32 random bytes/);
      if (bad) expect(message).not.toContain(bad.slice(0, 12));
    }
  });

  it('takes several previous keys, comma-separated, and refuses the list if any of them is bad', () => {
    const older = randomBytes(32).toString('base64');
    const secrets = parseConfig({ PIN_KEY: key, PIN_KEY_PREVIOUS: `${randomBytes(32).toString('base64')},${older}` }).secrets;
    expect(secrets.previousPinKeys).toHaveLength(2);
    expect(secrets.previousPinKeys[1]!.id).toBe(parseConfig({ PIN_KEY: older }).secrets.pinKey!.id);
    expect(() => parseConfig({ PIN_KEY: key, PIN_KEY_PREVIOUS: `${older},short` })).toThrow(/PIN_KEY_PREVIOUS must be base64/);
  });

  it('never shows the key when the configuration is printed', () => {
    const config = parseConfig({ PIN_KEY: key, PIN_KEY_PREVIOUS: randomBytes(32).toString('base64') });
    const printed = JSON.stringify(config) + inspect(config, { depth: 10 });
    expect(printed).not.toContain(key.slice(0, 12));
    expect(printed).not.toContain(Buffer.from(key, 'base64').toString('hex').slice(0, 12));
  });
});

describe('whole-number settings', () => {
  // Each says one sentence for every way it can be wrong: not a number, a fraction, too small, too large.
  it.each([
    ['SESSION_IDLE_MINUTES', 'SESSION_IDLE_MINUTES must be a whole number of minutes from 1 to 1440', ['0', '1441', '1.5', 'soon']],
    ['SESSION_ABSOLUTE_HOURS', 'SESSION_ABSOLUTE_HOURS must be a whole number of hours from 1 to 72', ['0', '73', 'x']],
    ['PIN_MAX_ATTEMPTS', 'PIN_MAX_ATTEMPTS must be a whole number from 1 to 20', ['0', '21', '2.5']],
    ['PIN_LOCK_MINUTES', 'PIN_LOCK_MINUTES must be a whole number of minutes from 1 to 1440', ['0', 'an hour']],
    ['REQUERY_INTERVAL_SECONDS', 'REQUERY_INTERVAL_SECONDS must be a whole number of seconds from 0 to 3600', ['-1', '3601']],
    ['NAME_ENQUIRIES_PER_DAY', 'NAME_ENQUIRIES_PER_DAY must be a whole number from 1 to 1000000', ['0', '1000001']],
    ['REGISTRATIONS_PER_IP', 'REGISTRATIONS_PER_IP must be a whole number from 1 to 100000', ['0', 'lots']],
    ['PORT', 'PORT must be a whole number from 1 to 65535', ['0', '65536', 'eighty']],
  ])('%s', (variable, reason, values) => {
    for (const value of values) expect(configIssues({ [variable]: value }), `${variable}=${value}`).toEqual([{ variable, reason }]);
  });
});
