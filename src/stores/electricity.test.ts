import { describe, expect, it } from 'vitest';
import { kobo } from '../lib/money.ts';
import type { Disco } from '../lib/bills.ts';
import { providerById, providers, setProviders } from './electricity.ts';

const ikeja: Disco = { id: 'ikeja-electric', name: 'Ikeja Electric', short_name: 'IKEDC', meter_types: ['prepaid', 'postpaid'], min_amount: kobo(1_000_00), max_amount: kobo(500_000_00) };
const yola: Disco = { id: 'yola-electric', name: 'Yola Electricity Distribution Company', short_name: 'YEDC', meter_types: ['prepaid'], min_amount: kobo(500_00), max_amount: kobo(500_000_00) };

describe('electricity store', () => {
  it('keeps the providers the page handed over and finds one by id', () => {
    const list = [ikeja, yola];
    setProviders(list);
    expect(providers.get()).toBe(list);
    expect(providerById('yola-electric')).toBe(yola);
    expect(providerById('no-such-disco')).toBeUndefined();
    expect(providerById('')).toBeUndefined();
  });
  it('does not notify listeners when the same list is handed over again', () => {
    const list = [ikeja];
    setProviders(list);
    let changes = 0;
    const stop = providers.listen(() => (changes += 1));
    setProviders(list);
    stop();
    expect(changes).toBe(0);
  });
});
