/**
 * NUBAN (CBN): a 9-digit serial and a check digit computed over the 3-digit CBN bank code
 * followed by the serial, with weights 3,7,3,3,7,3,3,7,3,3,7,3.
 */
const weights = [3, 7, 3, 3, 7, 3, 3, 7, 3, 3, 7, 3] as const;

export function nubanCheckDigit(bankCode: string, serial: string): number {
  if (!/^\d{3}$/.test(bankCode)) throw new Error('bank code must be 3 digits');
  if (!/^\d{9}$/.test(serial)) throw new Error('serial must be 9 digits');
  const digits = bankCode + serial;
  let sum = 0;
  for (let index = 0; index < weights.length; index += 1) {
    sum += Number(digits[index]) * weights[index]!;
  }
  return (10 - (sum % 10)) % 10;
}

export function makeNuban(bankCode: string, serialNumber: number): string {
  if (!Number.isSafeInteger(serialNumber) || serialNumber < 1 || serialNumber > 999_999_999) {
    throw new Error('serial number out of range');
  }
  const serial = String(serialNumber).padStart(9, '0');
  return serial + String(nubanCheckDigit(bankCode, serial));
}

export function isValidNuban(accountNumber: string, bankCode: string): boolean {
  if (!/^\d{10}$/.test(accountNumber) || !/^\d{3}$/.test(bankCode)) return false;
  return nubanCheckDigit(bankCode, accountNumber.slice(0, 9)) === Number(accountNumber[9]);
}
