import { formatNaira } from './money.ts';
import { lagosDate } from './lagos-time.ts';
import { historyQuerySchema, type HistoryQuery } from './money-schemas.ts';
import { ownValue } from './own.ts';
import { fieldErrorsOf } from './schemas.ts';
import type { MessageKey } from '../i18n/messages/en.ts';
import type { Said } from '../i18n/said.ts';

/**
 * The transaction history's address: which filters and page the customer asked for, read from
 * the query string of the plain GET form, and the links (pages, "clear filters") that keep them.
 * The page and any script build the same URLs from here, so a link never drops a filter.
 */
export const historyPath = '/transactions';
/** Seed section 9: the default page size. The page always shows this many. */
export const historyPerPage = 20;

export const historyFilterNames = ['type', 'category', 'from', 'to', 'q'] as const;
export type HistoryFilterName = (typeof historyFilterNames)[number];
export type HistoryFilters = Pick<HistoryQuery, HistoryFilterName>;

export type ReadHistoryQuery = {
  /** What to ask the bank for: the customer's query when valid, else the defaults (page 1, no filters). */
  query: HistoryQuery;
  /** The filters as typed, to put back into the form so they can be corrected. */
  values: Record<HistoryFilterName, string>;
  errors: Record<string, Said[]>;
  /** Why the query was not used, for the top of the page (inside `history.f.instead`); null when it was. */
  message: Said | null;
};

// Longer than any valid value: enough to show what was typed, never an unbounded echo.
const maxEchoLength = 100;
// The schema's own ceiling on page numbers.
const maxPage = 100_000;

// zod's own messages for an unknown option are written for developers; these are for customers.
const friendlyErrors: Partial<Record<string, MessageKey>> = {
  type: 'said.history.type',
  category: 'said.history.category',
};

export function defaultHistoryQuery(): HistoryQuery {
  return historyQuerySchema.parse({ per_page: historyPerPage });
}

export function readHistoryQuery(params: URLSearchParams): ReadHistoryQuery {
  const values = Object.fromEntries(historyFilterNames.map((name) => [name, (params.get(name) ?? '').slice(0, maxEchoLength)])) as Record<HistoryFilterName, string>;
  // A page number the customer never typed (an old or edited link) is simply page 1.
  const rawPage = params.get('page') ?? '';
  const page = /^\d{1,6}$/.test(rawPage) && Number(rawPage) >= 1 && Number(rawPage) <= maxPage ? rawPage : undefined;
  const parsed = historyQuerySchema.safeParse({ ...values, page, per_page: historyPerPage });
  if (parsed.success) return { query: parsed.data, values, errors: {}, message: null };

  const errors: Record<string, Said[]> = {};
  for (const [field, messages] of Object.entries(fieldErrorsOf(parsed.error))) {
    const friendly = ownValue(friendlyErrors, field);
    errors[field] = [friendly ? { key: friendly } : (messages[0] ?? { key: 'said.history.check' })];
  }
  const first = Object.values(errors)[0]?.[0] ?? { key: 'said.history.checkAll' };
  return { query: defaultHistoryQuery(), values, errors, message: first };
}

export function hasActiveFilters(filters: Partial<HistoryFilters>): boolean {
  return historyFilterNames.some((name) => filters[name] !== undefined && filters[name] !== '');
}

/** The query string for these filters and page: empty values and page 1 left out, in a fixed order. */
export function historySearch(filters: Partial<HistoryFilters>, page = 1): string {
  const params = new URLSearchParams();
  for (const name of historyFilterNames) {
    const value = filters[name];
    if (value !== undefined && value !== '') params.set(name, String(value));
  }
  if (page > 1) params.set('page', String(page));
  const search = params.toString();
  return search ? `?${search}` : '';
}

/** /transactions?type=credit&page=2: a page of the history with the same filters. */
export function historyHref(filters: Partial<HistoryFilters>, page = 1): string {
  return historyPath + historySearch(filters, page);
}

/** The JSON API's address for the same page (API.md: GET /v1/transaction/history/{accountNumber}). */
export function historyApiPath(accountNumber: string, filters: Partial<HistoryFilters>, page = 1): string {
  const search = historySearch(filters, page);
  return `/v1/transaction/history/${encodeURIComponent(accountNumber)}${search ? `${search}&` : '?'}per_page=${historyPerPage}`;
}

/** The receipt of any kind of transaction. */
export function receiptHref(reference: string): string {
  return `/transfer/success?reference=${encodeURIComponent(reference)}`;
}

/** "+₦5,000.00" for money in, "−₦1,200.50" (a true minus sign) for money out. */
export function signedNaira(type: 'credit' | 'debit', amountKobo: number): string {
  return (type === 'credit' ? '+' : '−') + formatNaira(amountKobo);
}

/** "Showing 21–40 of 45": which rows of the whole list this page holds. */
export function pageRange(page: { current_page: number; per_page: number; total: number; count: number }): string {
  if (page.count === 0) return `Showing 0 of ${page.total}`;
  const first = (page.current_page - 1) * page.per_page + 1;
  return `Showing ${first}–${first + page.count - 1} of ${page.total}`;
}

/**
 * The statement form's starting range: the last three months up to today (the bank's day).
 * 31 May less three months is 28 (or 29) February, not 3 March.
 */
export function defaultStatementRange(now: Date): { start_date: string; end_date: string } {
  const today = lagosDate(now);
  const [year, month, day] = today.split('-').map(Number) as [number, number, number];
  const index = year * 12 + (month - 1) - 3;
  const startYear = Math.floor(index / 12);
  const startMonth = (index % 12) + 1;
  const lastDay = new Date(Date.UTC(startYear, startMonth, 0)).getUTCDate();
  const start = `${startYear}-${String(startMonth).padStart(2, '0')}-${String(Math.min(day, lastDay)).padStart(2, '0')}`;
  return { start_date: start, end_date: today };
}
