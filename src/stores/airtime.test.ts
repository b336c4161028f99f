import { describe, expect, it } from 'vitest';
import { expectProcessingAroundAFailure } from './processing-contract.ts';
import { processing, providers, setProviders, whileProcessing } from './airtime.ts';

describe('airtime store', () => {
  it('keeps the networks it is given', () => {
    const networks = [{ id: 'mtn', name: 'MTN' }, { id: 'glo', name: 'Glo' }];
    setProviders(networks);
    expect(providers.get()).toBe(networks);
  });

  it('switches processing on around a purchase and off again, even when it throws', async () => {
    await expectProcessingAroundAFailure({ processing, whileProcessing });
    await expect(whileProcessing(async () => 'done')).resolves.toBe('done');
  });
});
