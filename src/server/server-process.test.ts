import fs from 'node:fs';
import { describe, expect, it } from 'vitest';
import { parseConfig, settingNames } from './config.ts';
import { redact, startupProblems } from './server-process.ts';

const pinKey = 'c2VjcmV0LWtleS1vZi0zMi1ieXRlcy1hdC1sZWFzdC0xMjM0NTY=';

function problemsOf(environment: Record<string, string>) {
  try {
    parseConfig(environment);
  } catch (error) {
    return startupProblems(error, environment);
  }
  throw new Error('the configuration was accepted');
}

describe('what stops the start', () => {
  it('names each bad variable and why', () => {
    expect(problemsOf({ BANK_CBN_CODE: '12' })).toEqual([{ variable: 'BANK_CBN_CODE', reason: 'BANK_CBN_CODE must be 3 digits' }]);
    for (const port of ['eighty', '0', '65536', '80.5']) {
      expect(problemsOf({ PORT: port })).toEqual([{ variable: 'PORT', reason: 'PORT must be a whole number from 1 to 65535' }]);
    }
    expect(problemsOf({ PORT: 'x', LOG_LEVEL: 'loud' }).map((problem) => problem.variable).sort()).toEqual(['LOG_LEVEL', 'PORT']);
  });

  it('never carries a secret value, whole or in part', () => {
    const shortKey = 'dG9vLXNob3J0LWtleQ==';
    const [problem] = problemsOf({ PIN_KEY: shortKey });
    expect(problem?.variable).toBe('PIN_KEY');
    expect(JSON.stringify(problem)).not.toContain(shortKey);

    const environment = { DATABASE_URL: 'postgres://bank:s3cret-pw@db.example:5432/bank', PIN_KEY: pinKey, SMTP_URL: 'smtp://mailer:m41l-pw@smtp.example:587' };
    const [refused] = startupProblems(new Error('connect to postgres://bank:s3cret-pw@db.example:5432/bank failed; smtp m41l-pw; key ' + pinKey), environment);
    expect(refused?.variable).toBe('DATABASE_URL');
    expect(refused?.reason).not.toMatch(/s3cret-pw|m41l-pw/);
    expect(refused?.reason).not.toContain(pinKey);
    expect(refused?.reason).toContain('postgres://bank:***@db.example');
  });

  it('puts an error from opening the bank on the variable it is about, else on the database', () => {
    expect(startupProblems(new Error('PIN_KEY is required with DATABASE_URL (PostgreSQL)'), { DATABASE_URL: 'postgres://x@h/db' })[0]?.variable).toBe('PIN_KEY');
    expect(startupProblems(new Error('connect ECONNREFUSED 127.0.0.1:5999'), { DATABASE_URL: 'postgres://x@h/db' })).toEqual([
      { variable: 'DATABASE_URL', reason: 'the database could not be opened and migrated: connect ECONNREFUSED 127.0.0.1:5999' },
    ]);
    expect(startupProblems(new Error('EACCES: permission denied'), {})[0]?.variable).toBe('DATA_DIR');
  });

  it('never says the Termii API key', () => {
    expect(redact('termii refused key TLkey-0123456789 for sender', { TERMII_API_KEY: 'TLkey-0123456789' })).toBe('termii refused key *** for sender');
  });

  it('redacts URL passwords even when the value is not a setting', () => {
    expect(redact('smtps://a:b@c and postgresql://u:p%40ss@h/db', {})).toBe('smtps://a:***@c and postgresql://u:***@h/db');
  });
});

describe('.env.example', () => {
  it('lists every setting the server reads, and nothing it does not', () => {
    const text = fs.readFileSync(new URL('../../.env.example', import.meta.url), 'utf8');
    const listed = [...text.matchAll(/^# ([A-Z][A-Z0-9_]*)=/gm)].map((match) => match[1]);
    expect(listed).toHaveLength(new Set(listed).size);
    expect(new Set(listed)).toEqual(new Set(settingNames));
  });
});
