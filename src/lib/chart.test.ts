import { describe, expect, it } from 'vitest';
import { compactNaira, monthlyBarChart, monthName, niceScale, type MonthTotals } from './chart.ts';

const sixMonths: MonthTotals[] = [
  { month: '2026-06', inflow: 1_234_500, outflow: 617_250 },
  { month: '2026-07', inflow: 0, outflow: 300_000 },
  { month: '2026-08', inflow: 500_000, outflow: 0 },
  { month: '2026-09', inflow: 100, outflow: 1_000_000 },
  { month: '2026-10', inflow: 250_000, outflow: 250_000 },
  { month: '2026-11', inflow: 1_500_000, outflow: 750_000 },
];

function bar(chart: ReturnType<typeof monthlyBarChart>, month: string, kind: 'in' | 'out') {
  const found = chart.bars.find((b) => b.month === month && b.kind === kind);
  if (!found) throw new Error(`no ${kind} bar for ${month}`);
  return found;
}

describe('niceScale', () => {
  it('picks the smallest 1/2/2.5/5 × 10ⁿ step that covers the data in 3–4 intervals', () => {
    expect(niceScale(1_234_500)).toEqual({ step: 500_000, intervals: 3, max: 1_500_000 }); // ₦12,345 → ₦0, 5k, 10k, 15k
    expect(niceScale(10_000_000)).toEqual({ step: 2_500_000, intervals: 4, max: 10_000_000 }); // exactly ₦100k: 0, 25k … 100k
    expect(niceScale(4_500_000)).toEqual({ step: 2_000_000, intervals: 3, max: 6_000_000 });
    expect(niceScale(120_000_000)).toEqual({ step: 50_000_000, intervals: 3, max: 150_000_000 });
    expect(niceScale(10_000_001)).toEqual({ step: 5_000_000, intervals: 3, max: 15_000_000 });
  });
  it('never uses fractions of a kobo and still gives 4 ticks for tiny amounts', () => {
    expect(niceScale(1)).toEqual({ step: 1, intervals: 3, max: 3 });
    expect(niceScale(9)).toEqual({ step: 5, intervals: 3, max: 15 });
    expect(niceScale(99)).toEqual({ step: 25, intervals: 4, max: 100 });
  });
  it('gives every size of data 4 or 5 ticks, each a nice number', () => {
    for (let exponent = 0; exponent <= 14; exponent++) {
      for (const mantissa of [1, 1.01, 1.5, 2, 2.4, 2.5, 3, 4, 4.99, 5, 7.5, 9.99]) {
        const dataMax = Math.round(mantissa * 10 ** exponent);
        if (dataMax < 1) continue;
        const { step, intervals, max } = niceScale(dataMax);
        expect(intervals + 1, `ticks for ${dataMax}`).toBeGreaterThanOrEqual(4);
        expect(intervals + 1, `ticks for ${dataMax}`).toBeLessThanOrEqual(5);
        expect(max).toBeGreaterThanOrEqual(dataMax);
        if (dataMax > 20) expect(max - step).toBeLessThan(dataMax); // no empty interval at the top (below ₦0.20, 3 are forced)
        const mantissaOfStep = step / 10 ** Math.floor(Math.log10(step));
        expect([1, 2, 2.5, 5]).toContain(mantissaOfStep);
      }
    }
  });
  it('gives an all-zero chart a ₦0–₦4k axis', () => {
    expect(niceScale(0)).toEqual({ step: 100_000, intervals: 4, max: 400_000 });
  });
});

describe('compactNaira', () => {
  it.each([
    [0, '₦0'],
    [50_000, '₦500'],
    [5_000_000, '₦50k'],
    [750_000, '₦7.5k'],
    [120_000_000, '₦1.2m'],
    [125_000_000, '₦1.25m'],
    [250_000_000_000, '₦2.5bn'],
    [20, '₦0.2'],
    [99_999_999, '₦1m'], // not ₦1000k
    [-5_000_000, '-₦50k'],
  ])('writes the axis value %i kobo the way people say it: %j', (amount, said) => {
    expect(compactNaira(amount)).toBe(said);
  });
});

