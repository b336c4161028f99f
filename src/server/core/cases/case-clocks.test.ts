import { expect, it } from 'vitest';
import { caseDueAt, durationWords, slaBand, timeLeftWords } from './case-clocks.ts';

const opened = '2026-12-01T09:00:00.000Z';
const hour = 3_600_000;
const at = (ms: number) => new Date(Date.parse(opened) + ms);

it('gives each kind its clock; a kind it does not know is an account matter', () => {
  const start = new Date(opened);
  expect(['not_received', 'wrong_amount', 'fraud', 'wrong_charge', 'liveness_review', 'something_new'].map((kind) => (caseDueAt(kind, start).getTime() - start.getTime()) / hour)).toEqual([72, 72, 72, 720, 336, 336]);
});

it('bands by the share of time left: above half, half or less, a tenth or less, none', () => {
  const due = at(100 * hour).toISOString();
  expect([0, 49.99, 50, 89.99, 90, 99.99, 100, 130].map((elapsed) => slaBand(opened, due, at(elapsed * hour)))).toEqual(['ample', 'ample', 'half', 'half', 'tenth', 'tenth', 'breached', 'breached']);
});

it('says the time left and how overdue in hours and minutes', () => {
  const due = at(10 * hour).toISOString();
  expect(timeLeftWords(due, at(10 * hour - 3 * hour - 20 * 60_000))).toBe('3 h 20 min left');
  expect(timeLeftWords(due, at(12 * hour))).toBe('overdue by 2 h');
  expect(timeLeftWords(due, at(10 * hour))).toBe('overdue by less than 1 min');
  expect(durationWords(45 * 60_000 + 59_000)).toBe('45 min');
  expect(durationWords(3 * 24 * hour + 5 * hour + 7 * 60_000)).toBe('3 d 5 h');
  expect(durationWords(30 * 24 * hour)).toBe('30 d');
});
