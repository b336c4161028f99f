/** Kobo: integer minor units (₦1 = 100 kobo). Never a float near money. */
export type Kobo = number & { readonly __unit: 'kobo' };

export function kobo(value: number): Kobo {
  if (!Number.isSafeInteger(value)) throw new Error(`kobo must be a safe integer, got ${value}`);
  return value as Kobo;
}

const naira = new Intl.NumberFormat('en-NG', { style: 'currency', currency: 'NGN', minimumFractionDigits: 2 });

/** Formats at the edge only: 123456 kobo → ₦1,234.56. */
export function formatNaira(amount: number): string {
  const whole = kobo(amount);
  const sign = whole < 0 ? '-' : '';
  const absolute = Math.abs(whole);
  return sign + naira.format(Math.trunc(absolute / 100)).replace(/\.00$/, '') + '.' + String(absolute % 100).padStart(2, '0');
}