describe('monthName', () => {
  it('names months in English', () => {
    expect(monthName('2026-11')).toBe('Nov');
    expect(monthName('2026-01', 'long')).toBe('January 2026');
    expect(() => monthName('2026-13')).toThrow(RangeError);
    expect(() => monthName('Nov 2026')).toThrow(RangeError);
  });
});

describe('monthlyBarChart', () => {
  const chart = monthlyBarChart({ months: sixMonths });

  it('has the default size, a plot area and the axis top', () => {
    expect(chart.width).toBe(320);
    expect(chart.height).toBe(200);
    expect(chart.plot).toEqual({ left: 36, top: 8, right: 316, bottom: 178 }); // 4-character tick labels
    expect(chart.max).toBe(1_500_000);
  });

  it('labels the ticks from ₦0 at the zero line to the top of the plot', () => {
    expect(chart.axis.ticks).toEqual([
      { y: 178, label: '₦0', value: 0 },
      { y: 121.33, label: '₦5k', value: 500_000 },
      { y: 64.67, label: '₦10k', value: 1_000_000 },
      { y: 8, label: '₦15k', value: 1_500_000 },
    ]);
  });

  it('labels each month under the centre of its pair of bars', () => {
    expect(chart.monthLabels.map((m) => m.label)).toEqual(['Jun', 'Jul', 'Aug', 'Sep', 'Oct', 'Nov']);
    expect(chart.monthLabels[0]).toEqual({ x: 59.33, label: 'Jun', month: '2026-06', fullLabel: 'Jun 2026' });
    expect(chart.monthLabels[5]!.x).toBe(292.67);
    const inBar = bar(chart, '2026-06', 'in');
    const outBar = bar(chart, '2026-06', 'out');
    expect((inBar.x + outBar.x + outBar.width) / 2).toBeCloseTo(59.33, 1);
  });

  it('draws two bars per month, money in then money out, side by side', () => {
    expect(chart.bars).toHaveLength(12);
    expect(chart.bars.map((b) => b.kind)).toEqual(['in', 'out', 'in', 'out', 'in', 'out', 'in', 'out', 'in', 'out', 'in', 'out']);
    const inBar = bar(chart, '2026-06', 'in');
    const outBar = bar(chart, '2026-06', 'out');
    expect(inBar).toMatchObject({ x: 42.53, width: 15.8 });
    expect(outBar).toMatchObject({ x: 60.33, width: 15.8 });
    expect(outBar.x - (inBar.x + inBar.width)).toBeCloseTo(2, 1); // a 2-unit gap, no overlap
    // Each month's pair sits left of the next month's.
    for (let i = 1; i < chart.bars.length; i++) expect(chart.bars[i]!.x).toBeGreaterThan(chart.bars[i - 1]!.x + chart.bars[i - 1]!.width);
  });

  it('keeps every bar inside the plot area, standing on the zero line', () => {
    for (const b of chart.bars) {
      expect(b.x).toBeGreaterThanOrEqual(chart.plot.left);
      expect(b.x + b.width).toBeLessThanOrEqual(chart.plot.right);
      expect(b.y).toBeGreaterThanOrEqual(chart.plot.top);
      expect(b.y + b.height).toBeCloseTo(chart.plot.bottom, 5);
    }
  });

  it('makes heights proportional to the amounts against the axis top', () => {
    const plotHeight = 170;
    expect(bar(chart, '2026-11', 'in')).toMatchObject({ y: 8, height: 170, amount: 1_500_000 }); // the axis top
    expect(bar(chart, '2026-09', 'out')).toMatchObject({ y: 64.67, height: 113.33 }); // ₦10k = 2/3
    expect(bar(chart, '2026-11', 'out').height).toBe(85); // ₦7.5k = 1/2
    expect(bar(chart, '2026-06', 'in').height).toBeCloseTo((1_234_500 / 1_500_000) * plotHeight, 1);
    expect(bar(chart, '2026-10', 'in').height).toBe(bar(chart, '2026-10', 'out').height);
    expect(bar(chart, '2026-06', 'out').height * 2).toBeCloseTo(bar(chart, '2026-06', 'in').height, 1);
  });

  it('gives zero (and too-small-to-see) amounts a 1-unit stub', () => {
    expect(bar(chart, '2026-07', 'in')).toMatchObject({ y: 177, height: 1, amount: 0 });
    expect(bar(chart, '2026-08', 'out')).toMatchObject({ y: 177, height: 1, amount: 0 });
    expect(bar(chart, '2026-09', 'in')).toMatchObject({ y: 177, height: 1, amount: 100 });
  });

  it('labels every bar with the full amount', () => {
    expect(bar(chart, '2026-06', 'in').label).toBe('Money in, Jun 2026: ₦12,345.00');
    expect(bar(chart, '2026-06', 'out').label).toBe('Money out, Jun 2026: ₦6,172.50');
    expect(bar(chart, '2026-07', 'in').label).toBe('Money in, Jul 2026: ₦0.00');
  });

  it('still draws a valid chart when every amount is zero', () => {
    const empty = monthlyBarChart({ months: sixMonths.map(({ month }) => ({ month, inflow: 0, outflow: 0 })) });
    expect(empty.max).toBe(400_000);
    expect(empty.axis.ticks.map((t) => t.label)).toEqual(['₦0', '₦1k', '₦2k', '₦3k', '₦4k']);
    expect(empty.axis.ticks.map((t) => t.y)).toEqual([178, 135.5, 93, 50.5, 8]);
    expect(empty.bars).toHaveLength(12);
    for (const b of empty.bars) {
      expect(b.height).toBe(1);
      expect(b.y).toBe(177);
      expect(Number.isFinite(b.x) && Number.isFinite(b.width)).toBe(true);
    }
  });

  it('draws an empty plot for no months at all', () => {
    const none = monthlyBarChart({ months: [] });
    expect(none.bars).toEqual([]);
    expect(none.monthLabels).toEqual([]);
    expect(none.axis.ticks).toHaveLength(5);
  });

  it('caps the bar width when there are few months, and follows the given size', () => {
    const one = monthlyBarChart({ months: [{ month: '2026-11', inflow: 5_000_000, outflow: 2_500_000 }], width: 600, height: 300 });
    expect(one.width).toBe(600);
    expect(one.height).toBe(300);
    expect(one.axis.ticks.map((t) => t.label)).toEqual(['₦0', '₦20k', '₦40k', '₦60k']);
    expect(one.plot).toEqual({ left: 36, top: 8, right: 596, bottom: 278 });
    expect(one.monthLabels[0]!.x).toBe(316);
    const [inBar, outBar] = one.bars;
    expect(inBar).toMatchObject({ x: 287, width: 28, y: 53, height: 225 }); // ₦50k of ₦60k
    expect(outBar).toMatchObject({ x: 317, width: 28, y: 165.5, height: 112.5 });
  });

  it('refuses amounts that are not kobo and months that are not YYYY-MM', () => {
    expect(() => monthlyBarChart({ months: [{ month: '2026-11', inflow: -1, outflow: 0 }] })).toThrow(RangeError);
    expect(() => monthlyBarChart({ months: [{ month: '2026-11', inflow: 1.5, outflow: 0 }] })).toThrow(RangeError);
    expect(() => monthlyBarChart({ months: [{ month: '2026-1', inflow: 0, outflow: 0 }] })).toThrow(RangeError);
    expect(() => monthlyBarChart({ months: [], width: 0 })).toThrow(RangeError);
  });
});
