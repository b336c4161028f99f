import { describe, expect, it } from 'vitest';
import { fitsOneSms, gsmSeptets } from './gsm-7.ts';

describe('GSM 03.38 septets', () => {
  it('counts the default alphabet once and the extension table twice', () => {
    expect(gsmSeptets('NGN 5,000.00 sent')).toBe(17);
    expect(gsmSeptets('a|b')).toBe(4);
    expect(gsmSeptets('{}[]~^\\€')).toBe(16);
    expect(gsmSeptets('Ref: TX-01 @ £5 é')).toBe(17);
  });

  it('refuses what the alphabet has not got', () => {
    expect(gsmSeptets('₦5,000')).toBeNull();
    expect(gsmSeptets('“quoted”')).toBeNull();
    expect(gsmSeptets('Ọjọ́')).toBeNull();
    expect(gsmSeptets('\u001b')).toBeNull();
  });

  it('takes 160 septets as one message, not 161, and counts escapes in the limit', () => {
    expect(fitsOneSms('x'.repeat(160))).toBe(true);
    expect(fitsOneSms('x'.repeat(161))).toBe(false);
    expect(fitsOneSms(`${'x'.repeat(158)}|`)).toBe(true);
    expect(fitsOneSms(`${'x'.repeat(159)}|`)).toBe(false);
    expect(fitsOneSms('₦1')).toBe(false);
  });
});
