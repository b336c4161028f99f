import { describe, expect, it } from 'vitest';
import { say } from './translate.ts';
import type { Said } from './said.ts';
import { parseValues } from '../server/http/api.ts';
import { scheduleFormSchema } from '../lib/scheduled-transfer-schemas.ts';

/** What the schedule form's schema says, in every language (the money words and the services' sentences: server-sentences.test.ts). */
/** Pidgin may say a short message as English does ("Choose the bank"); these three never do. */
const written = ['ha', 'yo', 'ig'] as const;

describe('the schedule form’s messages', () => {
  const scheduleTries = [
    {},
    { bank_code: '1', account_number: '12', amount: 'abc', narration: 'x'.repeat(101), first_date: '2030-02-30', repeat: 'daily', end_date: 'soon', count: '0' },
    { bank_code: '000014', account_number: '0123456789', amount: '0.50', first_date: '2030-03-10', repeat: 'weekly', end_date: '2030-03-01', count: '999' },
    { bank_code: '000014', account_number: '0123456789', amount: '2000000000000', first_date: '', repeat: 'monthly' },
  ];

  it('says every field message of the schedule form in every language', () => {
    const messages = new Map<string, Said>();
    for (const values of scheduleTries) {
      const parsed = parseValues(values, scheduleFormSchema);
      if (!parsed.ok) for (const list of Object.values(parsed.errors ?? {})) list.forEach((message) => messages.set(say('en', message), message));
    }
    expect(messages.size).toBeGreaterThan(8);
    for (const [english, message] of messages) {
      for (const locale of written) expect(say(locale, message), `${locale}: ${english}`).not.toBe(english);
    }
  });
});
