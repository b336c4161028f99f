import { describe, expect, it } from 'vitest';
import { networkOfNumber, normaliseMobileNumber } from './mobile-number.ts';

describe('normaliseMobileNumber', () => {
  it('takes a number as customers write it', () => {
    expect(normaliseMobileNumber('+234 803 123 4567')).toBe('08031234567');
    expect(normaliseMobileNumber('0803-123-4567')).toBe('08031234567');
    expect(normaliseMobileNumber('0123')).toBeNull();
  });
});

describe('networkOfNumber (the network a number was allocated to)', () => {
  it('knows each network by its prefixes, however the number is written', () => {
    expect(networkOfNumber('0803 123 4567')).toBe('mtn');
    expect(networkOfNumber('+2348031234567')).toBe('mtn');
    expect(networkOfNumber('08021234567')).toBe('airtel');
    expect(networkOfNumber('08051234567')).toBe('glo');
    expect(networkOfNumber('09091234567')).toBe('9mobile');
  });

  it('takes a five-digit MTN range out of a four-digit range it is not in', () => {
    expect(networkOfNumber('07025123456')).toBe('mtn');
    expect(networkOfNumber('07021234567')).toBeNull();
  });

  it('answers null for a number that is not a Nigerian mobile number', () => {
    expect(networkOfNumber('')).toBeNull();
    expect(networkOfNumber('12345')).toBeNull();
  });
});
