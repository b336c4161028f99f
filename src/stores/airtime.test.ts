import { describe, expect, it } from 'vitest';
import { processing, providers, setProviders, whileProcessing } from './airtime.ts';

describe('airtime store', () => {
  it('keeps the networks it is given', () => {
    const networks = [{ id: 'mtn', name: 'MTN' }, { id: 'glo', name: 'Glo' }];
    setProviders(networks);
    expect(providers.get()).toBe(networks);
  });

  it('switches processing on around a purchase and off again, even when it throws', async () => {
    let during = false;
    await expect(
      whileProcessing(async () => {
        during = processing.get();
        throw new Error('network');
      }),
    ).rejects.toThrow('network');
    expect(during).toBe(true);
    expect(processing.get()).toBe(false);
    await expect(whileProcessing(async () => 'done')).resolves.toBe('done');
  });
});
