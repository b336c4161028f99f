import { describe, expect, it } from 'vitest';
import { parseConfig } from './config.ts';
import { configIssues as issues } from './testing/config-issues.ts';

const termii = { SMS_PROVIDER: 'termii', TERMII_API_KEY: 'TLkey-0123456789', TERMII_SENDER_ID: 'Harmattan' };

describe('SMS_PROVIDER', () => {
  it('writes SMS to the outbox by default', () => {
    expect(parseConfig({}).sms).toEqual({ provider: 'outbox' });
  });

  it('takes Termii with its key and sender ID, on its Nigerian base URL unless told otherwise', () => {
    expect(parseConfig(termii).sms).toEqual({ provider: 'termii', baseUrl: 'https://api.ng.termii.com', apiKey: 'TLkey-0123456789', senderId: 'Harmattan', timeoutMs: 10_000 });
    expect(parseConfig({ ...termii, TERMII_BASE_URL: 'https://v3.api.termii.com', TERMII_TIMEOUT_MS: '2500' }).sms).toMatchObject({ baseUrl: 'https://v3.api.termii.com', timeoutMs: 2500 });
  });

  it('refuses Termii without its key or sender ID, naming each', () => {
    expect(issues({ SMS_PROVIDER: 'termii' })).toEqual([
      { variable: 'TERMII_API_KEY', reason: 'TERMII_API_KEY is needed when SMS_PROVIDER is termii' },
      { variable: 'TERMII_SENDER_ID', reason: 'TERMII_SENDER_ID is needed when SMS_PROVIDER is termii' },
    ]);
  });

  it.each([
    [{ SMS_PROVIDER: 'twilio' }, 'SMS_PROVIDER', 'SMS_PROVIDER must be outbox or termii'],
    [{ ...termii, TERMII_SENDER_ID: 'AB' }, 'TERMII_SENDER_ID', 'TERMII_SENDER_ID must be 3 to 11 letters and digits'],
    [{ ...termii, TERMII_SENDER_ID: 'Harmattan Bank' }, 'TERMII_SENDER_ID', 'TERMII_SENDER_ID must be 3 to 11 letters and digits'],
    [{ ...termii, TERMII_BASE_URL: 'ftp://termii.example' }, 'TERMII_BASE_URL', 'TERMII_BASE_URL must be an http:// or https:// URL'],
    [{ ...termii, TERMII_TIMEOUT_MS: '50' }, 'TERMII_TIMEOUT_MS', 'TERMII_TIMEOUT_MS must be a whole number of milliseconds from 100 to 60000'],
  ])('refuses %o', (env, variable, reason) => {
    expect(issues(env)).toEqual([{ variable, reason }]);
  });
});
