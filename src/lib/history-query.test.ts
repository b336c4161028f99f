import { describe, expect, it } from 'vitest';
import { say, t } from '../i18n/translate.ts';
import type { Said } from '../i18n/said.ts';
import { defaultStatementRange, hasActiveFilters, historyApiPath, historyHref, pageRange, readHistoryQuery, receiptHref, signedNaira } from './history-query.ts';

const read = (search: string) => readHistoryQuery(new URLSearchParams(search));
/** What the page shows, in English. */
const english = (errors: Record<string, Said[]>) => Object.fromEntries(Object.entries(errors).map(([field, messages]) => [field, messages.map((message) => say('en', message))]));

describe('reading the history query', () => {
  it('defaults to the first page of 20 with no filters', () => {
    const { query, message, errors } = read('');
    expect(query).toEqual({ page: 1, per_page: 20 });
    expect(message).toBeNull();
    expect(errors).toEqual({});
  });

  it('keeps valid filters and the page, and always asks for 20', () => {
    const { query, values } = read('type=credit&category=transfer&from=2026-01-01&to=2026-02-01&q=%20Ada%20&page=3&per_page=100');
    expect(query).toEqual({ page: 3, per_page: 20, type: 'credit', category: 'transfer', from: '2026-01-01', to: '2026-02-01', q: 'Ada' });
    expect(values).toEqual({ type: 'credit', category: 'transfer', from: '2026-01-01', to: '2026-02-01', q: ' Ada ' });
  });

  it('treats empty fields (as a GET form sends them) as no filter', () => {
    expect(read('type=&category=&from=&to=&q=').query).toEqual({ page: 1, per_page: 20 });
  });

  it('falls back to the defaults with a message when the dates are the wrong way round', () => {
    const { query, values, errors, message } = read('from=2026-03-01&to=2026-02-01&type=debit');
    expect(query).toEqual({ page: 1, per_page: 20 });
    expect(values.from).toBe('2026-03-01');
    expect(english(errors)).toEqual({ to: ['The end date is before the start date'] });
    expect(t('en', 'history.f.instead', { problem: say('en', message!) })).toBe('The end date is before the start date. Showing all your transactions instead.');
  });

  it('explains impossible dates and unknown options in the customer’s words', () => {
    expect(english(read('from=2026-02-30').errors)).toEqual({ from: ['That date does not exist'] });
    expect(english(read('type=sideways').errors)).toEqual({ type: ['Choose money in, money out or both'] });
    expect(english(read('category=lottery').errors)).toEqual({ category: ['Choose a category from the list'] });
  });

  it('quietly reads a nonsense page number as page 1', () => {
    for (const page of ['0', '-2', 'two', '1e3', '999999', '9999999']) {
      const result = read(`page=${page}`);
      expect(result.query.page).toBe(1);
      expect(result.message).toBeNull();
    }
  });

  it('echoes at most 100 characters of what was typed', () => {
    const { values, errors } = read(`q=${'x'.repeat(500)}`);
    expect(values.q).toHaveLength(100);
    expect(english(errors).q).toEqual(['Search for at most 60 characters']);
  });
});

describe('history links', () => {
  it('keeps the filters in a fixed order and leaves out empty ones and page 1', () => {
    expect(historyHref({})).toBe('/transactions');
    expect(historyHref({ q: 'Ada Obi', type: 'credit', category: undefined }, 1)).toBe('/transactions?type=credit&q=Ada+Obi');
    expect(historyHref({ from: '2026-01-01', to: '2026-01-31' }, 2)).toBe('/transactions?from=2026-01-01&to=2026-01-31&page=2');
  });

  it('builds the API address of the same page', () => {
    expect(historyApiPath('0123456789', {})).toBe('/v1/transaction/history/0123456789?per_page=20');
    expect(historyApiPath('0123456789', { type: 'debit', q: 'a&b' }, 4)).toBe('/v1/transaction/history/0123456789?type=debit&q=a%26b&page=4&per_page=20');
  });

  it('knows when filters are on', () => {
    expect(hasActiveFilters({})).toBe(false);
    expect(hasActiveFilters({ q: '' })).toBe(false);
    expect(hasActiveFilters({ category: 'airtime' })).toBe(true);
  });

  it('links a row to its receipt', () => {
    expect(receiptHref('TRF-2026/11 21')).toBe('/transfer/success?reference=TRF-2026%2F11%2021');
  });
});

describe('showing amounts and ranges', () => {
  it('signs money in and money out', () => {
    expect(signedNaira('credit', 500_000)).toBe('+₦5,000.00');
    expect(signedNaira('debit', 120_050)).toBe('−₦1,200.50');
  });

  it('says which rows a page holds', () => {
    expect(pageRange({ current_page: 2, per_page: 20, total: 45, count: 20 })).toBe('Showing 21–40 of 45');
    expect(pageRange({ current_page: 3, per_page: 20, total: 45, count: 5 })).toBe('Showing 41–45 of 45');
    expect(pageRange({ current_page: 1, per_page: 20, total: 0, count: 0 })).toBe('Showing 0 of 0');
  });
});

describe('the statement’s default range', () => {
  it('is the last three months to today, in Lagos', () => {
    expect(defaultStatementRange(new Date('2026-11-21T10:00:00Z'))).toEqual({ start_date: '2026-08-21', end_date: '2026-11-21' });
    // 23:30 UTC is already the next day in Lagos.
    expect(defaultStatementRange(new Date('2026-11-21T23:30:00Z'))).toEqual({ start_date: '2026-08-22', end_date: '2026-11-22' });
  });

  it('crosses the year and clamps to the end of a shorter month', () => {
    expect(defaultStatementRange(new Date('2026-02-10T10:00:00Z'))).toEqual({ start_date: '2025-11-10', end_date: '2026-02-10' });
    expect(defaultStatementRange(new Date('2026-05-31T10:00:00Z'))).toEqual({ start_date: '2026-02-28', end_date: '2026-05-31' });
    expect(defaultStatementRange(new Date('2028-05-31T10:00:00Z'))).toEqual({ start_date: '2028-02-29', end_date: '2028-05-31' });
  });
});
