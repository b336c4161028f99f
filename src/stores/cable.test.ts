import { beforeEach, describe, expect, it } from 'vitest';
import type { CablePackage } from '../lib/bills.ts';
import { clearPackages, packages, providers, selectPackage, selectedPackage, setProviders, showPackages } from './cable.ts';
import { kobo } from '../lib/money.ts';

const padi: CablePackage = { id: 'dstv-padi', name: 'DStv Padi', amount: kobo(4_400_00) };
const compact: CablePackage = { id: 'dstv-compact', name: 'DStv Compact', amount: kobo(19_000_00) };
const premium: CablePackage = { id: 'dstv-premium', name: 'DStv Premium', amount: kobo(44_500_00) };
const dstv = [padi, compact, premium];

describe('cable store', () => {
  beforeEach(() => clearPackages());

  it('keeps the providers the page handed over', () => {
    const list = [{ id: 'dstv', name: 'DStv' }];
    setProviders(list);
    expect(providers.get()).toBe(list);
  });
  it('shows the current package first and chooses it', () => {
    showPackages(dstv, { id: 'dstv-compact' });
    expect(packages.get().map((item) => item.id)).toEqual(['dstv-compact', 'dstv-padi', 'dstv-premium']);
    expect(selectedPackage.get()).toBe(compact);
  });
  it('chooses nothing before the card is verified, or when the current package is not sold any more', () => {
    showPackages(dstv);
    expect(packages.get()).toEqual(dstv);
    expect(selectedPackage.get()).toBeNull();
    showPackages(dstv, { id: 'dstv-asia' });
    expect(selectedPackage.get()).toBeNull();
  });
  it('does not carry a choice over to another card', () => {
    showPackages(dstv, { id: 'dstv-compact' });
    selectPackage('dstv-premium');
    expect(selectedPackage.get()).toBe(premium);
    showPackages(dstv, { id: 'dstv-padi' });
    expect(selectedPackage.get()).toBe(padi);
  });
  it('selects only a package that is shown', () => {
    showPackages(dstv);
    selectPackage('gotv-max');
    expect(selectedPackage.get()).toBeNull();
    selectPackage('dstv-padi');
    expect(selectedPackage.get()).toBe(padi);
    clearPackages();
    expect(packages.get()).toEqual([]);
    expect(selectedPackage.get()).toBeNull();
  });
});
