import { AddressFormPage, type AddressFields } from './address-form-page.ts';

/**
 * /kyc-verification: the current tier and its limits, the three tiers, and the next step's
 * form (BVN on Tier 1, home address on Tier 2). Without JavaScript the address form's LGA list
 * comes by a round trip ("Show local governments for this state").
 */
export class KycPage extends AddressFormPage {
  static readonly path = '/kyc-verification';

  readonly currentTier = this.page.getByTestId('current-tier');
  readonly dailyLimit = this.page.getByTestId('daily-limit');
  readonly usedToday = this.page.getByTestId('used-today');
  readonly tierNotice = this.page.getByTestId('tier-notice');
  readonly tiersTable = this.page.getByRole('table');

  readonly bvn = this.page.getByLabel('BVN (Bank Verification Number)');
  readonly dateOfBirth = this.page.getByLabel('Date of birth');
  readonly verifyBvnButton = this.page.getByRole('button', { name: 'Verify my BVN' });

  readonly proofType = this.page.getByLabel('Proof of address');
  readonly proofReference = this.page.getByLabel('Number on the document');
  readonly verifyAddressButton = this.page.getByRole('button', { name: 'Verify my address' });
  readonly highestTier = this.page.getByRole('heading', { name: 'You have the highest tier' });

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
