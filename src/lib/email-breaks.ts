/**
 * An email address cut where a line may break: after "@" and before every ".", so
 * "ada.obi@example.com" → ["ada", ".obi@", "example", ".com"]. Joined back, the parts are the
 * address exactly.
 */
export function emailBreakPoints(address: string): string[] {
  return address.split(/(?<=@)|(?=\.)/).filter((part) => part !== '');
}
