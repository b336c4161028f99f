import { describe, expect, it } from 'vitest';
import { kobo } from '../lib/money.ts';
import { amountValue, dayValue, instantValue, said, waitValue, wordValue } from './said.ts';
import { say, sayWait } from './translate.ts';

describe('say', () => {
  it('words a message with its values in each language', () => {
    expect(say('en', said('wait.minutes', { count: 3 }))).toBe('3 minutes');
    expect(say('en', said('wait.second', { count: 1 }))).toBe('1 second');
  });

  it('writes each kind of value the way the language does', () => {
    const message = said('wait.minutes', { count: amountValue(kobo(123456)) });
    expect(say('en', message)).toBe('₦1,234.56 minutes');
    expect(say('en', said('wait.minutes', { count: instantValue('2026-11-22T20:50:00Z') }))).toBe('22 Nov 2026, 21:50 minutes');
    expect(say('en', said('wait.minutes', { count: dayValue('2026-09-05') }))).toBe('5 Sept 2026 minutes');
    expect(say('en', said('wait.minutes', { count: waitValue(150) }))).toBe('3 minutes minutes');
    expect(say('ha', said('wait.minutes', { count: dayValue('2026-09-05') }))).not.toContain('Sept');
  });

  it('says a catalogue word inside a sentence in the language, in lower case', () => {
    const message = said('said.requests.cannotPause', { status: wordValue('requests.scheduled.status.cancelled') });
    expect(say('en', message)).toBe('This scheduled transfer is cancelled, so it cannot be paused.');
    expect(say('ha', message)).toContain(say('ha', said('requests.scheduled.status.cancelled')).toLowerCase());
  });

  it('rounds a wait as the request counters do', () => {
    expect(sayWait('en', 59)).toBe('59 seconds');
    expect(sayWait('en', 60)).toBe('1 minute');
    expect(sayWait('en', 61)).toBe('2 minutes');
    expect(sayWait('en', 7200)).toBe('2 hours');
    expect(sayWait('en', 7199)).toBe('2 hours');
  });
});
