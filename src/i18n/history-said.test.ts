import { describe, expect, it } from 'vitest';
import { recognise, say, sayFieldErrors } from './translate.ts';
import type { SaidErrors } from './said.ts';
import { statementSchema } from '../lib/money-schemas.ts';
import { caseSchema } from '../lib/safety-schemas.ts';
import { readHistoryQuery } from '../lib/history-query.ts';
import { parseValues } from '../server/http/api.ts';

/** What the history, statement and case forms say, said again in every language (the beneficiary check: island-words.test.ts). */

/** A failure's field messages (data) as English says them. */
function englishOf(errors: SaidErrors): string[] {
  return Object.values(errors).flat().map((message) => say('en', message));
}

describe('the history screens’ messages, in the catalogue', () => {
  it('recognises every message of the statement and case forms and of the history filters', () => {
    const messages = new Set<string>();
    for (const values of [{}, { start_date: '2026-02-30', end_date: '2026-01-01', format: 'doc' }, { start_date: '2025-01-01', end_date: '2026-06-01', format: 'pdf' }, { start_date: 'soon', end_date: '2026-01-01', format: 'csv' }]) {
      const parsed = parseValues(values, statementSchema);
      if (!parsed.ok) englishOf(parsed.errors ?? {}).forEach((message) => messages.add(message));
    }
    for (const values of [{}, { reference: 'x'.repeat(65), kind: 'other', description: 'short' }, { reference: 'REF1', kind: 'not_received', description: 'x'.repeat(1001), freeze_account: 'on' }, { reference: 'REF1', kind: 'fraud', description: 'Someone else did this one.', freeze_account: 'on' }]) {
      const parsed = parseValues(values, caseSchema);
      if (!parsed.ok) englishOf(parsed.errors ?? {}).forEach((message) => messages.add(message));
    }
    for (const search of ['type=sideways&category=gifts', 'from=2026-02-30&to=2026-01-01', 'from=2026-03-01&to=2026-02-01', `q=${'x'.repeat(61)}`, 'from=yesterday']) {
      const read = readHistoryQuery(new URLSearchParams(search));
      Object.values(read.errors).flat().forEach((message) => messages.add(say('en', message)));
    }
    expect(messages.size).toBeGreaterThan(15);
    for (const message of messages) expect(recognise(message), message).not.toBeNull();
    // Hausa, Yoruba and Igbo never say them as English does (Pidgin may, for a short one).
    for (const locale of ['ha', 'yo', 'ig'] as const) for (const message of messages) expect(sayFieldErrors(locale, { field: [message] }).field![0], `${locale}: ${message}`).not.toBe(message);
  });
});
