import { atom } from 'nanostores';
import type { CablePackage, CableProvider } from '../lib/bills.ts';
import { renewalFirst } from '../lib/cable-form.ts';

/**
 * Seed section 3, cable state: providers, packages (the chosen provider's, the customer's current
 * package first) and the selected package. The page hands the server's lists to the island,
 * which keeps them here.
 */
export const providers = atom<readonly CableProvider[]>([]);
export const packages = atom<readonly CablePackage[]>([]);
export const selectedPackage = atom<CablePackage | null>(null);

export function setProviders(list: readonly CableProvider[]): void {
  if (providers.get() !== list) providers.set(list);
}

/**
 * Shows one provider's packages, the customer's current one first and chosen (renewing is the
 * common case); with no current package (or none verified yet) nothing is chosen. A new list
 * or a new customer always starts from there, so a choice never carries over to another card.
 */
export function showPackages(list: readonly CablePackage[], current: Pick<CablePackage, 'id'> | null = null): void {
  const { renewal, others } = renewalFirst(list, current);
  packages.set(renewal ? [renewal, ...others] : others);
  selectedPackage.set(renewal);
}

/** Chooses a package from those shown; an id not among them chooses nothing. */
export function selectPackage(id: string): void {
  selectedPackage.set(packages.get().find((candidate) => candidate.id === id) ?? null);
}

export function clearPackages(): void {
  packages.set([]);
  selectedPackage.set(null);
}
