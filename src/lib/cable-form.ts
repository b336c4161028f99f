import type { Said } from '../i18n/said.ts';
import type { CableCustomer, CablePackage, CableProvider } from './bills.ts';
import { formatLagosDate } from './lagos-time.ts';
import { formatNaira } from './money.ts';
import { numberDigits } from './electricity-form.ts';

/**
 * The cable TV form, shared by the page's step flow (no JavaScript) and the island. A package
 * has a fixed price, so the customer chooses a package, never an amount.
 */

/** A smartcard or IUC number is 10 digits; only then is it worth asking the provider. */
export function isCompleteSmartcardNumber(text: string): boolean {
  return /^\d{10}$/.test(numberDigits(text));
}

/**
 * A provider's packages with the customer's current one first (renewing is what most people
 * came for). The renewal is the provider's own list entry, so its price is today's; a current
 * package the provider no longer sells is no renewal at all.
 */
export function renewalFirst(packages: readonly CablePackage[], current: Pick<CablePackage, 'id'> | null | undefined): { renewal: CablePackage | null; others: CablePackage[] } {
  const renewal = current ? (packages.find((candidate) => candidate.id === current.id) ?? null) : null;
  return { renewal, others: packages.filter((candidate) => candidate !== renewal) };
}

/** The package chosen when the list is shown: the one posted back if still offered, else the renewal, else none. */
export function initialPackageId(packages: readonly CablePackage[], current: Pick<CablePackage, 'id'> | null | undefined, posted?: string): string {
  if (posted && packages.some((candidate) => candidate.id === posted)) return posted;
  return renewalFirst(packages, current).renewal?.id ?? '';
}

/** "DStv Compact · ₦19,000.00", or "Renew DStv Compact · ₦19,000.00" for the current package. */
export function packageLabel(item: CablePackage, renewal = false): string {
  return `${renewal ? 'Renew ' : ''}${item.name} · ${formatNaira(item.amount)}`;
}

/** "Due on 21 Dec 2026" or "Expired on 11 Nov 2026", against today's date in Lagos (YYYY-MM-DD). */
export function dueDateText(dueDate: string | null, today: string): string | null {
  if (!dueDate) return null;
  return `${dueDate < today ? 'Expired on' : 'Due on'} ${formatLagosDate(dueDate)}`;
}

/** Said beside the smartcard number when the provider does not know it. */
export function smartcardNotFoundMessage(provider: Pick<CableProvider, 'name'>): Said {
  return { key: 'said.purchases.noCard', params: { provider: provider.name } };
}

/** What the customer sees once the card is verified: whose it is and what it has now. */
export function currentPackageText(customer: Pick<CableCustomer, 'current_package'>): string {
  return customer.current_package ? customer.current_package.name : 'No active package';
}

/** The smartcard one idempotency key stands for on the page's confirm step (see meterFingerprint). */
export function smartcardFingerprint(details: { provider_id: string; smartcard_number: string }): string {
  return JSON.stringify([details.provider_id, numberDigits(details.smartcard_number)]);
}
