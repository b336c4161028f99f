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

const weights2020 = [3, 7, 3, 3, 7, 3, 3, 7, 3, 3, 7, 3, 3, 7, 3] as const;

/** The 2020 revision: check digit over a 6-digit institution code and the 9-digit serial. */
export function nubanCheckDigit2020(institutionCode: string, serial: string): number {
  if (!/^\d{6}$/.test(institutionCode)) throw new Error('institution code must be 6 digits');
  if (!/^\d{9}$/.test(serial)) throw new Error('serial must be 9 digits');
  const digits = institutionCode + serial;
  let sum = 0;
  for (let index = 0; index < weights2020.length; index += 1) sum += Number(digits[index]) * weights2020[index]!;
  return (10 - (sum % 10)) % 10;
}

/**
 * Whether a number can belong to a bank: the 3-digit CBN code when the bank has one (a
 * deposit money bank), else its 6-digit NIP institution code under the 2020 scheme.
 */
export function isValidNubanFor(accountNumber: string, bank: { cbnCode: string | null; nipCode: string }): boolean {
  if (!/^\d{10}$/.test(accountNumber)) return false;
  const serial = accountNumber.slice(0, 9);
  const check = Number(accountNumber[9]);
  if (bank.cbnCode) return nubanCheckDigit(bank.cbnCode, serial) === check;
  return nubanCheckDigit2020(bank.nipCode, serial) === check;
}

/** The full number for a serial at a bank (for test numbers and documentation). */
export function nubanFor(serial: string, bank: { cbnCode: string | null; nipCode: string }): string {
  const check = bank.cbnCode ? nubanCheckDigit(bank.cbnCode, serial) : nubanCheckDigit2020(bank.nipCode, serial);
  return serial + String(check);
}
