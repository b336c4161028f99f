import { AddressFormPage, type AddressFields } from './address-form-page.ts';

/**
 * /kyc-verification: the current tier and its limits, the three tiers, what is proved, and the
 * forms for what is not: the BVN and the NIN, a selfie once an identity is on record, the home
 * address once both are. Without JavaScript the address form's LGA list comes by a round trip
 * ("Show local governments for this state").
 */
export class KycPage extends AddressFormPage {
  static readonly path = '/kyc-verification';

  readonly currentTier = this.page.getByTestId('current-tier');
  readonly dailyLimit = this.page.getByTestId('daily-limit');
  readonly usedToday = this.page.getByTestId('used-today');
  readonly tierNotice = this.page.getByTestId('tier-notice');
  readonly tiersTable = this.page.getByRole('table');

  readonly bvn = this.page.getByLabel('BVN (Bank Verification Number)');
  // Both identity forms ask a date of birth: each by its own field.
  readonly dateOfBirth = this.page.locator('#date_of_birth');
  readonly verifyBvnButton = this.page.getByRole('button', { name: 'Verify my BVN' });

  readonly nin = this.page.getByLabel('NIN (National Identification Number)');
  readonly ninDateOfBirth = this.page.locator('#nin-date_of_birth');
  readonly verifyNinButton = this.page.getByRole('button', { name: 'Verify my NIN' });
  readonly ninForm = this.page.getByTestId('nin-form');
  readonly selfie = this.page.getByLabel('A photo of your face');
  readonly sendSelfieButton = this.page.getByRole('button', { name: 'Send my selfie' });
  readonly selfieForm = this.page.getByTestId('selfie-form');
  readonly noMoney = this.page.getByTestId('no-money');

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

  async verifyNin(nin: string, dateOfBirth: string): Promise<void> {
    await this.nin.fill(nin);
    await this.ninDateOfBirth.fill(dateOfBirth);
    await this.verifyNinButton.click();
  }

  /** Chooses the picture (a file path) and sends the selfie form: a plain multipart post, with or without JavaScript. */
  async sendSelfie(file: string): Promise<void> {
    await this.selfie.setInputFiles(file);
    await this.sendSelfieButton.click();
  }

  async verifyAddress(address: AddressFields & { proofType: string; proofReference: string }): Promise<void> {
    await this.fillAddress(address);
    await this.proofType.selectOption(address.proofType);
    await this.proofReference.fill(address.proofReference);
    await this.verifyAddressButton.click();
  }
}
