import { describe, expect, it } from 'vitest';
import { kobo } from '../lib/money.ts';
import { amountValue, dayValue, instantValue, ordinalValue, phraseValue, said, waitValue, wordValue } from './said.ts';
import { wordWith } from '../lib/word-said.ts';
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

  it('says a phrase with values of its own inside a sentence, in lower case, and a day of the month as the language counts it', () => {
    const repeat = said('requests.scheduled.monthlyOnLate', { day: ordinalValue(31) });
    const made = said('requests.scheduled.made', { amount: amountValue(kobo(250_000)), name: 'AMAKA OKAFOR', repeat: phraseValue(repeat) });
    expect(say('en', made)).toBe('Scheduled: ₦2,500.00 to AMAKA OKAFOR, every month on the 31st (the last day of shorter months).');
    expect(say('en', said('requests.scheduled.monthlyOn', { day: ordinalValue(22) }))).toBe('Every month on the 22nd');
    expect(['1st', '2nd', '3rd', '4th', '11th', '12th', '13th', '21st', '23rd'].map((text, index) => say('en', said('requests.scheduled.monthlyOn', { day: ordinalValue([1, 2, 3, 4, 11, 12, 13, 21, 23][index]!) })).endsWith(text))).not.toContain(false);
    expect(say('yo', said('requests.scheduled.monthlyOn', { day: ordinalValue(31) }))).toContain('31');
    expect(say('yo', said('requests.scheduled.monthlyOn', { day: ordinalValue(31) }))).not.toContain('31st');
    // An island words the same data from the page's words.
    const word = wordWith({ 'requests.scheduled.made': 'Scheduled: {amount} to {name}, {repeat}.', 'requests.scheduled.monthlyOnLate': 'Every month on day {day}' });
    expect(word(made)).toBe('Scheduled: 250000 to AMAKA OKAFOR, every month on day 31.');
  });

  it('rounds a wait as the request counters do', () => {
    expect(sayWait('en', 59)).toBe('59 seconds');
    expect(sayWait('en', 60)).toBe('1 minute');
    expect(sayWait('en', 61)).toBe('2 minutes');
    expect(sayWait('en', 7200)).toBe('2 hours');
    expect(sayWait('en', 7199)).toBe('2 hours');
  });
});
