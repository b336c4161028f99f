import { formatNaira, kobo, type Kobo } from './money.ts';

/**
 * Layout for the "money in vs money out" grouped bar chart. Pure: no DOM, no clock, so the
 * page can draw it as plain SVG on the server (no JavaScript on the phone) and tests can
 * check the numbers. Amounts are kobo; every coordinate is in SVG user units of a
 * `0 0 width height` viewBox, rounded to 0.01.
 */
export type MonthTotals = {
  /** 'YYYY-MM' */
  month: string;
  /** Kobo, a non-negative integer. */
  inflow: number;
  /** Kobo, a non-negative integer. */
  outflow: number;
};

export type MonthlyBarChartInput = {
  /** Oldest first, usually 6. */
  months: readonly MonthTotals[];
  width?: number;
  height?: number;
  /** The bars' names and the month names in the reader's language; English when not given. */
  names?: ChartNames;
};

/** What a chart says in words: its two kinds of bar and a month's name ('2026-11' → 'Nov', or 'November 2026' long). */
export type ChartNames = { in: string; out: string; month: (month: string, style?: 'short' | 'long') => string };

const englishNames: ChartNames = { in: 'Money in', out: 'Money out', month: (month, style) => monthName(month, style) };

export type ChartBar = {
  x: number;
  y: number;
  width: number;
  height: number;
  kind: 'in' | 'out';
  /** 'YYYY-MM' */
  month: string;
  amount: Kobo;
  /** e.g. "Money in, Nov 2026: ₦12,345.00" */
  label: string;
};

export type ChartTick = {
  y: number;
  /** Compact naira: ₦0, ₦50k, ₦1.2m */
  label: string;
  /** Kobo. */
  value: number;
};

export type ChartMonthLabel = {
  /** Centre of the month's group of bars. */
  x: number;
  /** 'Nov' */
  label: string;
  /** 'YYYY-MM' */
  month: string;
  /** 'Nov 2026' */
  fullLabel: string;
};

export type MonthlyBarChart = {
  width: number;
  height: number;
  /** The area the bars are drawn in; y grows downwards, so `bottom` is the zero line. */
  plot: { left: number; top: number; right: number; bottom: number };
  bars: ChartBar[];
  axis: { ticks: ChartTick[] };
  monthLabels: ChartMonthLabel[];
  /** The value at the top of the axis (the highest tick), kobo. Always > 0. */
  max: number;
};

export const DEFAULT_CHART_WIDTH = 320;
export const DEFAULT_CHART_HEIGHT = 200;

/** Around the plot: room for the month labels under the zero line, half a tick label above the top gridline. */
const PAD = { bottom: 22, top: 8, right: 4 } as const;
/** Rough advance width of one tick-label character at the component's 12-unit font. */
const CHAR_WIDTH = 7;
/** A month's two bars: the share of its slot they take (the rest is space between months), their widest, the gap between them. */
const BARS = { groupShare: 0.72, maxWidth: 28, gap: 2 } as const;
/** The axis shown when every amount is zero: ₦0 to ₦4k. */
const EMPTY_AXIS = { step: 100_000, intervals: 4 } as const;

const monthShort = ['Jan', 'Feb', 'Mar', 'Apr', 'May', 'Jun', 'Jul', 'Aug', 'Sep', 'Oct', 'Nov', 'Dec'] as const;
const monthLong = ['January', 'February', 'March', 'April', 'May', 'June', 'July', 'August', 'September', 'October', 'November', 'December'] as const;

function round(value: number): number {
  return Math.round(value * 100) / 100;
}

function parseMonth(month: string): { year: string; index: number } {
  const match = /^(\d{4})-(\d{2})$/.exec(month);
  const index = match ? Number(match[2]) - 1 : -1;
  if (!match || index < 0 || index > 11) throw new RangeError(`month must be 'YYYY-MM', got ${JSON.stringify(month)}`);
  return { year: match[1]!, index };
}

/** '2026-11' → 'Nov' (short) or 'November 2026' (long). */
export function monthName(month: string, style: 'short' | 'long' = 'short'): string {
  const { year, index } = parseMonth(month);
  return style === 'short' ? monthShort[index]! : `${monthLong[index]!} ${year}`;
}

function trimDecimals(value: number): string {
  return String(Number(value.toFixed(2)));
}

const compactUnits = [
  { size: 1e3, suffix: 'k' },
  { size: 1e6, suffix: 'm' },
  { size: 1e9, suffix: 'bn' },
  { size: 1e12, suffix: 'tn' },
] as const;

