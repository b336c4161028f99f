/**
 * What staff see of a customer's identifiers: enough to confirm who is on the phone, never
 * enough to impersonate them. The same masks go into the audit log, so the log of searches is
 * not itself a list of customers' numbers.
 */

/** +2348031234545 → +234 803 *** **45 (the network prefix and the last two digits). */
export function maskPhone(e164: string): string {
  const digits = e164.replace(/\D/g, '');
  const national = digits.startsWith('234') ? digits.slice(3) : digits.replace(/^0/, '');
  if (national.length < 6) return '***';
  return `+234 ${national.slice(0, 3)} *** **${national.slice(-2)}`;
}

/** A BVN or NIN (11 digits) from its last digits kept: only the last 3 shown. */
export function maskIdentityNumber(lastDigits: string | null): string | null {
  if (!lastDigits || lastDigits.length < 3) return null;
  return `${'*'.repeat(8)}${lastDigits.slice(-3)}`;
}

/** 0123456789 → ******6789. */
export function maskAccountNumber(accountNumber: string): string {
  return `${'*'.repeat(Math.max(0, accountNumber.length - 4))}${accountNumber.slice(-4)}`;
}

/** ada.obi@example.com → a***@example.com. */
export function maskEmail(email: string): string {
  const at = email.lastIndexOf('@');
  if (at < 1) return '***';
  return `${email[0]}***${email.slice(at)}`;
}
