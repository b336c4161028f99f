/** Kobo: integer minor units (₦1 = 100 kobo). Never a float near money. */
export type Kobo = number & { readonly __unit: 'kobo' };

export function kobo(value: number): Kobo {
  if (!Number.isSafeInteger(value)) throw new Error(`kobo must be a safe integer, got ${value}`);
  return value as Kobo;
}

/**
 * A naira amount written as a decimal string ("50000", "12.5", "12.50") to kobo, digit by digit:
 * no float is involved, so "0.29" is exactly 29 kobo. More than 2 decimals, a sign, an exponent
 * or anything but digits and one point is refused (null), as is an amount past a safe integer.
 */
export function nairaToKobo(text: string): Kobo | null {
  const match = /^(\d+)(?:\.(\d{1,2}))?$/.exec(text);
  if (!match) return null;
  const [, whole, fraction = ''] = match as unknown as [string, string, string | undefined];
  const value = Number(BigInt(whole) * 100n + BigInt(fraction.padEnd(2, '0')));
  return Number.isSafeInteger(value) ? (value as Kobo) : null;
}

/**
 * Formats at the edge only: 123456 kobo → ₦1,234.56 (Intl's en-NG naira, which this matches digit
 * for digit: money.test.ts compares them). Grouped by hand: a page such as the dashboard formats
 * a hundred amounts, and Intl.NumberFormat's format with a regular expression on its answer was
 * 1.4 % of a render's CPU.
 */
export function formatNaira(amount: number): string {
  const whole = kobo(amount);
  const sign = whole < 0 ? '-' : '';
  const absolute = Math.abs(whole);
  const naira = String(Math.trunc(absolute / 100));
  let grouped = naira.slice(0, naira.length % 3 || 3);
  for (let at = grouped.length; at < naira.length; at += 3) grouped += ',' + naira.slice(at, at + 3);
  return sign + '₦' + grouped + '.' + String(absolute % 100).padStart(2, '0');
}