/** Axis-label naira: 0 → ₦0, 5_000_000 kobo → ₦50k, 120_000_000 → ₦1.2m, 250 → ₦2.5. */
export function compactNaira(amount: number): string {
  const sign = amount < 0 ? '-' : '';
  const naira = Math.abs(amount) / 100;
  let unit = -1;
  for (let i = 0; i < compactUnits.length; i++) if (naira >= compactUnits[i]!.size) unit = i;
  // 999,999 naira would round to "1000k": move up a unit instead.
  if (unit < compactUnits.length - 1 && Number((naira / (unit < 0 ? 1 : compactUnits[unit]!.size)).toFixed(2)) >= 1000) unit += 1;
  if (unit < 0) return `${sign}₦${trimDecimals(naira)}`;
  const { size, suffix } = compactUnits[unit]!;
  return `${sign}₦${trimDecimals(naira / size)}${suffix}`;
}

/**
 * The axis: the smallest step of 1, 2, 2.5 or 5 × 10ⁿ kobo that covers `dataMax` in at most
 * four intervals. Consecutive steps differ by at most 2.5×, so that is never fewer than three
 * intervals once the step is past single kobo; below that, three intervals are forced.
 * Result: 4–5 ticks, starting at ₦0.
 */
export function niceScale(dataMax: number): { step: number; intervals: number; max: number } {
  if (!(dataMax > 0)) return { step: EMPTY_AXIS.step, intervals: EMPTY_AXIS.intervals, max: EMPTY_AXIS.step * EMPTY_AXIS.intervals };
  for (let exponent = 0; ; exponent++) {
    for (const mantissa of [1, 2, 2.5, 5]) {
      const step = mantissa * 10 ** exponent;
      if (!Number.isInteger(step)) continue; // no 2.5-kobo steps
      const needed = Math.ceil(dataMax / step);
      if (needed <= 4) {
        const intervals = Math.max(3, needed);
        return { step, intervals, max: step * intervals };
      }
    }
  }
}

function checkAmount(value: number, what: string): void {
  if (!Number.isSafeInteger(value) || value < 0) throw new RangeError(`${what} must be a non-negative integer number of kobo, got ${value}`);
}

export function monthlyBarChart(input: MonthlyBarChartInput): MonthlyBarChart {
  const names = input.names ?? englishNames;
  const width = input.width ?? DEFAULT_CHART_WIDTH;
  const height = input.height ?? DEFAULT_CHART_HEIGHT;
  if (!(Number.isFinite(width) && width > 0 && Number.isFinite(height) && height > 0)) {
    throw new RangeError(`chart size must be positive, got ${width}×${height}`);
  }
  for (const { month, inflow, outflow } of input.months) {
    parseMonth(month);
    checkAmount(inflow, `inflow for ${month}`);
    checkAmount(outflow, `outflow for ${month}`);
  }

  const dataMax = Math.max(0, ...input.months.flatMap((m) => [m.inflow, m.outflow]));
  const scale = niceScale(dataMax);
  const tickValues = Array.from({ length: scale.intervals + 1 }, (_, i) => scale.step * i);
  const tickLabels = tickValues.map(compactNaira);

  const longestLabel = Math.max(...tickLabels.map((label) => label.length));
  const plot = {
    left: Math.ceil(longestLabel * CHAR_WIDTH) + 8,
    top: PAD.top,
    right: width - PAD.right,
    bottom: height - PAD.bottom,
  };
  const plotWidth = plot.right - plot.left;
  const plotHeight = plot.bottom - plot.top;
  if (plotWidth <= 0 || plotHeight <= 0) throw new RangeError(`chart size ${width}×${height} leaves no room for the bars`);

  const yOf = (value: number) => plot.bottom - (value / scale.max) * plotHeight;
  const ticks: ChartTick[] = tickValues.map((value, i) => ({ y: round(yOf(value)), label: tickLabels[i]!, value }));

  const slot = plotWidth / Math.max(1, input.months.length);
  const barWidth = Math.min(BARS.maxWidth, (slot * BARS.groupShare - BARS.gap) / 2);
  const groupWidth = barWidth * 2 + BARS.gap;

  const bars: ChartBar[] = [];
  const monthLabels: ChartMonthLabel[] = [];
  input.months.forEach(({ month, inflow, outflow }, i) => {
    const centre = plot.left + slot * i + slot / 2;
    const fullLabel = `${names.month(month)} ${parseMonth(month).year}`;
    monthLabels.push({ x: round(centre), label: names.month(month), month, fullLabel });
    const groupLeft = centre - groupWidth / 2;
    const entries = [
      { kind: 'in', amount: inflow, x: groupLeft, name: names.in },
      { kind: 'out', amount: outflow, x: groupLeft + barWidth + BARS.gap, name: names.out },
    ] as const;
    for (const { kind, amount, x, name } of entries) {
      // A zero (or too small to see) amount still gets a 1-unit stub on the zero line.
      const top = round(plot.bottom - Math.max(1, (amount / scale.max) * plotHeight));
      bars.push({
        x: round(x),
        y: top,
        width: round(barWidth),
        height: round(plot.bottom - top), // so the bar ends exactly on the zero line
        kind,
        month,
        amount: kobo(amount),
        label: `${name}, ${fullLabel}: ${formatNaira(amount)}`,
      });
    }
  });

  return { width, height, plot, bars, axis: { ticks }, monthLabels, max: scale.max };
}
