import type { Locator } from '@playwright/test';
import { AddressFormPage, type AddressFields } from './address-form-page.ts';

/**
 * /kyc-verification: the current tier and its limits, the three tiers, and the next step's
 * form (BVN on Tier 1, home address on Tier 2). Without JavaScript the address form's LGA list
 * comes by a round trip ("Show local governments for this state").
 */
export class KycPage extends AddressFormPage {
  static readonly path = '/kyc-verification';

  get currentTier(): Locator {
    return this.page.getByTestId('current-tier');
  }
  get dailyLimit(): Locator {
    return this.page.getByTestId('daily-limit');
  }
  get usedToday(): Locator {
    return this.page.getByTestId('used-today');
  }
  get tierNotice(): Locator {
    return this.page.getByTestId('tier-notice');
  }
  get tiersTable(): Locator {
    return this.page.getByRole('table');
  }

  get bvn(): Locator {
    return this.page.getByLabel('BVN (Bank Verification Number)');
  }
  get dateOfBirth(): Locator {
    return this.page.getByLabel('Date of birth');
  }
  get verifyBvnButton(): Locator {
    return this.page.getByRole('button', { name: 'Verify my BVN' });
  }

  get proofType(): Locator {
    return this.page.getByLabel('Proof of address');
  }
  get proofReference(): Locator {
    return this.page.getByLabel('Number on the document');
  }
  get verifyAddressButton(): Locator {
    return this.page.getByRole('button', { name: 'Verify my address' });
  }
  get highestTier(): Locator {
    return this.page.getByRole('heading', { name: 'You have the highest tier' });
  }

  /** Submits the BVN form and waits for the page that answers (a re-render or the ?done=bvn page). */
  async verifyBvn(bvn: string, dateOfBirth: string): Promise<void> {
    await this.bvn.fill(bvn);
    await this.dateOfBirth.fill(dateOfBirth);
    await this.verifyBvnButton.click();
  }

  async verifyAddress(address: AddressFields & { proofType: string; proofReference: string }): Promise<void> {
    await this.fillAddress(address);
    await this.proofType.selectOption(address.proofType);
    await this.proofReference.fill(address.proofReference);
    await this.verifyAddressButton.click();
  }
}
