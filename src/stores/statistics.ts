import { atom } from 'nanostores';

/** Seed section 3, statistics: read from the statistics response. Amounts in kobo. */
export type MonthStatistics = { month: string; inflow: number; outflow: number; count: number };
export type CurrentMonthStatistics = { inflow: number; outflow: number; count: number; by_category: Record<string, number> };

export const monthlyStatistics = atom<readonly MonthStatistics[]>([]);
export const currentMonthStatistics = atom<CurrentMonthStatistics>({ inflow: 0, outflow: 0, count: 0, by_category: {} });

export function setStatistics(response: { monthly_statistics: readonly MonthStatistics[]; current_month_statistics: CurrentMonthStatistics }): void {
  monthlyStatistics.set(response.monthly_statistics);
  currentMonthStatistics.set(response.current_month_statistics);
}
